/**
 * PostgreSQL only (roles are the server's): an owner role migrates, the grants of
 * docs/database-roles.md (read from that file) are applied, and the application's role then
 * locks and settles picks the way the worker does, but cannot disable or drop the ledger's
 * triggers, replace their functions, change a locked column, delete, truncate, skip triggers, or
 * lock a pick late. The owner can still catch up late locks, which the ledger shows as late.
 *
 * Then the forgeries through the fixtures table (docs/decisions/011-ledger-against-fixture-edits.md):
 * the application's role can neither write the fixture audit nor lock a pick after moving a
 * kick-off, nor choose a settlement's time; a final score it sets while a match is in play is on
 * record; and ledger:verify, given the published ledger, the audit and the public results, names
 * every forged row, the owner's included.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDb, type DbHandle } from "@shared/db";
import { readFixtureAuditRows, readLedgerRows } from "@shared/db/ledger-export";
import { fixtures, predictions } from "@shared/db/schema";
import { describeOnPostgres } from "@shared/db/on-postgres";
import {
  insertSampleClubs,
  postgresTestDatabase,
  rejection,
  SAMPLE_SEASON,
  SAMPLE_TEAMS,
} from "@shared/db/test-databases";
import { fixtureAuditCsv } from "@shared/ledger/audit-csv";
import { ledgerCsv, parseLedgerCsv } from "@shared/ledger/csv";
import { ukDate } from "@shared/ledger/public-results";
import { verifyLedger } from "@shared/ledger/verify";
import { verifyCommand } from "@shared/ledger/verify-cli";
import { testWorker } from "../test-support/worker";
import { lockPicksJob } from "./lock-picks";
import { settlePicksJob } from "./settle-picks";
import { asRole, documentedGrants } from "@shared/db/role-grants";

const INSUFFICIENT_PRIVILEGE = "42501";
const RESTRICT_VIOLATION = "23001";
/** football-data.co.uk files for the tests (2024/25: Chelsea v Liverpool 1-2 on 24 August 2024). */
const PUBLIC_RESULTS = fileURLToPath(new URL("../providers/football-data-csv/fixtures/mmz4281", import.meta.url));

/** The driver's own client: roles exist on a server only. */
function serverClient(handle: DbHandle): Sql {
  if (handle.driver !== "postgres") throw new Error("roles need PostgreSQL");
  return handle.client;
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
        .values({
          league: "premier-league",
          season: SAMPLE_SEASON,
          kickoffAt,
          homeTeamId: SAMPLE_TEAMS[home].id,
          awayTeamId: SAMPLE_TEAMS[away].id,
        })
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

    await app.db
      .update(fixtures)
      .set({ matchState: "post-match", status: "FT", homeScore: 2, awayScore: 1 })
      .where(eq(fixtures.id, onTime));
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
      app.execute(
        `insert into pick_ledger (fixture_id, pick_kind, pick, confidence, source, recorded_at) values (${late}, 'best', 'Draw', 40, 'algorithm', now())`,
      ),
    );
    expect(refused).toMatchObject({
      code: "23001",
      message: expect.stringMatching(/A later lock \(a catch-up\) needs the role that owns pick_ledger$/),
    });

    const [{ now }] = await owner.execute<{ now: string }>(`select now()::text as now`);
    expect(await testWorker(owner, { now: new Date(now) }).run(lockPicksJob)).toMatchObject({
      status: "ok",
      rowsWritten: 4,
    });
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
    const resettled = await rejection(
      app.execute(`update pick_ledger set settled_at = now(), outcome = 'miss', profit = -1 where id = ${id}`),
    );
    expect(resettled).toMatchObject({ code: "23001", message: expect.stringMatching(/already settled/) });
    const unfinished = await rejection(
      app.execute(
        `update pick_ledger set settled_at = now(), outcome = 'hit', profit = 0.7 where fixture_id = ${late} and pick_kind = 'best'`,
      ),
    );
    expect(unfinished.message).toMatch(/is not final/);
    expect(ledgerCsv(await readLedgerRows(app))).toBe(before);
  });
  /** A fixture inserted by the application's role; `kickoff` is SQL (the database's clock). */
  const insertFixture = async (
    season: string,
    home: keyof typeof SAMPLE_TEAMS,
    away: keyof typeof SAMPLE_TEAMS,
    kickoff: string,
    final?: [number, number],
  ) => {
    const [row] = await app.execute<{ id: number }>(
      `insert into fixtures (league, season, kickoff_at, home_team_id, away_team_id, match_state, status, home_score, away_score)
       values ('premier-league', '${season}', ${kickoff}, ${SAMPLE_TEAMS[home].id}, ${SAMPLE_TEAMS[away].id},
               '${final ? "post-match" : "pre-match"}', ${final ? "'FT'" : "null"}, ${final?.[0] ?? "null"}, ${final?.[1] ?? "null"})
       returning id`,
    );
    return row.id;
  };
  const insertPick = (handle: DbHandle, fixtureId: number, pickKind: string, pick: string, odds: number) =>
    handle.execute(
      `insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source) values (${fixtureId}, '${pickKind}', '${pick}', 55, ${odds}, 'algorithm')`,
    );
  const auditOf = (fixtureId: number) =>
    app.execute<{ change: string; by_owner: boolean; old_state: string; new_state: string; score: string | null }>(
      `select change, by_owner, old_match_state as old_state, new_match_state as new_state, new_home_score || '-' || new_away_score as score
       from fixture_audit where fixture_id = ${fixtureId} order by id`,
    );
  let forgedByOwner: number;
  let falseScore: number;
  let farFuture: number;

  it("reads the fixture audit, but cannot write, change or delete it, bypass its triggers or borrow its function", async () => {
    await app.execute(
      `insert into seasons (league, season) values ('premier-league', '2425'), ('premier-league', '2627') on conflict do nothing`,
    );
    expect(await app.execute(`select count(*)::int as n from fixture_audit`)).toEqual([{ n: expect.any(Number) }]);
    const forbidden = [
      `insert into fixture_audit (fixture_id, change, by_owner, league, season, home_team_id, away_team_id, old_kickoff_at, old_match_state)
       values (${onTime}, 'kickoff', true, 'premier-league', '2526', 42, 49, now(), 'pre-match')`,
      "update fixture_audit set by_owner = true",
      "delete from fixture_audit",
      "truncate fixture_audit",
      "select nextval('fixture_audit_id_seq')",
      "alter table fixture_audit disable trigger fixture_audit_append_only_rows",
      "alter table fixtures disable trigger fixtures_audit_updates",
      "drop trigger fixtures_audit_updates on fixtures",
      "create or replace function fixture_audit_record() returns trigger language plpgsql as $$ begin return null; end $$",
      "create or replace function pick_ledger_kickoff_changed_at(p_fixture_id integer) returns timestamptz language sql as $$ select null::timestamptz $$",
    ];
    for (const statement of forbidden) {
      const error = await rejection(serverClient(app).unsafe(statement));
      expect(error.code, statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    // A table of its own (it may create schemas, for the job queue) cannot use the audit's function.
    const schema = `app_own_${suffix}`;
    await serverClient(app).unsafe(`create schema ${schema}`);
    try {
      await serverClient(app).unsafe(`create table ${schema}.fixtures (like public.fixtures)`);
      const borrowed = await rejection(
        serverClient(app).unsafe(
          `create trigger forge after update on ${schema}.fixtures for each row execute function public.fixture_audit_record()`,
        ),
      );
      expect(borrowed.code).toBe(INSUFFICIENT_PRIVILEGE);
    } finally {
      await serverClient(app).unsafe(`drop schema ${schema} cascade`);
    }
  });

  it("forgery 1: cannot lock a pick for a finished match, nor after moving its kick-off or deleting its fixture", async () => {
    const finished = await insertFixture("2425", "arsenal", "everton", "'2024-08-17T14:00:00Z'", [2, 0]);
    await app.execute(`update fixtures set kickoff_at = now() + interval '5 minutes' where id = ${finished}`);
    expect(await auditOf(finished)).toEqual([
      { change: "kickoff", by_owner: false, old_state: "post-match", new_state: "post-match", score: "2-0" },
    ]);
    const final = await rejection(insertPick(app, finished, "result", "Arsenal to Win", 4.5));
    expect(final).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: expect.stringMatching(/^pick_ledger: fixture \d+ is already final; /),
    });

    await app.execute(
      `update fixtures set match_state = 'pre-match', status = 'NS', home_score = null, away_score = null where id = ${finished}`,
    );
    const moved = await rejection(insertPick(app, finished, "result", "Arsenal to Win", 4.5));
    expect(moved).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: expect.stringMatching(
        /^pick_ledger: the kick-off of fixture \d+ was changed \(or a fixture of its match deleted\) at .*, less than 24:00:00 ago/,
      ),
    });

    // Deleted and inserted again, as a new match kicking off a minute ago.
    const other = await insertFixture("2425", "liverpool", "arsenal", "'2024-09-14T14:00:00Z'", [2, 2]);
    await app.execute(`delete from fixtures where id = ${other}`);
    const again = await insertFixture("2425", "liverpool", "arsenal", "now() - interval '1 minute'");
    const reinserted = await rejection(insertPick(app, again, "result", "Liverpool to Win", 3.1));
    expect(reinserted.message).toMatch(
      /^pick_ledger: the kick-off of fixture \d+ was changed \(or a fixture of its match deleted\)/,
    );

    // lock-picks does not try: the database says these matches are closed to it.
    const open = await app.execute<{ open: boolean }>(
      `select pick_ledger_lock_open(id, kickoff_at) as open from fixtures where id in (${finished}, ${again}) order by id`,
    );
    expect(open).toEqual([{ open: false }, { open: false }]);
    expect(await app.execute(`select 1 from pick_ledger where fixture_id in (${finished}, ${again})`)).toEqual([]);
  });

  it("forgery 3: settles at the database's time, whatever time it sends", async () => {
    farFuture = await insertFixture("2627", "liverpool", "chelsea", "now() - interval '1 minute'");
    await insertPick(app, farFuture, "best", "Liverpool to Win", 2);
    await app.execute(
      `update fixtures set match_state = 'post-match', status = 'FT', home_score = 2, away_score = 0 where id = ${farFuture}`,
    );
    const [settled] = await app.execute<{ stamped: boolean }>(
      `update pick_ledger set settled_at = '2100-01-01', outcome = 'hit', profit = 1 where fixture_id = ${farFuture} returning settled_at = now() as stamped`,
    );
    expect(settled).toEqual({ stamped: true });
  });

  it("forgery 2: a final 3-0 set while the match is in play is on record, with its time and who set it", async () => {
    falseScore = await insertFixture("2627", "arsenal", "chelsea", "now() - interval '2 minutes'");
    await insertPick(app, falseScore, "over-under", "Over 2.5 Goals", 2.1);
    await app.execute(
      `update fixtures set match_state = 'live', status = '1H', home_score = 1, away_score = 0 where id = ${falseScore}`,
    );
    await app.execute(
      `update fixtures set match_state = 'post-match', status = 'FT', home_score = 3, away_score = 0 where id = ${falseScore}`,
    );
    await app.execute(`update pick_ledger set outcome = 'hit', profit = 1.10 where fixture_id = ${falseScore}`);
    // The real result comes in afterwards.
    await app.execute(`update fixtures set home_score = 1 where id = ${falseScore}`);
    expect(await auditOf(falseScore)).toEqual([
      { change: "final-score", by_owner: false, old_state: "live", new_state: "post-match", score: "3-0" },
      { change: "final-score", by_owner: false, old_state: "post-match", new_state: "post-match", score: "1-0" },
    ]);
  });

  it("the owner can still back-date a lock by moving a kick-off; the audit shows it and so does the ledger", async () => {
    forgedByOwner = await insertFixture("2425", "chelsea", "liverpool", "'2024-08-24T14:00:00Z'", [1, 2]);
    await owner.execute(`update fixtures set kickoff_at = now() - interval '1 minute' where id = ${forgedByOwner}`);
    await insertPick(owner, forgedByOwner, "result", "Liverpool to Win", 2.2);
    await owner.execute(
      `update pick_ledger set settled_at = now(), outcome = 'hit', profit = 1.20 where fixture_id = ${forgedByOwner}`,
    );
    await owner.execute(`update fixtures set kickoff_at = '2024-08-24T14:00:00Z' where id = ${forgedByOwner}`);
    expect((await auditOf(forgedByOwner)).map((r) => [r.change, r.by_owner])).toEqual([
      ["kickoff", true],
      ["kickoff", true],
    ]);
  });

  it("ledger:verify names every forged row from the published ledger, the fixture audit and the public results", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "ledger-roles-"));
    try {
      const rows = await readLedgerRows(app);
      const ledger = path.join(directory, "ledger.csv");
      const audit = path.join(directory, "fixture-audit.csv");
      writeFileSync(ledger, ledgerCsv(rows));
      writeFileSync(audit, fixtureAuditCsv(await readFixtureAuditRows(app)));
      // The public results: football-data.co.uk's 2024/25 file, and today's matches as they ended.
      const results = path.join(directory, "mmz4281");
      mkdirSync(path.join(results, "2425"), { recursive: true });
      mkdirSync(path.join(results, "2627"), { recursive: true });
      copyFileSync(path.join(PUBLIC_RESULTS, "2425", "E0.csv"), path.join(results, "2425", "E0.csv"));
      const today = (fixtureId: number) => {
        const row = rows.find((r) => r.fixture_id === String(fixtureId))!;
        return ukDate(row.kickoff).split("-").reverse().join("/");
      };
      writeFileSync(
        path.join(results, "2627", "E0.csv"),
        `Div,Date,HomeTeam,AwayTeam,FTHG,FTAG\nE0,${today(falseScore)},Arsenal,Chelsea,1,0\nE0,${today(farFuture)},Liverpool,Chelsea,2,0\n`,
      );

      const lines: string[] = [];
      const code = await verifyCommand(
        [ledger, "--results", results, "--audit", audit],
        (line) => lines.push(line),
        (line) => lines.push(line),
      );
      expect(code).toBe(1);
      const about = (fixtureId: number) => lines.filter((line) => line.includes(`(fixture ${fixtureId}, `));
      const ownerRow = rows.find((r) => r.fixture_id === String(forgedByOwner))!;
      expect(about(forgedByOwner)).toEqual([
        expect.stringMatching(
          /^ {2}note: .*: after the pick was locked, its match's kick-off was changed at \S+ from \S+ to 2024-08-24T14:00:00.000000Z \(by the owner\)$/,
        ),
        `  row ${ownerRow.id} (fixture ${forgedByOwner}, Chelsea v Liverpool, premier-league 2425): kicked off at ${ownerRow.kickoff}, outside its season 2024/25 (2024-07-01 to 2025-06-30)`,
        `  row ${ownerRow.id} (fixture ${forgedByOwner}, Chelsea v Liverpool, premier-league 2425): kicked off on ${ukDate(ownerRow.kickoff)} (UK date), but the public results have Chelsea v Liverpool on 2024-08-24 (2425/E0.csv line 3)`,
        expect.stringMatching(
          /: was locked less than a minute after its match's kick-off was changed at \S+ from 2024-08-24T14:00:00.000000Z to \S+ \(by the owner\): a lock the database refuses the application$/,
        ),
      ]);
      const falseRow = rows.find((r) => r.fixture_id === String(falseScore))!;
      const falseMatch = `row ${falseRow.id} (fixture ${falseScore}, Arsenal v Chelsea, premier-league 2627)`;
      expect(about(falseScore)).toEqual([
        `  ${falseMatch}: was settled against a final score of 3-0, but the public result (2627/E0.csv line 2) is 1-0`,
        expect.stringMatching(
          /: was settled against a final score of 3-0, but the fixture audit's last word on its match is 1-0 at \S+ \(by the application\)$/,
        ),
        expect.stringMatching(
          /: its match was recorded final at 3-0 at \S+ \(by the application\), only 2 minutes after its kick-off: no match is over in less than 95 minutes$/,
        ),
      ]);
      // Forgery 3 left nothing to find: its settlement is the database's. (This test's match ended a
      // minute after kick-off, which the audit shows.)
      expect(about(farFuture)).toEqual([
        expect.stringMatching(
          /: its match was recorded final at 2-0 at \S+ \(by the application\), only 1 minute after its kick-off/,
        ),
      ]);
      expect(lines.join("\n")).not.toContain("2100-01-01");
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
