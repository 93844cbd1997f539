/**
 * Migration 0009_fixture_audit on every test database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL), as the role that owns the tables (PGlite's only role): the audit of
 * fixtures' kick-offs and final scores, its append-only rules, the settlement time, and
 * ledger:verify holding what the database published against the audit and the public results.
 * What the application's role cannot do is proved on PostgreSQL by
 * sync-worker/jobs/ledger-roles.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../db/index";
import { readFixtureAuditRows, readLedgerRows } from "../db/ledger-export";
import { insertSampleClubs, rejection, SAMPLE_TEAMS, testDatabases } from "../db/test-databases";
import { fixtureAuditCsv, parseFixtureAuditCsv } from "./audit-csv";
import { ledgerCsv, parseLedgerCsv } from "./csv";
import { ukDate } from "./public-results";
import { verifyCommand } from "./verify-cli";
import { verifyLedger } from "./verify";

/** SQLSTATE the triggers raise. */
const RESTRICT_VIOLATION = "23001";
/** The season of matches played now (these tests use the database's clock). */
const SEASON = "2627";

describe.each(testDatabases())("the fixture audit on $driver", (testDb) => {
  let handle: DbHandle;
  let directory: string;

  /** A 2026/27 fixture kicking off `minutes` from now by the database clock. */
  async function fixture(
    home: keyof typeof SAMPLE_TEAMS,
    away: keyof typeof SAMPLE_TEAMS,
    minutes: number,
  ): Promise<number> {
    const [row] = await handle.execute<{ id: number }>(
      `insert into fixtures (league, season, kickoff_at, home_team_id, away_team_id)
       values ('premier-league', '${SEASON}', now() + interval '${minutes} minutes', ${SAMPLE_TEAMS[home].id}, ${SAMPLE_TEAMS[away].id})
       returning id`,
    );
    return row.id;
  }
  const auditOf = (fixtureId: number) =>
    handle.execute<{
      change: string;
      by_owner: boolean;
      old_state: string;
      new_state: string | null;
      score: string | null;
      moved: boolean;
    }>(
      `select change, by_owner, old_match_state as old_state, new_match_state as new_state,
              new_home_score || '-' || new_away_score as score, old_kickoff_at is distinct from new_kickoff_at as moved
       from fixture_audit where fixture_id = ${fixtureId} order by id`,
    );

  beforeAll(async () => {
    handle = await testDb.open();
    await insertSampleClubs(handle.db);
    await handle.execute(
      `insert into seasons (league, season) values ('premier-league', '${SEASON}') on conflict do nothing`,
    );
    directory = mkdtempSync(path.join(tmpdir(), "fixture-audit-"));
  });
  afterAll(async () => {
    await testDb.dispose();
    rmSync(directory, { recursive: true, force: true });
  });

  it("records every change of a kick-off or a final score, and every deleted fixture, not the live score", async () => {
    const id = await fixture("arsenal", "liverpool", 3 * 24 * 60);
    await handle.execute(`update fixtures set venue = 'Emirates Stadium', referee = 'M Oliver' where id = ${id}`);
    expect(await auditOf(id)).toEqual([]);
    await handle.execute(`update fixtures set kickoff_at = kickoff_at + interval '150 minutes' where id = ${id}`);
    await handle.execute(`update fixtures set match_state = 'live', home_score = 0, away_score = 0 where id = ${id}`);
    await handle.execute(`update fixtures set home_score = 1, live_minute = 50 where id = ${id}`);
    await handle.execute(`update fixtures set match_state = 'post-match', status = 'FT' where id = ${id}`);
    await handle.execute(`update fixtures set status = 'FT', home_shots = 12 where id = ${id}`);
    await handle.execute(`update fixtures set away_score = 1 where id = ${id}`);
    await handle.execute(`delete from fixtures where id = ${id}`);
    expect(await auditOf(id)).toEqual([
      { change: "kickoff", by_owner: true, old_state: "pre-match", new_state: "pre-match", score: null, moved: true },
      { change: "final-score", by_owner: true, old_state: "live", new_state: "post-match", score: "1-0", moved: false },
      {
        change: "final-score",
        by_owner: true,
        old_state: "post-match",
        new_state: "post-match",
        score: "1-1",
        moved: false,
      },
      { change: "deleted", by_owner: true, old_state: "post-match", new_state: null, score: null, moved: true },
    ]);
    const [{ recent }] = await handle.execute<{ recent: boolean }>(
      `select bool_and(changed_at between now() - interval '1 minute' and clock_timestamp()) as recent from fixture_audit where fixture_id = ${id}`,
    );
    expect(recent).toBe(true);
  });

  it("is append-only for every role, and written by the fixtures triggers only", async () => {
    const refused = [
      `insert into fixture_audit (fixture_id, change, by_owner, league, season, home_team_id, away_team_id, old_kickoff_at, old_match_state)
       values (1, 'kickoff', false, 'premier-league', '${SEASON}', 42, 49, now(), 'pre-match')`,
      "update fixture_audit set by_owner = false",
      "delete from fixture_audit",
      "truncate fixture_audit",
    ];
    for (const statement of refused) {
      const error = await rejection(handle.execute(statement));
      expect(error, statement).toMatchObject({
        code: RESTRICT_VIOLATION,
        message: expect.stringMatching(/^fixture_audit is (append-only|written by the fixtures triggers only)/),
      });
    }
  });

  it("keeps the league, season and teams of a fixture with ledger rows", async () => {
    const id = await fixture("chelsea", "everton", -1);
    await handle.execute(
      `insert into pick_ledger (fixture_id, pick_kind, pick, confidence, source) values (${id}, 'best', 'Draw', 30, 'algorithm')`,
    );
    for (const change of [`season = '2526'`, `home_team_id = ${SAMPLE_TEAMS.liverpool.id}`]) {
      const error = await rejection(handle.execute(`update fixtures set ${change} where id = ${id}`));
      expect(error).toMatchObject({
        code: RESTRICT_VIOLATION,
        message: `fixture ${id} has picks in the ledger: its league, season and teams cannot change`,
      });
    }
  });

  it("never settles at a time still to come", async () => {
    const id = await fixture("everton", "arsenal", -1);
    await handle.execute(
      `insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source) values (${id}, 'best', 'Arsenal to Win', 60, 1.5, 'algorithm')`,
    );
    await handle.execute(
      `update fixtures set match_state = 'post-match', home_score = 0, away_score = 2 where id = ${id}`,
    );
    const future = await rejection(
      handle.execute(
        `update pick_ledger set settled_at = '2100-01-01', outcome = 'hit', profit = 0.5 where fixture_id = ${id}`,
      ),
    );
    expect(future).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: expect.stringMatching(/^pick_ledger row \d+ cannot be settled at 2100-01-01 .*, a time still to come$/),
    });
    const [settled] = await handle.execute<{ now: boolean }>(
      `update pick_ledger set settled_at = now(), outcome = 'hit', profit = 0.5 where fixture_id = ${id} returning settled_at = now() as now`,
    );
    expect(settled).toEqual({ now: true });
  });

  it("puts a match set final while in play on record, and ledger:verify finds it with the audit and the public results", async () => {
    const id = await fixture("arsenal", "chelsea", -2);
    await handle.execute(
      `insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source) values (${id}, 'over-under', 'Over 2.5 Goals', 52, 2.10, 'algorithm')`,
    );
    await handle.execute(`update fixtures set match_state = 'live', home_score = 1, away_score = 0 where id = ${id}`);
    await handle.execute(
      `update fixtures set match_state = 'post-match', home_score = 3, away_score = 0 where id = ${id}`,
    );
    await handle.execute(
      `update pick_ledger set settled_at = now(), outcome = 'hit', profit = 1.10 where fixture_id = ${id}`,
    );
    expect(await auditOf(id)).toEqual([
      { change: "final-score", by_owner: true, old_state: "live", new_state: "post-match", score: "3-0", moved: false },
    ]);

    const ledger = ledgerCsv(await readLedgerRows(handle));
    const audit = fixtureAuditCsv(await readFixtureAuditRows(handle));
    expect(fixtureAuditCsv(parseFixtureAuditCsv(audit))).toBe(audit);
    const parsed = parseLedgerCsv(ledger);
    expect(verifyLedger(parsed)).toMatchObject({ rows: 3, settled: 2 });
    const row = parsed.rows.find((r) => r.fixture_id === String(id))!;

    // The public record of the match: 1-0 (football-data.co.uk's layout and UK dates).
    const day = ukDate(row.kickoff).split("-").reverse().join("/");
    mkdirSync(path.join(directory, "results", SEASON), { recursive: true });
    writeFileSync(
      path.join(directory, "results", SEASON, "E0.csv"),
      `Div,Date,HomeTeam,AwayTeam,FTHG,FTAG\nE0,${day},Arsenal,Chelsea,1,0\n`,
    );
    writeFileSync(path.join(directory, "ledger.csv"), ledger);
    writeFileSync(path.join(directory, "fixture-audit.csv"), audit);
    const lines: string[] = [];
    const code = await verifyCommand(
      [
        path.join(directory, "ledger.csv"),
        "--results",
        path.join(directory, "results"),
        "--audit",
        path.join(directory, "fixture-audit.csv"),
      ],
      (line) => lines.push(line),
      (line) => lines.push(line),
    );
    expect(code).toBe(1);
    const match = `row ${row.id} (fixture ${id}, Arsenal v Chelsea, premier-league ${SEASON})`;
    expect(lines).toContain(
      `  ${match}: was settled against a final score of 3-0, but the public result (${SEASON}/E0.csv line 2) is 1-0`,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^ {2}${match.replace(/[()]/g, "\\$&")}: its match was recorded final at 3-0 at \\S+ \\(by the owner\\), only 2 minutes after its kick-off: no match is over in less than 95 minutes$`,
        ),
      ),
    );
  });
});
