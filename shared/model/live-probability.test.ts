import { describe, expect, it } from "vitest";
import {
  anchorToForecast,
  isSendingOff,
  liveMatchProbability,
  preMatchForecast,
  type LiveMatchState,
  type PreMatchForecast,
} from "./live-match-probability";
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
      for (const market of ["home", "draw", "away", "over25", "btts"] as const)
        expect(live[market]).toBeCloseTo(preMatch[market], 12);
    }
  });

  it.each([
    [
      { home: 2, away: 1 },
      { home: 1, draw: 0, away: 0, over25: 1, btts: 1 },
    ],
    [
      { home: 0, away: 0 },
      { home: 0, draw: 1, away: 0, over25: 0, btts: 0 },
    ],
    [
      { home: 0, away: 3 },
      { home: 0, draw: 0, away: 1, over25: 1, btts: 0 },
    ],
  ])("at full time %o is the result", (score, expected) => {
    const p = liveProbability(at({ period: "finished", minute: 90, score }));
    for (const [market, value] of Object.entries(expected)) expect(p[market as keyof typeof p]).toBeCloseTo(value, 12);
  });

  it("sums to 1 over home, draw and away at every moment and score", () => {
    for (const period of ["first-half", "half-time", "second-half"] as const) {
      for (const minute of [1, 45, 70, 90]) {
        for (const score of [
          { home: 0, away: 0 },
          { home: 3, away: 1 },
          { home: 1, away: 4 },
        ]) {
          const p = liveProbability(at({ period, minute, score, injuryTime: 2, redCards: { home: 1, away: 0 } }));
          expect(resultSum(p)).toBeCloseTo(1, 10);
          for (const value of Object.values(p)) expect(value).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it("a red card moves the probability against the side that got it", () => {
    const even = liveProbability(at({ period: "second-half", minute: 60, score: { home: 1, away: 1 } }));
    const homeDown = liveProbability(
      at({ period: "second-half", minute: 60, score: { home: 1, away: 1 }, redCards: { home: 1, away: 0 } }),
    );
    const awayDown = liveProbability(
      at({ period: "second-half", minute: 60, score: { home: 1, away: 1 }, redCards: { home: 0, away: 1 } }),
    );
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
    const lead = (period: LiveMatchInput["period"], minute: number) =>
      liveProbability(at({ period, minute, score: { home: 1, away: 0 } })).home;
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
  // Published numbers as the prediction job stores them: the goals model's grid raked to the
  // blended market view, so not the independent Poisson grid of the same expected goals.
  const FORECAST: PreMatchForecast = {
    expectedGoals: XG,
    published: { home: 0.52, draw: 0.27, away: 0.21, over25: 0.55, btts: 0.5 },
  };
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
    expect(liveMatchProbability(match({ state: "pre-match" }), FORECAST)).toBeNull();
    expect(liveMatchProbability(match({ state: "post-match" }), FORECAST)).toBeNull();
    expect(liveMatchProbability(match({}), null)).toBeNull();
  });

  it("reads the half from the status, and from the minute without one", () => {
    const halfTime = liveMatchProbability(match({ status: "HT", minute: 45 }), FORECAST)!;
    const firstHalfAdded = liveMatchProbability(match({ status: "1H", minute: 45, injuryTime: 2 }), FORECAST)!;
    const noStatus = liveMatchProbability(match({ status: null, minute: 63 }), FORECAST)!;
    expect(halfTime.home).toBeGreaterThan(firstHalfAdded.home);
    expect(noStatus).toEqual(liveMatchProbability(match({}), FORECAST));
    expect(halfTime.minute).toBe(45);
  });

  it("counts sending-offs from the card events", () => {
    expect(isSendingOff({ type: "Card", detail: "Red Card" })).toBe(true);
    expect(isSendingOff({ type: "Card", detail: "Second Yellow card" })).toBe(true);
    expect(isSendingOff({ type: "Card", detail: "Yellow Card" })).toBe(false);
    const carded = liveMatchProbability(
      match({ events: [{ side: "home", type: "Card", detail: "Red Card" }] }),
      FORECAST,
    )!;
    expect(carded.home).toBeLessThan(liveMatchProbability(match({}), FORECAST)!.home);
  });

  it("at kick-off with 0-0 is the published pre-match forecast, not the Poisson grid of its expected goals", () => {
    const poisson = gridMarkets(scorelineGrid(XG.home, XG.away, 0));
    // The published forecast differs from the plain grid: without the anchor the line would jump at kick-off.
    expect(Math.abs(poisson.home - FORECAST.published.home)).toBeGreaterThan(0.005);
    const kickOff = liveMatchProbability(match({ status: "1H", minute: 0, homeScore: 0, awayScore: 0 }), FORECAST)!;
    for (const key of ["home", "draw", "away", "over25", "btts"] as const) {
      expect(kickOff[key]).toBeCloseTo(FORECAST.published[key], 4);
    }
  });

  it("takes the published forecast from a stored prediction's probabilities and expected goals", () => {
    const forecast = preMatchForecast({
      home: 0.5,
      draw: 0.3,
      away: 0.2,
      over25: 0.6,
      btts: 0.55,
      expectedGoalsHome: 1.5,
      expectedGoalsAway: 0.9,
    });
    expect(forecast).toEqual({
      expectedGoals: { home: 1.5, away: 0.9 },
      published: { home: 0.5, draw: 0.3, away: 0.2, over25: 0.6, btts: 0.55 },
    });
    expect(preMatchForecast(null)).toBeNull();
  });

  it("lets the published forecast fade as the match is played, to the model's numbers at the whistle", () => {
    const model = liveProbability(at({ period: "second-half", minute: 70, score: { home: 1, away: 0 } }));
    const atKickOff = liveProbability(at({ minute: 0 }));
    const gap = (share: number) =>
      Math.abs(anchorToForecast(model, atKickOff, FORECAST.published, share).home - model.home);
    expect(gap(0)).toBeCloseTo(0, 12);
    expect(gap(0.2)).toBeGreaterThan(0);
    expect(gap(0.2)).toBeLessThan(gap(0.6));
    for (const share of [0, 0.2, 0.6, 1]) {
      const anchored = anchorToForecast(model, atKickOff, FORECAST.published, share);
      expect(resultSum(anchored)).toBeCloseTo(1, 12);
    }
  });

  it("keeps a certain outcome certain: over 2.5 after three goals, both teams scoring after each has", () => {
    const p = liveMatchProbability(match({ minute: 60, homeScore: 2, awayScore: 1 }), FORECAST)!;
    expect(p.over25).toBe(1);
    expect(p.btts).toBe(1);
    expect(p.home + p.draw + p.away).toBeCloseTo(1, 3);
  });
});
