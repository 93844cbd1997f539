import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_LEAGUES } from "@shared/domain/leagues";
import { getTeamById } from "@shared/domain/teams/registry";
import { loadFootballDataHistory, seasonCodes } from "./football-data-history";

const HEADER =
  "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HST,AST,AvgH,AvgD,AvgA,Avg>2.5,Avg<2.5,AvgCH,AvgCD,AvgCA,AvgC>2.5,AvgC<2.5,PSH,PSD,PSA";

const CLUBS: Record<string, [string, string, string]> = {
  E0: ["Arsenal", "Chelsea", "Liverpool"],
  D1: ["Bayern Munich", "Dortmund", "Leverkusen"],
  SP1: ["Barcelona", "Real Madrid", "Sevilla"],
  I1: ["Inter", "Milan", "Juventus"],
  F1: ["Paris SG", "Marseille", "Lyon"],
};

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "football-data-"));
  await mkdir(path.join(dir, "2526"));
  for (const [code, [home, away, third]] of Object.entries(CLUBS)) {
    const rows = [
      HEADER,
      // Played, with every price.
      `${code},16/08/2025,15:00,${home},${away},2,1,H,6,3,1.8,3.7,4.5,1.7,2.2,1.75,3.8,4.7,1.65,2.3,1.85,3.75,4.6`,
      // Played, no market average: the opening falls back to Pinnacle; no shots, no closing.
      `${code},20/12/2025,17:30,${away},${home},0,0,D,,,,,,,,,,,,,2.5,3.3,2.9`,
      // Not played yet.
      `${code},16/05/2026,15:00,${home},${third},,,,,,2.0,3.5,3.9,1.8,2.0,,,,,,2.05,3.5,3.8`,
    ];
    await writeFile(path.join(dir, "2526", `${code}.csv`), rows.join("\n"));
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("loadFootballDataHistory", () => {
  it("reads every league's season file into played matches, sorted by kick-off", async () => {
    const history = await loadFootballDataHistory(dir, ["2526"]);
    expect(history.files).toBe(5);
    expect(history.rejectedRows).toBe(0);
    expect(history.unplayedRows).toBe(5);
    expect(history.matches).toHaveLength(10);
    const kickoffs = history.matches.map((m) => m.kickoff.getTime());
    expect(kickoffs).toEqual([...kickoffs].sort((a, b) => a - b));
    expect(new Set(history.matches.map((m) => m.league))).toEqual(new Set(ALL_LEAGUES.map((l) => l.key)));
  });

  it("keeps the score, shots on target, opening prices for the engine and closing prices for the comparison", async () => {
    const history = await loadFootballDataHistory(dir, ["2526"]);
    const arsenal = history.matches.find((m) => m.league === "premier-league" && m.homeGoals === 2)!;
    expect(getTeamById(arsenal.homeTeamId)?.footballDataName).toBe("Arsenal");
    expect(arsenal).toMatchObject({
      id: `premier-league:2526:${arsenal.homeTeamId}:${arsenal.awayTeamId}`,
      season: "2526",
      homeTeam: getTeamById(arsenal.homeTeamId)!.name,
      homeGoals: 2,
      awayGoals: 1,
      homeShotsOnTarget: 6,
      awayShotsOnTarget: 3,
      resultOdds: { home: 1.8, draw: 3.7, away: 4.5 },
      overUnderOdds: { over: 1.7, under: 2.2 },
      closingResultOdds: { home: 1.75, draw: 3.8, away: 4.7 },
      closingOverUnderOdds: { over: 1.65, under: 2.3 },
    });
    const goalless = history.matches.find((m) => m.league === "premier-league" && m.homeGoals === 0)!;
    expect(goalless).toMatchObject({
      homeShotsOnTarget: null,
      resultOdds: { home: 2.5, draw: 3.3, away: 2.9 },
      overUnderOdds: null,
      closingResultOdds: null,
    });
  });

  it("names the file it cannot find", async () => {
    await expect(loadFootballDataHistory(dir, ["2425"])).rejects.toThrow(/2425/);
  });
});

describe("seasonCodes", () => {
  it.each([
    ["0506", "0708", ["0506", "0607", "0708"]],
    ["2324", "2526", ["2324", "2425", "2526"]],
    ["0910", "1011", ["0910", "1011"]],
  ])("%s to %s", (first, last, expected) => {
    expect(seasonCodes(first, last)).toEqual(expected);
  });
});
