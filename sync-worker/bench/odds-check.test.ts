import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticSeasons } from "../test-support/synthetic-seasons";
import { loadFootballDataHistory, type HistoricalMatch } from "./football-data-history";
import { DEFAULT_ODDS_CHECK_CONFIG } from "./odds-check";
import { historicalBands, outlookCheckpoint, runOutlookCheck, type ScoredTeamForecast } from "./odds-check-outlook";
import { outlookBreakdownReport, outlookGroupScores } from "./odds-check-report";

let dir: string;
let matches: HistoricalMatch[];
const config = { ...DEFAULT_ODDS_CHECK_CONFIG, simulations: 300, outlookSeasons: ["2324", "2425"] };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "odds-check-"));
  writeSyntheticSeasons(dir, ["2223", "2324", "2425"]);
  matches = (await loadFootballDataHistory(dir, ["2223", "2324", "2425"], { leagues: ["premier-league"] })).matches;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the season outlook's walk-forward check", () => {
  it("forecasts a checkpoint from the past only: a later result cannot change it, an earlier one does", () => {
    const before = outlookCheckpoint(matches, "premier-league", "2425", 10, config)!;
    expect(before.teams).toHaveLength(20);
    // The state after matchweek 10: 100 results of the season are known.
    const season = matches.filter((m) => m.season === "2425");
    expect(season.filter((m) => m.kickoff < before.cut)).toHaveLength(100);

    const later = matches.indexOf(season.find((m) => m.kickoff >= before.cut)!);
    const changedLater = matches.map((m, i) =>
      i === later ? { ...m, homeGoals: 9, awayGoals: 0, halfTime: { home: 5, away: 0 } } : m,
    );
    expect(outlookCheckpoint(changedLater, "premier-league", "2425", 10, config)).toEqual(before);

    const earlier = matches.indexOf(season.find((m) => m.kickoff < before.cut)!);
    const changedEarlier = matches.map((m, i) => (i === earlier ? { ...m, homeGoals: 9, awayGoals: 0 } : m));
    expect(outlookCheckpoint(changedEarlier, "premier-league", "2425", 10, config)).not.toEqual(before);
  });

  it("sums each probability over the teams as the bands' sizes", () => {
    const forecast = outlookCheckpoint(matches, "premier-league", "2425", 19, config)!;
    const sum = (pick: (t: (typeof forecast.teams)[number]) => number) =>
      forecast.teams.reduce((s, t) => s + pick(t), 0);
    expect(sum((t) => t.ours.title)).toBeCloseTo(1, 9);
    expect(sum((t) => t.ours.championsLeague)).toBeCloseTo(4, 9);
    expect(sum((t) => t.ours.relegation)).toBeCloseTo(3, 9);
    expect(sum((t) => t.baseline.title)).toBeCloseTo(1, 9);
    expect(sum((t) => t.baseline.relegation)).toBeCloseTo(3, 9);
  });

  it("keeps the domain's bands and counts relegation from the bottom of a larger league", () => {
    expect(historicalBands("premier-league", 20)).toEqual({ championsLeague: [1, 4], relegation: [18, 20] });
    // Ligue 1 has 18 clubs today, 16th to 18th in the relegation zone; its 20-club seasons take 18th to 20th.
    expect(historicalBands("ligue1", 18)).toEqual({ championsLeague: [1, 4], relegation: [16, 18] });
    expect(historicalBands("ligue1", 20)).toEqual({ championsLeague: [1, 4], relegation: [18, 20] });
  });

  it("scores every team at every checkpoint of the complete seasons, and none of an unfinished one", () => {
    const figures = runOutlookCheck(matches, config)!;
    expect(figures).toMatchObject({
      seasons: ["2324", "2425"],
      checkpoints: [10, 19, 28],
      leagueSeasons: 2,
      forecasts: 6,
      teamForecasts: 120,
    });
    for (const metric of figures.metrics) {
      expect(metric.ours).toBeGreaterThanOrEqual(0);
      expect(metric.reliability.reduce((n, bin) => n + bin.count, 0)).toBe(120);
      expect(metric.improvement).toBeCloseTo(1 - metric.ours / metric.baseline, 12);
    }
    // With the clock before the end of 2024-25, that season is not complete: only 2023-24 counts.
    const lastKickoff = Math.max(...matches.filter((m) => m.season === "2425").map((m) => m.kickoff.getTime()));
    expect(runOutlookCheck(matches, { ...config, asOf: lastKickoff })).toMatchObject({
      seasons: ["2324"],
      leagueSeasons: 1,
      forecasts: 3,
    });
  });

  it("hands every scored team forecast to a breakdown whose whole is the check's figures", () => {
    const scored: ScoredTeamForecast[] = [];
    const figures = runOutlookCheck(matches, config, (f) => scored.push(f))!;
    expect(scored).toHaveLength(figures.teamForecasts);
    const whole = outlookGroupScores(scored);
    figures.metrics.forEach((metric, k) => {
      expect(whole[k].key).toBe(metric.key);
      expect(whole[k].ours).toBeCloseTo(metric.ours, 12);
      expect(whole[k].baseline).toBeCloseTo(metric.baseline, 12);
    });
    // The same clubs every season: nobody was promoted.
    expect(scored.some((f) => f.promoted)).toBe(false);
    const lines = outlookBreakdownReport(scored);
    expect(lines.filter((line) => line.includes("after matchweek"))).toHaveLength(3);
    expect(lines.some((line) => line.includes("Premier League") && line.includes("n   120"))).toBe(true);
    expect(lines.some((line) => line.includes("promoted clubs"))).toBe(false);
  });

  it("marks the clubs that were not in the league the season before as promoted", () => {
    const season = matches.filter((m) => m.season === "2425");
    const leaving = season[0].homeTeamId;
    const newcomer = 999_999;
    const swapped = matches.map((m) =>
      m.season !== "2425"
        ? m
        : {
            ...m,
            homeTeamId: m.homeTeamId === leaving ? newcomer : m.homeTeamId,
            awayTeamId: m.awayTeamId === leaving ? newcomer : m.awayTeamId,
          },
    );
    const scored: ScoredTeamForecast[] = [];
    runOutlookCheck(swapped, config, (f) => scored.push(f));
    const promoted = scored.filter((f) => f.promoted);
    expect(promoted).toHaveLength(3);
    expect(promoted.every((f) => f.teamId === newcomer && f.season === "2425")).toBe(true);
  });
});
