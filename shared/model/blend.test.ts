import { describe, expect, it } from "vitest";
import { calibratePicks, initialBlend, learnBlend } from "./blend";
import { DEFAULT_MODEL_OPTIONS } from "./options";
import { outcomeOf, type TrackEntry } from "./track";
import type { MarketProbabilities } from "./types";

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const DAY = 24 * 3600 * 1000;
const START = Date.UTC(2020, 0, 1);

/**
 * A track where the market knows the truth and both models are noise; each entry's blend
 * forecast of over/under is overconfident (the truth pushed 0.1 away from one half).
 */
function track(count: number, blendTrainingSize: number, seed: number): TrackEntry[] {
  const next = random(seed);
  const entries: TrackEntry[] = [];
  for (let i = 0; i < count; i++) {
    const home = 0.2 + 0.55 * next();
    const draw = 0.22 + 0.08 * next();
    const truth: MarketProbabilities = {
      home,
      draw,
      away: 1 - home - draw,
      over25: 0.35 + 0.35 * next(),
      btts: 0.4 + 0.25 * next(),
    };
    const noise = (): MarketProbabilities => {
      const noiseHome = 0.2 + 0.55 * next();
      return {
        home: noiseHome,
        draw: 0.25,
        away: 0.75 - noiseHome,
        over25: 0.3 + 0.4 * next(),
        btts: 0.35 + 0.3 * next(),
      };
    };
    const u = next();
    const homeGoals = u < truth.home ? 2 : u < truth.home + truth.draw ? 1 : 0;
    const awayGoals = u < truth.home ? 0 : u < truth.home + truth.draw ? 1 : 2;
    const overconfident = {
      ...truth,
      over25: truth.over25 > 0.5 ? Math.min(0.95, truth.over25 + 0.1) : Math.max(0.05, truth.over25 - 0.1),
    };
    entries.push({
      matchId: `m${i}`,
      league: "premier-league",
      kickoff: START + i * DAY,
      goals: noise(),
      shots: noise(),
      market: truth,
      blendedWithOdds: overconfident,
      blendedWithoutOdds: truth,
      blendTrainingSize,
      outcome: { ...outcomeOf({ homeGoals, awayGoals }), over25: next() < truth.over25, btts: next() < truth.btts },
    });
  }
  return entries;
}

describe("learnBlend", () => {
  const entries = track(4000, 5000, 1);
  const asOf = START + 4000 * DAY;
  const blend = learnBlend(
    entries,
    asOf,
    { ...DEFAULT_MODEL_OPTIONS, calibrationWindowDays: 4000, poolWindowDays: 4000 },
    initialBlend(),
  );

  it("weights the market, which knew the truth, above the noise", () => {
    const [goals, shots, market] = blend.withOdds.result.weights;
    expect(market).toBeGreaterThan(0.8);
    expect(Math.abs(goals)).toBeLessThan(0.15);
    expect(Math.abs(shots)).toBeLessThan(0.15);
    expect(blend.withOdds.overUnder.weights[2]).toBeGreaterThan(0.8);
    expect(blend.trainingSize).toBe(4000);
  });

  it("calibrates overconfident over/under picks back towards what happened", () => {
    const raw = { home: 0.5, draw: 0.25, away: 0.25, over25: 0.75, btts: 0.5 };
    const picks = calibratePicks(blend.calibrationWithOdds, raw);
    // The blend said 0.75 where the truth was about 0.65.
    expect(picks.overUnder).toBeLessThan(0.72);
    expect(picks.overUnder).toBeGreaterThan(0.6);
  });

  it("learns only from matches before asOf and inside the window", () => {
    const early = learnBlend(entries, START + 100 * DAY, DEFAULT_MODEL_OPTIONS, initialBlend());
    expect(early.trainingSize).toBe(100);
  });

  it.each([
    ["too few forecasts", track(300, 5000, 2)],
    ["forecasts of a blend that had learned from too little", track(4000, 100, 3)],
  ])("leaves the calibration at the identity with %s", (_, few) => {
    const learned = learnBlend(
      few,
      START + few.length * DAY,
      { ...DEFAULT_MODEL_OPTIONS, calibrationWindowDays: 5000 },
      initialBlend(),
    );
    const raw = { home: 0.61, draw: 0.2, away: 0.19, over25: 0.3, btts: 0.56 };
    expect(calibratePicks(learned.calibrationWithOdds, raw)).toEqual({ result: 0.61, overUnder: 0.7, btts: 0.56 });
  });
});

describe("learnBlend week after week", () => {
  it("learns the same blend from a window that moved on as from the same entries met for the first time", () => {
    // Each week the window drops its oldest entries and adds the new ones; the packed samples of
    // the week before are reused. The same entries as fresh objects each week are packed from nothing.
    const entries = track(1500, 5000, 4);
    const options = { ...DEFAULT_MODEL_OPTIONS, poolWindowDays: 600 };
    const days = [700, 707, 714, 1000, 1400];
    const walk = (fresh: boolean) => {
      let blend = initialBlend();
      return days.map((day) => {
        const week = fresh ? entries.map((entry) => ({ ...entry })) : entries;
        blend = learnBlend(week, START + day * DAY, options, blend, { calibrate: false });
        return blend;
      });
    };
    const reused = walk(false);
    const fresh = walk(true);
    expect(reused).toEqual(fresh);
    expect(reused.map((b) => b.trainingSize)).toEqual([600, 600, 600, 600, 600]);
    // And the pools moved as the window did.
    expect(reused[4].withOdds.result.weights).not.toEqual(reused[0].withOdds.result.weights);
  });
});
