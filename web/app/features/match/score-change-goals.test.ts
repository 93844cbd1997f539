import { describe, expect, it } from "vitest";
import {
  fullTimeTick,
  kickOffTick,
  liveTickOf,
  type LiveProbabilityTick,
} from "@shared/model/live-probability-history";
import type { PreMatchForecast } from "@shared/model/live-match-probability";
import { goalsFromScoreChanges } from "./score-change-goals";

const FORECAST: PreMatchForecast = {
  expectedGoals: { home: 1.4, away: 1.2 },
  published: { home: 0.4, draw: 0.28, away: 0.32, over25: 0.5, btts: 0.5 },
};

const reading = (status: string, minute: number, injuryTime: number | null, home: number, away: number) =>
  liveTickOf({ state: "live", status, minute, injuryTime, homeScore: home, awayScore: away, events: [] }, FORECAST)!;

describe("goals read from the score as it changed (a source without an event feed)", () => {
  it("gives a goal first seen in a reading close to the one before its minute, approximate", () => {
    const ticks = [kickOffTick(FORECAST), reading("1H", 40, null, 0, 0), reading("1H", 45, 2, 1, 0)];
    expect(goalsFromScoreChanges(ticks, { home: 1, away: 0 })).toEqual([
      { side: "home", scoreAfter: "1-0", seenScore: "1-0", seenAt: "45+2'" },
    ]);
  });

  it("gives no time for a goal first seen in the first reading long after kick-off, or in the score only", () => {
    const ticks = [kickOffTick(FORECAST), reading("HT", 45, null, 1, 0)];
    expect(goalsFromScoreChanges(ticks, { home: 1, away: 0 })).toEqual([
      { side: "home", scoreAfter: "1-0", seenScore: "1-0", seenAt: null },
    ]);
    // A match with no readings at all (no prediction): every goal of the score, time unknown.
    expect(goalsFromScoreChanges([], { home: 2, away: 0 }).map((g) => [g.scoreAfter, g.seenAt])).toEqual([
      ["1-0", null],
      ["2-0", null],
    ]);
  });

  it("lists every goal of a match followed late: Wolfsburg 1-2 Dortmund (0-1 at half-time, readings from the 80th minute)", () => {
    const ticks: LiveProbabilityTick[] = [kickOffTick(FORECAST)];
    for (const minute of [80, 84, 88]) ticks.push(reading("2H", minute, null, 0, 1));
    ticks.push(reading("2H", 90, 4, 0, 1), fullTimeTick({ home: 1, away: 2 }));
    expect(goalsFromScoreChanges(ticks, { home: 1, away: 2 })).toEqual([
      { side: "away", scoreAfter: "0-1", seenScore: "0-1", seenAt: null },
      { side: "home", scoreAfter: null, seenScore: "1-2", seenAt: "full time" },
      { side: "away", scoreAfter: null, seenScore: "1-2", seenAt: "full time" },
    ]);
  });

  it("has nothing while the score is 0-0 or unknown", () => {
    expect(goalsFromScoreChanges([kickOffTick(FORECAST), reading("1H", 20, null, 0, 0)], { home: 0, away: 0 })).toEqual(
      [],
    );
    expect(goalsFromScoreChanges([], { home: null, away: null })).toEqual([]);
  });
});
