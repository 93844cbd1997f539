import { describe, expect, it } from "vitest";
import { isSendingOff, liveMatchProbability, type LiveMatchState } from "./live-match-probability";
import {
  FIRST_HALF_GOAL_SHARE,
  goalRateShareLeft,
  goalsStillToCome,
  liveProbability,
  type LiveMatchInput,
} from "./live-probability";
import { gridMarkets, scorelineGrid } from "./scoreline-grid";

const XG = { home: 1.6, away: 1.1 };
const at = (overrides: Partial<LiveMatchInput>): LiveMatchInput => ({
  period: "first-half",
  minute: 30,
  score: { home: 0, away: 0 },
  expectedGoals: XG,
  ...overrides,
});
const resultSum = (p: { home: number; draw: number; away: number }) => p.home + p.draw + p.away;

describe("goalRateShareLeft", () => {
  it("is the whole match at kick-off, the second half's fitted share at half-time and nothing at the whistle", () => {
    expect(goalRateShareLeft("first-half", 0)).toBeCloseTo(1, 12);
    expect(goalRateShareLeft("half-time", 45)).toBeCloseTo(1 - FIRST_HALF_GOAL_SHARE, 12);
    expect(goalRateShareLeft("finished", 90)).toBe(0);
  });

  it("falls with every minute played, added time included", () => {
    const readings: Array<[LiveMatchInput["period"], number, number | null]> = [
      ["first-half", 10, null],
      ["first-half", 45, null],
      ["first-half", 45, 2],
      ["half-time", 45, null],
      ["second-half", 46, null],
      ["second-half", 80, null],
      ["second-half", 90, 4],
    ];
    const shares = readings.map(([period, minute, injury]) => goalRateShareLeft(period, minute, injury));
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeLessThan(shares[i - 1]);
  });

  it("keeps half a minute of play left while a half runs past its typical added time", () => {
    expect(goalRateShareLeft("second-half", 90, 12)).toBeGreaterThan(0);
    expect(goalRateShareLeft("first-half", 45, 9)).toBeGreaterThan(1 - FIRST_HALF_GOAL_SHARE);
  });
});

describe("liveProbability", () => {
  it("at minute 0 with 0-0 equals the pre-match forecast from the same expected goals", () => {
    for (const rho of [0, -0.08]) {
      const live = liveProbability(at({ minute: 0, rho }));
      const preMatch = gridMarkets(scorelineGrid(XG.home, XG.away, rho));
      for (const market of ["home", "draw", "away", "over25", "btts"] as const) expect(live[market]).toBeCloseTo(preMatch[market], 12);
    }
  });

  it.each([
    [{ home: 2, away: 1 }, { home: 1, draw: 0, away: 0, over25: 1, btts: 1 }],
    [{ home: 0, away: 0 }, { home: 0, draw: 1, away: 0, over25: 0, btts: 0 }],
    [{ home: 0, away: 3 }, { home: 0, draw: 0, away: 1, over25: 1, btts: 0 }],
  ])("at full time %o is the result", (score, expected) => {
    const p = liveProbability(at({ period: "finished", minute: 90, score }));
    for (const [market, value] of Object.entries(expected)) expect(p[market as keyof typeof p]).toBeCloseTo(value, 12);
  });

  it("sums to 1 over home, draw and away at every moment and score", () => {
    for (const period of ["first-half", "half-time", "second-half"] as const) {
      for (const minute of [1, 45, 70, 90]) {
        for (const score of [{ home: 0, away: 0 }, { home: 3, away: 1 }, { home: 1, away: 4 }]) {
          const p = liveProbability(at({ period, minute, score, injuryTime: 2, redCards: { home: 1, away: 0 } }));
          expect(resultSum(p)).toBeCloseTo(1, 10);
          for (const value of Object.values(p)) expect(value).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it("a red card moves the probability against the side that got it", () => {
    const even = liveProbability(at({ period: "second-half", minute: 60, score: { home: 1, away: 1 } }));
    const homeDown = liveProbability(at({ period: "second-half", minute: 60, score: { home: 1, away: 1 }, redCards: { home: 1, away: 0 } }));
    const awayDown = liveProbability(at({ period: "second-half", minute: 60, score: { home: 1, away: 1 }, redCards: { home: 0, away: 1 } }));
    expect(homeDown.home).toBeLessThan(even.home);
    expect(homeDown.away).toBeGreaterThan(even.away);
    expect(awayDown.away).toBeLessThan(even.away);
    expect(awayDown.home).toBeGreaterThan(even.home);
    const toCome = goalsStillToCome(at({ redCards: { home: 1, away: 0 } }));
    const none = goalsStillToCome(at({}));
    expect(toCome.home / none.home).toBeCloseTo(0.7, 12);
    expect(toCome.away / none.away).toBeCloseTo(1.2, 12);
  });

  it("a home goal raises P(home win) and lowers P(away win)", () => {
    const before = liveProbability(at({ minute: 30, score: { home: 0, away: 0 } }));
    const after = liveProbability(at({ minute: 30, score: { home: 1, away: 0 } }));
    expect(after.home).toBeGreaterThan(before.home);
    expect(after.away).toBeLessThan(before.away);
  });

  it("a lead grows safer as time runs out", () => {
    const lead = (period: LiveMatchInput["period"], minute: number) => liveProbability(at({ period, minute, score: { home: 1, away: 0 } })).home;
    expect(lead("first-half", 20)).toBeLessThan(lead("half-time", 45));
    expect(lead("half-time", 45)).toBeLessThan(lead("second-half", 85));
    expect(lead("second-half", 85)).toBeLessThan(lead("second-half", 90) + 1e-12);
  });

  it("refuses a negative or missing input", () => {
    expect(() => liveProbability(at({ minute: -1 }))).toThrow(RangeError);
    expect(() => liveProbability(at({ expectedGoals: { home: Number.NaN, away: 1 } }))).toThrow(RangeError);
  });
});

describe("liveMatchProbability", () => {
  const match = (overrides: Partial<LiveMatchState>): LiveMatchState => ({
    state: "live",
    status: "2H",
    minute: 63,
    injuryTime: null,
    homeScore: 1,
    awayScore: 0,
    events: [],
    ...overrides,
  });

  it("is null before kick-off, after the whistle and without expected goals", () => {
    expect(liveMatchProbability(match({ state: "pre-match" }), XG)).toBeNull();
    expect(liveMatchProbability(match({ state: "post-match" }), XG)).toBeNull();
    expect(liveMatchProbability(match({}), null)).toBeNull();
  });

  it("reads the half from the status, and from the minute without one", () => {
    const halfTime = liveMatchProbability(match({ status: "HT", minute: 45 }), XG)!;
    const firstHalfAdded = liveMatchProbability(match({ status: "1H", minute: 45, injuryTime: 2 }), XG)!;
    const noStatus = liveMatchProbability(match({ status: null, minute: 63 }), XG)!;
    expect(halfTime.home).toBeGreaterThan(firstHalfAdded.home);
    expect(noStatus).toEqual(liveMatchProbability(match({}), XG));
    expect(halfTime.minute).toBe(45);
  });

  it("counts sending-offs from the card events", () => {
    expect(isSendingOff({ type: "Card", detail: "Red Card" })).toBe(true);
    expect(isSendingOff({ type: "Card", detail: "Second Yellow card" })).toBe(true);
    expect(isSendingOff({ type: "Card", detail: "Yellow Card" })).toBe(false);
    const carded = liveMatchProbability(match({ events: [{ side: "home", type: "Card", detail: "Red Card" }] }), XG)!;
    expect(carded.home).toBeLessThan(liveMatchProbability(match({}), XG)!.home);
  });
});
