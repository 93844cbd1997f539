import { describe, expect, it } from "vitest";
import type { ParlayPick } from "./parlay";
import { combinedProbability, pickProbability, sameMatchMatchups } from "./parlay-probability";

const model = { home: 0.5, draw: 0.3, away: 0.2, over25: 0.6, btts: 0.45 };

function leg(id: string, homeTeam: string, awayTeam: string, probability?: number): ParlayPick {
  return {
    id,
    pick: `${homeTeam} to Win`,
    league: "Premier League",
    confidence: 70,
    matchup: `${homeTeam} vs ${awayTeam}`,
    homeTeam,
    awayTeam,
    matchState: "pre-match",
    ...(probability === undefined ? {} : { probability }),
  };
}

describe("pickProbability", () => {
  it.each<[string, number | null]>([
    ["Arsenal to Win", 0.5],
    ["Chelsea to Win", 0.2],
    ["Draw", 0.3],
    ["X", 0.3],
    ["Arsenal or Draw", 0.8],
    ["X2", 0.5],
    ["Over 2.5 Goals", 0.6],
    ["Under 2.5 Goals", 0.4],
    ["BTTS: Yes", 0.45],
    ["BTTS: No", 0.55],
    ["Over 3.5 Goals", null],
    ["Arsenal Draw No Bet", null],
    ["Coming Soon", null],
    ["Arsenal to win by two", null],
  ])("%s → %s", (text, expected) => {
    const probability = pickProbability(text, "Arsenal", "Chelsea", model);
    if (expected === null) expect(probability).toBeNull();
    else expect(probability).toBeCloseTo(expected, 10);
  });

  it("is null without model probabilities", () => {
    expect(pickProbability("Arsenal to Win", "Arsenal", "Chelsea", null)).toBeNull();
  });
});

describe("combinedProbability", () => {
  it("multiplies the legs' probabilities", () => {
    expect(combinedProbability([leg("a", "Arsenal", "Chelsea", 0.5), leg("b", "Leeds", "Fulham", 0.4)])).toBeCloseTo(
      0.2,
      10,
    );
  });

  it("is null for an empty parlay or when one leg has no probability", () => {
    expect(combinedProbability([])).toBeNull();
    expect(combinedProbability([leg("a", "Arsenal", "Chelsea", 0.5), leg("b", "Leeds", "Fulham")])).toBeNull();
  });
});

describe("sameMatchMatchups", () => {
  it("names each match that holds more than one leg once", () => {
    const legs = [
      leg("a", "Arsenal", "Chelsea"),
      leg("b", "Leeds", "Fulham"),
      { ...leg("c", "Arsenal", "Chelsea"), pick: "Over 2.5 Goals" },
      { ...leg("d", "arsenal ", "Chelsea"), pick: "BTTS: Yes" },
    ];
    expect(sameMatchMatchups(legs)).toEqual(["Arsenal vs Chelsea"]);
  });

  it("is empty when every leg comes from a different match", () => {
    expect(sameMatchMatchups([leg("a", "Arsenal", "Chelsea"), leg("b", "Chelsea", "Arsenal")])).toEqual([]);
  });
});
