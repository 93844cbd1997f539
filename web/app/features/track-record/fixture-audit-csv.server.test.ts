import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { insertSampleClubs, SAMPLE_SEASON, SAMPLE_TEAMS, testDatabases } from "@shared/db/test-databases";
import { FIXTURE_AUDIT_CSV_COLUMNS, parseFixtureAuditCsv } from "@shared/ledger/audit-csv";
import { PUBLIC_PAGE_CACHE } from "~/cache-control";
import type { AppContext } from "~/load-context";
import { loader } from "~/routes/algo-results_.fixture-audit[.]csv";

describe.each(testDatabases())("/algo-results/fixture-audit.csv on $driver", (testDb) => {
  let db: DbHandle;
  const get = async () => {
    const response = await loader({
      request: new Request("https://site.example/algo-results/fixture-audit.csv"),
      context: { db } as AppContext,
      params: {},
    });
    return { response, text: await response.text() };
  };

  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("is empty before the first change of a kick-off or a final score", async () => {
    expect((await get()).text).toBe(`${FIXTURE_AUDIT_CSV_COLUMNS.join(",")}\n# fixture_audit rows=0\n`);
  });

  it("publishes every change of a kick-off or a final score, with its time and who made it", async () => {
    await insertSampleClubs(db.db);
    const [{ id }] = await db.execute<{ id: number }>(`
      insert into fixtures (league, season, kickoff_at, home_team_id, away_team_id)
      values ('premier-league', '${SAMPLE_SEASON}', '2026-02-07T15:00:00Z', ${SAMPLE_TEAMS.arsenal.id}, ${SAMPLE_TEAMS.chelsea.id}) returning id`);
    await db.execute(`update fixtures set kickoff_at = '2026-02-07T17:30:00Z' where id = ${id}`);
    await db.execute(
      `update fixtures set match_state = 'post-match', status = 'FT', home_score = 2, away_score = 1 where id = ${id}`,
    );

    const { response, text } = await get();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="fixture-audit.csv"',
      "cache-control": PUBLIC_PAGE_CACHE,
      "x-fixture-audit-rows": "2",
    });
    const rows = parseFixtureAuditCsv(text);
    expect(
      rows.map((r) => [
        r.change,
        r.by_owner,
        r.home_team,
        r.away_team,
        r.old_kickoff,
        r.new_kickoff,
        r.new_state,
        r.new_home_goals,
        r.new_away_goals,
      ]),
    ).toEqual([
      [
        "kickoff",
        "true",
        "Arsenal",
        "Chelsea",
        "2026-02-07T15:00:00.000000Z",
        "2026-02-07T17:30:00.000000Z",
        "pre-match",
        "",
        "",
      ],
      [
        "final-score",
        "true",
        "Arsenal",
        "Chelsea",
        "2026-02-07T17:30:00.000000Z",
        "2026-02-07T17:30:00.000000Z",
        "post-match",
        "2",
        "1",
      ],
    ]);
    expect(rows[0].changed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });
});
