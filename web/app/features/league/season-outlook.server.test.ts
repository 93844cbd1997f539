import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { simulateSeasonOutlook } from "@shared/model/season-outlook";
import { seasonOutlookKey, seasonOutlookPayload } from "@shared/model/season-outlook-view";
import { getSeasonOutlook, seasonOutlookCsv } from "./season-outlook.server";

describe.each(testDatabases())("reading the stored season outlook on $driver", (testDb) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("is null before the worker stored one, and reads back the stored outlook with names in one row", async () => {
    expect(await getSeasonOutlook({ db }, "serie-a")).toBeNull();
    // Two clubs with one match left between them.
    const outlook = simulateSeasonOutlook({
      league: "serie-a",
      teams: [42, 49],
      results: [{ homeTeamId: 42, awayTeamId: 49, homeGoals: 1, awayGoals: 0 }],
      remaining: [{ homeTeamId: 49, awayTeamId: 42, lambda: 1.4, mu: 1.1, rho: -0.1 }],
      seasons: 1000,
    });
    const payload = seasonOutlookPayload(outlook, "2526", 1);
    await db.execute(
      `insert into read_models (key, inputs, payload) values ('${seasonOutlookKey("serie-a")}', 'test', '${JSON.stringify(payload)}'::jsonb)`,
    );
    const view = (await getSeasonOutlook({ db }, "serie-a"))!;
    expect(view).toMatchObject({
      league: "serie-a",
      season: "2526",
      seasons: 1000,
      resultsPlayed: 1,
      remainingFixtures: 1,
    });
    expect(view.teams.map((t) => [t.teamId, t.currentPosition, t.currentPoints])).toEqual([
      [42, 1, 3],
      [49, 2, 0],
    ]);
    expect(view.teams[0].teamName).not.toMatch(/^Team #/);
    const csv = seasonOutlookCsv(view, "serie-a").split("\r\n");
    expect(csv[0]).toBe(
      "position_now,team_id,team,points_now,played,games_left,expected_points,expected_goal_difference,p_title,p_champions_league,p_europa_league,p_relegation,most_likely_position,p_position_1,p_position_2",
    );
    expect(csv[1].split(",").slice(0, 2)).toEqual(["1", "42"]);
    expect(csv).toHaveLength(4);
  });
});
