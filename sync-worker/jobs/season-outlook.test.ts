import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { computeStandings } from "@shared/domain/standings";
import { parseMatchStakesPayload } from "@shared/model/match-stakes";
import { OUTLOOK_SEASONS } from "@shared/model/season-outlook";
import { parseSeasonOutlookPayload, seasonOutlookKey } from "@shared/model/season-outlook-view";
import { replayedSeason, TEST_MODEL_OPTIONS, type ReplayedSeason } from "../test-support/replayed-season";
import type { TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { createPredictionsJob } from "./predictions";
import { createSeasonOutlookJob } from "./season-outlook";

describe.each(testDatabases())("the season-outlook job on $driver", (testDb) => {
  let db: DbHandle;
  let season: ReplayedSeason;
  let worker: TestWorker;
  const outlookJob = createSeasonOutlookJob({ modelOptions: TEST_MODEL_OPTIONS });
  const rows = <T = Record<string, unknown>>(query: string) => db.execute<T>(query);

  beforeAll(async () => {
    db = await testDb.open();
    season = replayedSeason(db);
    worker = season.worker;
    expect((await worker.run(backfillJob)).status).toBe("ok");
  });
  afterAll(async () => {
    await season.close();
    await testDb.dispose();
  });

  it("skips while the engine has neither forecasts nor ratings for the fixtures left", async () => {
    const run = await worker.run(outlookJob);
    expect(run.status).toBe("ok");
    expect(run.rowsWritten).toBe(0);
    expect(await rows(`select key from read_models where key like 'season-outlook:%'`)).toEqual([]);
  });

  it("stores each league's outlook after the predictions, from the real table and the fixtures left", async () => {
    expect((await worker.run(createPredictionsJob({ engine: season.engine }))).status).toBe("ok");
    const versionsBefore = await rows<{ version: string }>(
      `select version::text as version from data_versions where scope = 'data'`,
    );
    const run = await worker.run(outlookJob);
    const [{ n: forecastsAhead }] = await rows<{ n: number }>(
      `select count(*)::int as n from predictions p join fixtures f on f.id = p.fixture_id
       where f.kickoff_at > '${worker.clock.now().toISOString()}'`,
    );
    expect(forecastsAhead).toBeGreaterThan(0);
    // The outlook and the stakes of every match ahead with a forecast.
    expect(run).toMatchObject({ status: "ok", rowsWritten: 1 + forecastsAhead });
    const versionsAfter = await rows<{ version: string }>(
      `select version::text as version from data_versions where scope = 'data'`,
    );
    expect(versionsAfter).not.toEqual(versionsBefore);

    const [stored] = await rows<{ key: string; inputs: string; payload: unknown }>(
      `select key, inputs, payload from read_models where key = '${seasonOutlookKey("premier-league")}'`,
    );
    expect(stored.inputs).toMatch(/^2526: 130 results, 250 fixtures left; inputs:[0-9a-f]{64}; sha256:[0-9a-f]{64}$/);
    const outlook = parseSeasonOutlookPayload(stored.payload)!;
    expect(outlook).toMatchObject({
      league: "premier-league",
      season: "2526",
      seasons: OUTLOOK_SEASONS,
      resultsPlayed: 130,
      remainingFixtures: 250,
    });
    expect(outlook.teams).toHaveLength(20);

    // The current positions are the standings' (the league's tie-breakers) as of the clock.
    const results = await rows<{
      home_team_id: number;
      away_team_id: number;
      home_score: number;
      away_score: number;
      kickoff_at: string;
    }>(
      `select home_team_id, away_team_id, home_score, away_score, kickoff_at from fixtures
       where season = '2526' and match_state = 'post-match' and kickoff_at < '${worker.clock.now().toISOString()}'`,
    );
    const table = computeStandings(
      "premier-league",
      results.map((r) => ({
        homeTeamId: r.home_team_id,
        awayTeamId: r.away_team_id,
        homeGoals: r.home_score,
        awayGoals: r.away_score,
        kickoffAt: r.kickoff_at,
      })),
    );
    expect(outlook.teams.map((t) => [t.teamId, t.currentPoints])).toEqual(table.map((r) => [r.teamId, r.points]));
    for (const team of outlook.teams) {
      expect(team.remaining).toBe(25);
      expect(team.positions.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
      expect(team.expectedPoints).toBeGreaterThan(team.currentPoints);
      expect(team.expectedPoints).toBeLessThan(team.currentPoints + 75);
    }
    expect(outlook.teams.reduce((sum, t) => sum + t.title, 0)).toBeCloseTo(1, 2);
    expect(outlook.teams.reduce((sum, t) => sum + t.relegation, 0)).toBeCloseTo(3, 2);

    // What each of those matches means, from the same simulated seasons.
    const stakes = await rows<{ fixture_id: number; league: string; importance: number; payload: unknown }>(
      `select fixture_id, league, importance, payload from match_stakes order by importance desc`,
    );
    expect(stakes).toHaveLength(forecastsAhead);
    for (const row of stakes) {
      const payload = parseMatchStakesPayload(row.payload)!;
      expect(payload, JSON.stringify(row.payload)).not.toBeNull();
      expect(row.league).toBe("premier-league");
      expect(row.importance).toBeCloseTo(payload.home.swing + payload.away.swing, 3);
      expect(payload.results.home + payload.results.draw + payload.results.away).toBeCloseTo(1, 3);
      for (const side of ["home", "away"] as const) {
        const club = payload[side];
        const team = outlook.teams.find((t) => t.teamId === club.teamId)!;
        expect(club.now.title).toBeCloseTo(team.title, 4);
        // Today's chance is the average of the chances under each result, weighted by how often each happened.
        const [win, loss] = side === "home" ? (["home", "away"] as const) : (["away", "home"] as const);
        const mixed =
          payload.results[win] * (club.relegation.win ?? 0) +
          payload.results.draw * (club.relegation.draw ?? 0) +
          payload.results[loss] * (club.relegation.loss ?? 0);
        expect(mixed).toBeCloseTo(team.relegation, 2);
      }
    }
    // A quarter of the season played: something rides on the most important match.
    expect(stakes[0].importance).toBeGreaterThan(0.05);
  });

  it("writes nothing when its inputs have not changed, and recomputes when a result arrives", async () => {
    const before = await rows(`select inputs, payload, computed_at from read_models where key like 'season-outlook:%'`);
    const rerun = await worker.run(outlookJob);
    expect(rerun).toMatchObject({ status: "ok", rowsWritten: 0 });
    expect(
      await rows(`select inputs, payload, computed_at from read_models where key like 'season-outlook:%'`),
    ).toEqual(before);

    // The next match kicks off and ends: one more result.
    const [next] = await rows<{ id: number; kickoff_at: string | Date }>(
      `select id, kickoff_at from fixtures where season = '2526' and match_state = 'pre-match' order by kickoff_at, id limit 1`,
    );
    await db.execute(
      `update fixtures set match_state = 'post-match', status = 'FT', home_score = 2, away_score = 1 where id = ${next.id}`,
    );
    worker.setNow(new Date(new Date(next.kickoff_at).getTime() + 3 * 3_600_000));
    const later = await worker.run(outlookJob);
    const [{ n: stillAhead }] = await rows<{ n: number }>(`select count(*)::int as n from match_stakes`);
    expect(later, JSON.stringify(later)).toMatchObject({ status: "ok", rowsWritten: 1 + stillAhead });
    // The match played has no stakes any more.
    expect(await rows(`select 1 from match_stakes where fixture_id = ${next.id}`)).toEqual([]);
    const [stored] = await rows<{ payload: unknown }>(
      `select payload from read_models where key = '${seasonOutlookKey("premier-league")}'`,
    );
    expect(parseSeasonOutlookPayload(stored.payload)).toMatchObject({ resultsPlayed: 131, remainingFixtures: 249 });
  });
});
