/**
 * Migration 0007_ledger_integrity on a database that already has ledger rows (written under the
 * earlier rules, settled or not): the rows get their market, selection and both hash chains, the
 * published CSV verifies, and the chains go on from there. A settled row that disagrees with its
 * match's final score stops the migration instead of being sealed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCsv, parseLedgerCsv } from "../ledger/csv";
import { verifyLedger } from "../ledger/verify";
import { readLedgerRows } from "./ledger-export";
import { rejection, SAMPLE_SEASON, SAMPLE_TEAMS, testDatabases, type TestDatabase } from "./test-databases";

const migrationsFolder = fileURLToPath(new URL("./migrations/", import.meta.url));
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: Array<{ tag: string }>;
};
const LEDGER_INTEGRITY = "0007_ledger_integrity";

/** A copy of the migrations folder that ends just before ledger_integrity. */
function migrationsBeforeLedgerIntegrity(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "ledger-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const index = journal.entries.findIndex((entry) => entry.tag === LEDGER_INTEGRITY);
  expect(index).toBeGreaterThan(0);
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  return folder;
}

interface RawDatabase {
  execute<Row = Record<string, unknown>>(query: string): Promise<Row[]>;
  /** Several statements at once. */
  run(script: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

const MIGRATOR = { migrationsTable: "__drizzle_migrations", migrationsSchema: "drizzle" };

async function rawDatabase(testDb: TestDatabase): Promise<RawDatabase> {
  if (testDb.driver === "pglite") {
    const client = await PGlite.create();
    const db = drizzlePglite({ client });
    return {
      execute: async <Row>(query: string) => (await client.query<Row>(query)).rows,
      run: async (script) => void (await client.exec(script)),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder, ...MIGRATOR }),
      close: () => client.close(),
    };
  }
  const client = postgres(await testDb.createDatabase(), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres({ client });
  return {
    execute: async <Row>(query: string) => (await client.unsafe(query)) as unknown as Row[],
    run: async (script) => void (await client.unsafe(script)),
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder, ...MIGRATOR }),
    close: () => client.end(),
  };
}

/** Clubs, three Premier League fixtures (two finished, one to come) and ledger rows as the earlier rules let them be written. */
async function writeEarlierLedger(db: RawDatabase, options: { tampered: boolean }): Promise<void> {
  const teams = Object.values(SAMPLE_TEAMS)
    .map((t) => `(${t.id}, '${t.slug}', '${t.name}', '${t.shortName}', '${t.code}', 'premier-league', '${t.name}')`)
    .join(", ");
  await db.run(`
    insert into leagues (key, name, api_football_id, football_data_code) values ('premier-league', 'Premier League', 39, 'E0');
    insert into seasons (league, season, is_current) values ('premier-league', '${SAMPLE_SEASON}', true);
    insert into teams (id, slug, name, short_name, code, league, football_data_name) values ${teams};
    insert into fixtures (id, league, season, kickoff_at, home_team_id, away_team_id, match_state, status, home_score, away_score) values
      (1, 'premier-league', '${SAMPLE_SEASON}', '2026-02-07T15:00:00Z', ${SAMPLE_TEAMS.arsenal.id}, ${SAMPLE_TEAMS.chelsea.id}, 'post-match', 'FT', 2, 1),
      (2, 'premier-league', '${SAMPLE_SEASON}', '2026-02-07T12:30:00Z', ${SAMPLE_TEAMS.liverpool.id}, ${SAMPLE_TEAMS.everton.id}, 'post-match', 'FT', 0, 0),
      (3, 'premier-league', '${SAMPLE_SEASON}', '2026-02-07T17:30:00Z', ${SAMPLE_TEAMS.everton.id}, ${SAMPLE_TEAMS.arsenal.id}, '${options.tampered ? "live" : "pre-match"}', null, ${options.tampered ? "0, 1" : "null, null"});
    insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source, source_ref, locked_at, recorded_at, settled_at, outcome, profit) values
      (1, 'best', 'Arsenal to Win', 61.5, 1.95, 'editorial', 'matchPreview-1', '2026-02-07T15:00:00Z', '2026-02-07T15:00:40Z', '2026-02-07T17:10:00Z', 'hit', 0.95),
      (1, 'result', 'Arsenal to Win', 48.0, 1.95, 'algorithm', 'model-1', '2026-02-07T15:00:00Z', '2026-02-07T15:00:40Z', null, null, null),
      (1, 'over-under', 'Over 2.5 Goals', 60.2, 1.80, 'algorithm', 'model-1', '2026-02-07T15:00:00Z', '2026-02-07T15:00:40Z', '2026-02-07T17:10:00Z', 'hit', 0.80),
      (2, 'best', 'Draw', 31.0, 3.10, 'algorithm', 'model-1', '2026-02-07T12:30:00Z', '2026-02-07T12:31:00Z', '2026-02-07T14:40:00Z', 'hit', 2.10),
      (2, 'btts', 'BTTS: Yes', 55.0, null, 'algorithm', 'model-1', '2026-02-07T12:30:00Z', '2026-02-07T12:31:00Z', '2026-02-07T14:40:00Z', 'miss', -1),
      (3, 'best', 'Arsenal to Win', 70.0, 1.60, 'algorithm', 'model-1', '2026-02-07T17:30:00Z', '2026-02-07T17:30:30Z',
        ${options.tampered ? "'2026-02-07T17:50:00Z', 'hit', 99" : "null, null, null"});`);
}

const verified = async (db: RawDatabase) => verifyLedger(parseLedgerCsv(ledgerCsv(await readLedgerRows(db))));

describe.each(testDatabases({ fromScratch: true }))("migration ledger_integrity on $driver", (testDb) => {
  let folder: string;
  const opened: RawDatabase[] = [];
  const open = async () => {
    const db = await rawDatabase(testDb);
    opened.push(db);
    return db;
  };

  beforeAll(() => {
    folder = migrationsBeforeLedgerIntegrity();
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await testDb.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it("seals the rows a database already has into both chains, which then go on", async () => {
    const db = await open();
    await db.migrate(folder);
    await writeEarlierLedger(db, { tampered: false });
    await db.migrate(migrationsFolder);

    const rows = await db.execute<{
      id: number;
      market: string;
      selection: string;
      settlement_seq: number | null;
      final_home_goals: number | null;
    }>(`select id, market, selection, settlement_seq, final_home_goals from pick_ledger order by id`);
    expect(rows.map((r) => [r.market, r.selection, r.settlement_seq, r.final_home_goals])).toEqual([
      ["result", "1", 3, 2],
      ["result", "1", null, null],
      ["over-under", "over 2.5", 4, 2],
      // Settled first (14:40): first in the settlement chain.
      ["result", "X", 1, 0],
      ["btts", "yes", 2, 0],
      ["result", "2", null, null],
    ]);
    const sealed = await verified(db);
    expect(sealed).toMatchObject({ rows: 6, settled: 4, lateLocks: 0 });

    // New rows and settlements continue both chains from the sealed heads.
    await db.execute(
      `insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source) values (2, 'result', 'Draw', 30, 3.1, 'algorithm')`,
    );
    await db.execute(
      `update pick_ledger set settled_at = '2026-02-07T17:20:00Z', outcome = 'hit', profit = 0.95 where fixture_id = 1 and pick_kind = 'result'`,
    );
    const [continued] = await db.execute<{ prev_hash: string }>(
      `select prev_hash from pick_ledger order by id desc limit 1`,
    );
    expect(continued.prev_hash).toBe(sealed.chainHead);
    const [settlement] = await db.execute<{ settlement_seq: number; prev_settlement_hash: string }>(
      `select settlement_seq, prev_settlement_hash from pick_ledger where fixture_id = 1 and pick_kind = 'result'`,
    );
    expect(settlement).toEqual({ settlement_seq: 5, prev_settlement_hash: sealed.settlementHead });
    expect(await verified(db)).toMatchObject({ rows: 7, settled: 5, lateLocks: 1 });
    // Settlements sealed before the closing line keep format 1 (0011_closing_line); the one made
    // since is in format 2, without a closing line here (the fixture has no prices).
    const versions = await db.execute<{ settlement_seq: number; settlement_version: number; closing_source: null }>(
      `select settlement_seq, settlement_version, closing_source from pick_ledger where settlement_seq is not null order by settlement_seq`,
    );
    expect(versions.map((r) => [r.settlement_seq, r.settlement_version, r.closing_source])).toEqual([
      [1, 1, null],
      [2, 1, null],
      [3, 1, null],
      [4, 1, null],
      [5, 2, null],
    ]);
  });

  it("refuses to seal a settled row that disagrees with its match's final score", async () => {
    const db = await open();
    await db.migrate(folder);
    await writeEarlierLedger(db, { tampered: true });
    const error = await rejection(db.migrate(migrationsFolder));
    expect(error).toMatchObject({
      code: "23001",
      message:
        'ledger_integrity: settled pick_ledger rows disagree with their match\'s final score, so the ledger cannot be sealed: row 6 ("Arsenal to Win", hit at 0-1, state live)',
    });
    // Nothing of it was applied.
    const columns = await db.execute<{ n: number }>(
      `select count(*)::int as n from information_schema.columns where table_name = 'pick_ledger' and column_name = 'row_hash'`,
    );
    expect(columns[0].n).toBe(0);
  });
});
