import { describe, expect, it } from "vitest";
import { FORECAST_CSV_COLUMNS, forecastCsv } from "./forecast-csv";
import type { MatchPrediction } from "./types";

const prediction: MatchPrediction = {
  matchId: "42",
  league: "premier-league",
  kickoff: new Date("2026-02-07T12:30:00Z"),
  homeTeamId: 33,
  awayTeamId: 47,
  modelVersion: "test-1",
  probabilities: { home: 0.5, draw: 0.27, away: 0.23, over25: 0.55, btts: 0.52 },
  modelOnly: { home: 0.48, draw: 0.28, away: 0.24, over25: 0.57, btts: 0.53 },
  market: null,
  expectedGoals: { home: 1.61, away: 1.02 },
  projectedScore: { home: 1, away: 0 },
  grid: [],
  picks: {
    result: {
      kind: "result",
      text: "Manchester United to Win",
      probability: 0.5,
      confidence: 50,
      odds: 2.05,
      code: "1",
    },
    overUnder: {
      kind: "over-under",
      text: "Over 2.5 Goals",
      probability: 0.55,
      confidence: 55,
      odds: 1.8,
      side: "over",
    },
    btts: { kind: "btts", text: "BTTS: Yes", probability: 0.52, confidence: 52, odds: null, code: "YES" },
  },
  bestPick: { kind: "over-under", text: "Over 2.5 Goals", probability: 0.55, confidence: 55, odds: 1.8 },
  confidence: 55,
};

describe("forecastCsv", () => {
  it("writes a header and one line per forecast, quoting cells that need it", () => {
    const csv = forecastCsv([
      {
        prediction,
        season: "2526",
        homeTeam: "Manchester United",
        awayTeam: 'Tottenham, "Spurs"',
        finalScore: { home: 2, away: 0 },
      },
      { prediction: { ...prediction, matchId: "43" }, season: "2526", homeTeam: "A", awayTeam: "B", finalScore: null },
    ]);
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe(FORECAST_CSV_COLUMNS.join(","));
    expect(lines[1]).toBe(
      '42,premier-league,2526,2026-02-07T12:30:00.000Z,Manchester United,"Tottenham, ""Spurs""",0.500000,0.270000,0.230000,0.550000,0.520000,0.480000,0.280000,0.240000,0.570000,0.530000,1.610,1.020,1-0,Manchester United to Win,50,Over 2.5 Goals,55,BTTS: Yes,52,Over 2.5 Goals,55,test-1,2,0',
    );
    expect(lines[2].endsWith(",test-1,,")).toBe(true);
    expect(lines).toHaveLength(3);
  });
});
