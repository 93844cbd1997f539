import { describe, expect, it } from "vitest";
import {
  classifyPick,
  displayPickText,
  formatProfit,
  formatScore,
  hitRate,
  isPendingPick,
  matchHitRate,
  overUnderLong,
  overUnderShort,
  parseOverUnder,
  parseScore,
  pickProfit,
  pickResultLabel,
  scoreOrDefault,
  settlePick,
  type ClassifiedPick,
  type PickOutcome,
  type Score,
} from "./picks";

const teams = { homeTeam: "Arsenal", awayTeam: "Chelsea" };

describe("scores", () => {
  it.each([
    ["2-1", { home: 2, away: 1 }],
    ["2 - 1", { home: 2, away: 1 }],
    [" 0-0 ", { home: 0, away: 0 }],
    ["3–2", { home: 3, away: 2 }],
    ["10-0", { home: 10, away: 0 }],
    ["", null],
    ["TBD", null],
    ["2:1", null],
    ["2-", null],
    ["-1-2", null],
    ["1.5-2", null],
    [null, null],
    [undefined, null],
  ])("parseScore(%j) → %j (scores are split on '-')", (text, expected) => {
    expect(parseScore(text)).toEqual(expected);
  });

  it.each([
    [{ home: 2, away: 1 }, undefined, "2-1"],
    [{ home: 0, away: 0 }, " - ", "0 - 0"],
  ])("formatScore(%j, %j) → %s", (score, separator, expected) => {
    expect(formatScore(score, separator)).toBe(expected);
  });

  it.each([
    [null, { home: 0, away: 0 }],
    [undefined, { home: 0, away: 0 }],
    ["unreadable", { home: 0, away: 0 }],
    ["1 - 0", { home: 1, away: 0 }],
    [
      { home: 3, away: 1 },
      { home: 3, away: 1 },
    ],
  ])("scoreOrDefault(%j) → %j (default score 0-0)", (score, expected) => {
    expect(scoreOrDefault(score)).toEqual(expected);
  });
});

describe("displayPickText", () => {
  const base = { homeTeam: "Arsenal", awayTeam: "Chelsea" };
  it.each([
    [
      "custom result with hasCustomContent",
      { customResult: "Arsenal & BTTS", hasCustomContent: true },
      "Arsenal & BTTS",
    ],
    [
      "custom result without hasCustomContent is ignored",
      { customResult: "Arsenal & BTTS", result: "2" },
      "Chelsea to Win",
    ],
    ["a dash falls through", { customResult: "-", hasCustomContent: true, result: "1" }, "Arsenal to Win"],
    ["'Coming Soon' falls through", { customResult: "Coming Soon", hasCustomContent: true, result: "X" }, "Draw"],
    ["blank falls through", { customResult: "   ", hasCustomContent: true, result: "2" }, "Chelsea to Win"],
    ["'1' gives '{home} to Win'", { result: "1" }, "Arsenal to Win"],
    ["'X' gives 'Draw'", { result: "X" }, "Draw"],
    ["'2' gives '{away} to Win'", { result: "2" }, "Chelsea to Win"],
    ["otherwise the overUnder", { result: "", overUnder: "Under 2.5 Goals" }, "Under 2.5 Goals"],
    ["defaulting to 'Over 2.5 Goals'", {}, "Over 2.5 Goals"],
    ["a blank overUnder defaults too", { overUnder: " " }, "Over 2.5 Goals"],
  ])("%s", (_rule, input, expected) => {
    expect(displayPickText({ ...base, ...input })).toBe(expected);
  });
});

describe("isPendingPick", () => {
  it.each([
    ["", true],
    ["   ", true],
    [null, true],
    [undefined, true],
    ["Coming Soon", true],
    ["coming soon", true],
    ["TBD", true],
    ["Arsenal to Win", false],
    ["Draw", false],
    ["-", false],
  ])("%j pending: %s (empty, 'Coming Soon' or 'TBD')", (text, expected) => {
    expect(isPendingPick(text)).toBe(expected);
  });
});

describe("over/under texts", () => {
  it.each([
    ["O2.5", { side: "over", line: 2.5 }],
    ["U3.5", { side: "under", line: 3.5 }],
    ["Over 1.5 Goals", { side: "over", line: 1.5 }],
    ["Under 2.5 Goals", { side: "under", line: 2.5 }],
    ["over 0.5 goal", { side: "over", line: 0.5 }],
    ["Over 3", { side: "over", line: 3 }],
    ["Over 2.5 Corners", null],
    ["Overall", null],
  ])("parseOverUnder(%j) → %j (threshold after the first letter)", (text, expected) => {
    expect(parseOverUnder(text)).toEqual(expected);
  });

  it.each([
    ["Over 2.5 Goals", "O2.5"],
    ["Under 3.5 Goals", "U3.5"],
    ["O1.5", "O1.5"],
    ["nonsense", null],
  ])("overUnderShort(%j) → %j", (text, expected) => {
    expect(overUnderShort(text)).toBe(expected);
  });

  it.each([
    ["U2.5", "Under 2.5 Goals"],
    ["O2.5", "Over 2.5 Goals"],
    ["O1", "Over 1 Goal"],
    ["Over 1.5 Goals", "Over 1.5 Goals"],
    [null, null],
  ])("overUnderLong(%j) → %j", (text, expected) => {
    expect(overUnderLong(text)).toBe(expected);
  });
});

describe("classifyPick", () => {
  it.each<[string, ClassifiedPick]>([
    ["Arsenal to Win", { kind: "result", result: "1" }],
    ["Chelsea to Win", { kind: "result", result: "2" }],
    ["chelsea win", { kind: "result", result: "2" }],
    ["Home Win", { kind: "result", result: "1" }],
    ["Draw", { kind: "result", result: "X" }],
    ["1", { kind: "result", result: "1" }],
    ["X", { kind: "result", result: "X" }],
    ["2", { kind: "result", result: "2" }],
    ["Over 2.5 Goals", { kind: "over-under", side: "over", line: 2.5 }],
    ["Under 2.5 Goals", { kind: "over-under", side: "under", line: 2.5 }],
    ["O2.5", { kind: "over-under", side: "over", line: 2.5 }],
    ["U2.5", { kind: "over-under", side: "under", line: 2.5 }],
    ["Over 1.5 Goals", { kind: "over-under", side: "over", line: 1.5 }],
    ["BTTS: Yes", { kind: "btts", bothScore: true }],
    ["BTTS Yes", { kind: "btts", bothScore: true }],
    ["Both Teams to Score", { kind: "btts", bothScore: true }],
    ["BTTS No", { kind: "btts", bothScore: false }],
    ["YES", { kind: "btts", bothScore: true }],
    ["NO", { kind: "btts", bothScore: false }],
    ["Arsenal or Draw", { kind: "double-chance", covers: ["1", "X"] }],
    ["Draw or Chelsea", { kind: "double-chance", covers: ["X", "2"] }],
    ["Arsenal or Chelsea", { kind: "double-chance", covers: ["1", "2"] }],
    ["1X", { kind: "double-chance", covers: ["1", "X"] }],
    ["X2", { kind: "double-chance", covers: ["X", "2"] }],
    ["12", { kind: "double-chance", covers: ["1", "2"] }],
    ["Arsenal Draw No Bet", { kind: "draw-no-bet", side: "1" }],
    ["Draw No Bet: Chelsea", { kind: "draw-no-bet", side: "2" }],
    ["Saka Anytime Scorer", { kind: "unknown" }],
    ["Liverpool to Win", { kind: "unknown" }],
    ["Arsenal to Win & BTTS", { kind: "unknown" }],
    ["Coming Soon", { kind: "unknown" }],
    ["constructor", { kind: "unknown" }],
  ])("%j → %j", (text, expected) => {
    expect(classifyPick(text, teams.homeTeam, teams.awayTeam)).toEqual(expected);
  });

  it.each<[string, ClassifiedPick]>([
    ["Bayern Munchen to Win", { kind: "result", result: "1" }],
    ["Bayern Munich to Win", { kind: "result", result: "1" }],
    ["BVB to Win", { kind: "result", result: "2" }],
  ])("team names compare without accents and include aliases: %j", (text, expected) => {
    expect(classifyPick(text, ["Bayern München", "Bayern Munich"], ["Borussia Dortmund", "BVB"])).toEqual(expected);
  });
});

describe("settlePick", () => {
  const scores: Record<string, Score> = {
    "0-0": { home: 0, away: 0 },
    "1-0": { home: 1, away: 0 },
    "1-1": { home: 1, away: 1 },
    "2-1": { home: 2, away: 1 },
    "0-2": { home: 0, away: 2 },
    "3-0": { home: 3, away: 0 },
  };

  it.each<[string, string, PickOutcome]>([
    ["Arsenal to Win", "2-1", "hit"],
    ["Arsenal to Win", "1-1", "miss"],
    ["Arsenal to Win", "0-0", "miss"],
    ["Chelsea to Win", "0-2", "hit"],
    ["Chelsea to Win", "2-1", "miss"],
    ["Draw", "0-0", "hit"],
    ["Draw", "1-1", "hit"],
    ["Draw", "1-0", "miss"],
    ["1", "1-0", "hit"],
    ["X", "0-0", "hit"],
    ["2", "0-2", "hit"],
    ["2", "3-0", "miss"],
    ["Over 2.5 Goals", "2-1", "hit"],
    ["Over 2.5 Goals", "1-1", "miss"],
    ["Over 2.5 Goals", "0-0", "miss"],
    ["Under 2.5 Goals", "0-0", "hit"],
    ["Under 2.5 Goals", "3-0", "miss"],
    ["O2.5", "3-0", "hit"],
    ["U2.5", "1-1", "hit"],
    ["U3.5", "2-1", "hit"],
    ["Over 1.5 Goals", "1-1", "hit"],
    ["Over 1.5 Goals", "1-0", "miss"],
    ["Over 2 Goals", "1-1", "void"],
    ["BTTS: Yes", "2-1", "hit"],
    ["BTTS: Yes", "3-0", "miss"],
    ["BTTS: Yes", "0-0", "miss"],
    ["BTTS No", "0-0", "hit"],
    ["BTTS No", "1-1", "miss"],
    ["YES", "1-1", "hit"],
    ["NO", "0-2", "hit"],
    ["Arsenal or Draw", "1-1", "hit"],
    ["Arsenal or Draw", "0-2", "miss"],
    ["X2", "0-0", "hit"],
    ["12", "0-0", "miss"],
    ["Arsenal Draw No Bet", "1-0", "hit"],
    ["Arsenal Draw No Bet", "1-1", "void"],
    ["Arsenal Draw No Bet", "0-2", "miss"],
    ["Saka Anytime Scorer", "2-1", "void"],
  ])("%j at %s → %s", (text, score, expected) => {
    expect(settlePick(text, scores[score], teams)).toBe(expected);
  });

  it.each<[string | null, PickOutcome]>([
    ["", "pending"],
    ["Coming Soon", "pending"],
    ["TBD", "pending"],
    [null, "pending"],
  ])("pending text %j stays pending, with or without a score", (text, expected) => {
    expect(settlePick(text, { home: 2, away: 1 }, teams)).toBe(expected);
    expect(settlePick(text, null, teams)).toBe(expected);
  });

  it.each([["Arsenal to Win"], ["Under 2.5 Goals"], ["BTTS No"], ["Saka Anytime Scorer"]])(
    "a missing score counts as a miss: %j",
    (text) => {
      expect(settlePick(text, null, teams)).toBe("miss");
    },
  );
});

describe("pickResultLabel", () => {
  it.each([
    ["hit", "HIT"],
    ["miss", "MISS"],
    ["pending", "Coming Soon"],
    ["void", "VOID"],
    ["anything else", "MISS"],
    [null, "MISS"],
  ])("%j → %s", (outcome, label) => {
    expect(pickResultLabel(outcome)).toBe(label);
  });
});

describe("profit", () => {
  it.each<[PickOutcome, number | null, number | null]>([
    ["hit", 2.1, 1.1],
    ["hit", 1.905, 0.91],
    ["hit", 3.333, 2.33],
    ["hit", 1, 0],
    ["hit", null, null],
    ["hit", 0.5, null],
    ["miss", 2.1, -1],
    ["miss", null, -1],
    ["void", 2.1, 0],
    ["pending", 2.1, null],
  ])("%s at odds %j → %j (hit: odds minus 1, 2 decimals; miss: -1)", (outcome, odds, expected) => {
    expect(pickProfit(outcome, odds)).toBe(expected);
  });

  it.each([
    [1.1, "+1.10"],
    [1.25, "+1.25"],
    [0, "+0.00"],
    [-0, "+0.00"],
    [-1, "-1.00"],
    [-0.004, "+0.00"],
    [12.345, "+12.35"],
  ])("formatProfit(%d) → %s (+ sign when 0 or more)", (profit, expected) => {
    expect(formatProfit(profit)).toBe(expected);
  });
});

describe("hit rates", () => {
  it.each<[PickOutcome[], number | null]>([
    [["hit", "hit", "miss"], 67],
    [["hit", "miss", "miss"], 33],
    [["hit", "hit", "hit"], 100],
    [["miss", "miss", "miss"], 0],
    [["hit", "void", "miss"], 50],
    [["hit", "pending", "pending"], 100],
    [["pending", "pending", "pending"], null],
    [[], null],
  ])("matchHitRate(%j) → %j (percentage of hits among the 3 picks, rounded)", (outcomes, expected) => {
    expect(matchHitRate(outcomes)).toBe(expected);
  });

  it.each([
    [2, 3, 66.67],
    [1, 3, 33.33],
    [45, 60, 75],
    [0, 10, 0],
    [0, 0, 0],
  ])("hitRate(%d, %d) → %d (2 decimals)", (hits, total, expected) => {
    expect(hitRate(hits, total)).toBe(expected);
  });
});
