/**
 * PostgreSQL only (roles are the server's): an owner role migrates, the grants of
 * docs/database-roles.md (read from that file) are applied, and the application's role then
 * locks and settles picks the way the worker does, but cannot disable or drop the ledger's
 * triggers, replace their functions, change a locked column, delete, truncate, skip triggers, or
 * lock a pick late. The owner can still catch up late locks, which the ledger shows as late.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDb, type DbHandle } from "@shared/db";
import { readLedgerRows } from "@shared/db/ledger-export";
import { fixtures, predictions } from "@shared/db/schema";
import { describeOnPostgres } from "@shared/db/on-postgres";
import { insertSampleClubs, postgresTestDatabase, rejection, SAMPLE_SEASON, SAMPLE_TEAMS } from "@shared/db/test-databases";
import { ledgerCsv, parseLedgerCsv } from "@shared/ledger/csv";
import { verifyLedger } from "@shared/ledger/verify";
import { testWorker } from "../test-support/worker";
import { lockPicksJob } from "./lock-picks";
import { settlePicksJob } from "./settle-picks";

const INSUFFICIENT_PRIVILEGE = "42501";
const GRANTS_DOC = new URL("../../docs/database-roles.md", import.meta.url);

/** The documented grants, for these role and database names, one statement each. */
function documentedGrants(names: { owner: string; app: string; database: string }): string[] {
  const doc = readFileSync(GRANTS_DOC, "utf8");
  const block = /<!-- application-role-grants -->\s*```sql\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/database-roles.md has no application-role-grants block");
  return block
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .replaceAll("smartpicks_owner", names.owner)
    .replaceAll("smartpicks_app", names.app)
    .replace(/\bsmartpicks\b/g, `"${names.database}"`)
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}

/** The driver's own client: roles exist on a server only. */
function serverClient(handle: DbHandle): Sql {
  if (handle.driver !== "postgres") throw new Error("roles need PostgreSQL");
  return handle.client;
}

function asRole(url: string, role: string): string {
  const withRole = new URL(url);
  withRole.username = role;
  withRole.password = "";
  return withRole.toString();
}

// Roles exist only on PostgreSQL (PGlite has one); the tests run wherever TEST_DATABASE_URL is set, as in CI.
describeOnPostgres("the application's database role on PostgreSQL", (serverUrl) => {
  const testDb = postgresTestDatabase(serverUrl);
  const suffix = randomBytes(4).toString("hex");
  const roles = { owner: `ledger_owner_${suffix}`, app: `ledger_app_${suffix}` };
  let admin: Sql;
  let owner: DbHandle;
  let app: DbHandle;
  let onTime: number;
  let late: number;

  beforeAll(async () => {
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create role ${roles.owner} login`);
    await admin.unsafe(`create role ${roles.app} login`);
    const url = await testDb.createDatabase();
    const database = new URL(url).pathname.slice(1);
    await admin.unsafe(`alter database "${database}" owner to ${roles.owner}`);

    owner = await openDb({ url: asRole(url, roles.owner) });
    for (const statement of documentedGrants({ ...roles, database })) await serverClient(owner).unsafe(statement);
    app = await openDb({ url: asRole(url, roles.app), migrationUrl: asRole(url, roles.owner) });
  });

  afterAll(async () => {
    await app?.close();
    await owner?.close();
    await testDb.dispose();
    await admin.unsafe(`drop role if exists ${roles.app}`);
    await admin.unsafe(`drop role if exists ${roles.owner}`);
    await admin.end();
  });

  it("migrates as the owner and serves as the application's role", async () => {
    expect(owner.migrations.applied.length).toBe(owner.migrations.total);
    expect(app.migrations).toEqual({ applied: [], total: owner.migrations.total });
    const [who] = await app.execute<{ user: string; owns: boolean }>(
      `select current_user as user, pg_has_role(current_user, (select relowner from pg_class where oid = 'pick_ledger'::regclass), 'USAGE') as owns`,
    );
    expect(who).toEqual({ user: roles.app, owns: false });
  });

  it("locks picks at kick-off and settles them after the final whistle, as the worker does", async () => {
    await insertSampleClubs(app.db);
    const [{ now }] = await app.execute<{ now: string }>(`select now()::text as now`);
    const dbNow = new Date(now).getTime();
    const fixture = async (home: keyof typeof SAMPLE_TEAMS, away: keyof typeof SAMPLE_TEAMS, kickoffAt: Date) => {
      const [row] = await app.db
        .insert(fixtures)
        .values({ league: "premier-league", season: SAMPLE_SEASON, kickoffAt, homeTeamId: SAMPLE_TEAMS[home].id, awayTeamId: SAMPLE_TEAMS[away].id })
        .returning();
      await app.db.insert(predictions).values({
        fixtureId: row.id,
        modelVersion: "model-1",
        probHome: 0.5,
        probDraw: 0.25,
        probAway: 0.25,
        probOver25: 0.6,
        probBtts: 0.55,
        expectedGoalsHome: 1.6,
        expectedGoalsAway: 1.1,
        projectedHomeScore: 2,
        projectedAwayScore: 1,
        resultPick: "1",
        overUnderPick: "Over 2.5 Goals",
        bttsPick: "YES",
        bestPick: "Over 2.5 Goals",
        confidence: 60,
        resultConfidence: 50,
        overUnderConfidence: 60,
        bttsConfidence: 55,
        bestPickOdds: 1.7,
        resultOdds: 2.05,
        overUnderOdds: 1.7,
        bttsOdds: 1.85,
        predictedAt: new Date(kickoffAt.getTime() - 3_600_000),
      });
      return row.id;
    };
    onTime = await fixture("arsenal", "chelsea", new Date(dbNow - 2 * 60_000));
    late = await fixture("liverpool", "everton", new Date(dbNow - 2 * 3_600_000));

    const worker = testWorker(app, { now: new Date(dbNow) });
    // The match that kicked off two hours ago is left alone: the database would refuse it.
    expect(await worker.run(lockPicksJob)).toMatchObject({ status: "ok", rowsWritten: 4 });
    const locked = await app.execute<{ fixture_id: number }>(`select fixture_id from pick_ledger`);
    expect(locked.map((r) => r.fixture_id)).toEqual([onTime, onTime, onTime, onTime]);

    await app.db.update(fixtures).set({ matchState: "post-match", status: "FT", homeScore: 2, awayScore: 1 }).where(eq(fixtures.id, onTime));
    worker.setNow(new Date(dbNow + 60_000));
    expect(await worker.run(settlePicksJob)).toMatchObject({ status: "ok", rowsWritten: 4 });
    const settled = await app.execute<{ pick_kind: string; outcome: string; profit: string }>(
      `select pick_kind, outcome, profit::text as profit from pick_ledger order by id`,
    );
    expect(settled.map((r) => [r.pick_kind, r.outcome, r.profit])).toEqual([
      ["best", "hit", "0.70"],
      ["result", "hit", "1.05"],
      ["over-under", "hit", "0.70"],
      ["btts", "hit", "0.85"],
    ]);
  });

  it("cannot lock a pick late; the owner can, and the ledger shows it as late", async () => {
    const refused = await rejection(
      app.execute(`insert into pick_ledger (fixture_id, pick_kind, pick, confidence, source, recorded_at) values (${late}, 'best', 'Draw', 40, 'algorithm', now())`),
    );
    expect(refused).toMatchObject({ code: "23001", message: expect.stringMatching(/A later lock \(a catch-up\) needs the role that owns pick_ledger$/) });

    const [{ now }] = await owner.execute<{ now: string }>(`select now()::text as now`);
    expect(await testWorker(owner, { now: new Date(now) }).run(lockPicksJob)).toMatchObject({ status: "ok", rowsWritten: 4 });
    const ledger = verifyLedger(parseLedgerCsv(ledgerCsv(await readLedgerRows(app))));
    expect(ledger).toMatchObject({ rows: 8, settled: 4, lateLocks: 4 });
  });

  it("cannot disable or drop the triggers, replace their functions, change, delete or truncate rows", async () => {
    const before = ledgerCsv(await readLedgerRows(app));
    const [{ id }] = await app.execute<{ id: number }>(`select min(id) as id from pick_ledger`);
    const forbidden = [
      "alter table pick_ledger disable trigger pick_ledger_append_only_rows",
      "alter table pick_ledger disable trigger pick_ledger_lock_rows",
      "alter table pick_ledger disable trigger all",
      "drop trigger pick_ledger_append_only_rows on pick_ledger",
      "drop trigger pick_ledger_lock_rows on pick_ledger",
      "create trigger pick_ledger_bypass before update on pick_ledger for each row execute function pick_ledger_lock_row()",
      "create or replace function pick_ledger_outcome(market text, selection text, home_goals integer, away_goals integer) returns text language sql as $$ select 'hit' $$",
      "create or replace function pick_ledger_append_only() returns trigger language plpgsql as $$ begin return new; end $$",
      `alter table pick_ledger owner to ${roles.app}`,
      "alter table pick_ledger drop constraint pick_ledger_prev_hash_key",
      "drop table pick_ledger",
      `update pick_ledger set pick = 'Chelsea to Win' where id = ${id}`,
      `update pick_ledger set locked_at = now() where id = ${id}`,
      `update pick_ledger set recorded_at = now() - interval '1 day' where id = ${id}`,
      `update pick_ledger set row_hash = repeat('0', 64) where id = ${id}`,
      `update pick_ledger set settlement_hash = repeat('0', 64) where id = ${id}`,
      `delete from pick_ledger where id = ${id}`,
      "truncate pick_ledger",
      "set session_replication_role = replica",
    ];
    for (const statement of forbidden) {
      const error = await rejection(serverClient(app).unsafe(statement));
      expect(error.code, statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    // Settling again, or otherwise than the score says, is refused by the trigger.
    const resettled = await rejection(app.execute(`update pick_ledger set settled_at = now(), outcome = 'miss', profit = -1 where id = ${id}`));
    expect(resettled).toMatchObject({ code: "23001", message: expect.stringMatching(/already settled/) });
    const unfinished = await rejection(
      app.execute(`update pick_ledger set settled_at = now(), outcome = 'hit', profit = 0.7 where fixture_id = ${late} and pick_kind = 'best'`),
    );
    expect(unfinished.message).toMatch(/is not final/);
    expect(ledgerCsv(await readLedgerRows(app))).toBe(before);
  });
});
