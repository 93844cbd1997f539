import { describe, expect, it } from "vitest";
import {
  clearParlay,
  EMPTY_PARLAY_NOTICE,
  isInParlay,
  MAX_PARLAY_PICKS,
  PARLAY_ADD_FAILED,
  PARLAY_REMOVE_FAILED,
  PARLAY_STORAGE_KEY,
  removeFromParlay,
  type ParlayPick,
} from "./parlay";
import { averageConfidence, PARLAY_COPIED, PARLAY_COPY_FAILED, PARLAY_DISCLAIMER, parlayCopyText } from "./parlay-copy";
import { addToParlay, canAddToParlay, parlayButtonState } from "./parlay-rules";
import type { MatchState } from "./picks";

function pick(id: string, overrides: Partial<ParlayPick> = {}): ParlayPick {
  return {
    id,
    pick: "Arsenal to Win",
    league: "Premier League",
    confidence: 72,
    matchup: "Arsenal vs Chelsea",
    homeTeam: "Arsenal",
    awayTeam: "Chelsea",
    matchState: "pre-match",
    ...overrides,
  };
}

const picks = (count: number) => Array.from({ length: count }, (_, i) => pick(`match-${i + 1}`));

describe("the spec's texts", () => {
  it.each([
    [
      EMPTY_PARLAY_NOTICE,
      "Your Parlay Builder is empty — start by adding a pick from any match page. You can add up to 10 picks before sharing.",
    ],
    [PARLAY_COPIED, "Parlay copied! Paste it into a text, email, or social post to share."],
    [PARLAY_COPY_FAILED, "Failed to copy parlay to clipboard."],
    [PARLAY_ADD_FAILED, "Failed to add pick to parlay"],
    [PARLAY_REMOVE_FAILED, "Failed to remove pick from parlay"],
    [PARLAY_STORAGE_KEY, "parlay-picks"],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("at most 10 picks", () => {
    expect(MAX_PARLAY_PICKS).toBe(10);
  });
});

describe("canAddToParlay", () => {
  it.each<[string, ParlayPick[], ParlayPick, "match-page" | "builder", object]>([
    ["a pre-match pick joins an empty parlay", [], pick("a"), "match-page", { ok: true }],
    ["the 10th pick is accepted", picks(9), pick("new"), "match-page", { ok: true }],
    [
      "live match",
      [],
      pick("a", { matchState: "live" }),
      "match-page",
      {
        ok: false,
        reason: "started",
        title: "Match Already Started",
        message: "Picks cannot be added to parlays once the match is live or completed",
      },
    ],
    [
      "post-match",
      [],
      pick("a", { matchState: "post-match" }),
      "builder",
      {
        ok: false,
        reason: "started",
        title: "Match Already Started",
        message: "Picks cannot be added to parlays once the match is live or completed",
      },
    ],
    [
      "a 'Coming Soon' pick",
      [],
      pick("a", { pick: "Coming Soon" }),
      "match-page",
      {
        ok: false,
        reason: "not-available",
        title: "Pick Not Available",
        message: "Try again later when official picks are displayed",
      },
    ],
    [
      "a pick text containing 'Coming Soon'",
      [],
      pick("a", { pick: "Best pick coming soon" }),
      "match-page",
      { ok: false, reason: "not-available" },
    ],
    ["an empty pick", [], pick("a", { pick: " " }), "match-page", { ok: false, reason: "not-available" }],
    [
      "a duplicate",
      [pick("a")],
      pick("a"),
      "match-page",
      { ok: false, reason: "duplicate", message: "This pick is already in your parlay" },
    ],
    [
      "a duplicate in the builder",
      [pick("a")],
      pick("a"),
      "builder",
      { ok: false, reason: "duplicate", message: "This pick is already in your parlay." },
    ],
    [
      "the 11th pick",
      picks(10),
      pick("new"),
      "match-page",
      { ok: false, reason: "full", message: "You can only add up to 10 picks to a parlay" },
    ],
    [
      "the 11th pick in the builder",
      picks(10),
      pick("new"),
      "builder",
      { ok: false, reason: "full", message: "You can only add up to 10 picks to a parlay." },
    ],
    [
      "a pick already in a full parlay is a duplicate",
      picks(10),
      pick("match-3"),
      "match-page",
      { ok: false, reason: "duplicate" },
    ],
    [
      "a started match is refused before anything else",
      picks(10),
      pick("match-3", { matchState: "live", pick: "Coming Soon" }),
      "match-page",
      { ok: false, reason: "started" },
    ],
  ])("%s", (_name, current, candidate, surface, expected) => {
    const verdict = canAddToParlay(current, candidate, surface);
    expect(verdict).toMatchObject(expected);
    if (!verdict.ok && verdict.reason !== "started" && verdict.reason !== "not-available") {
      expect(verdict.title).toBeUndefined();
    }
  });
});

describe("list operations return new lists", () => {
  it("addToParlay appends without touching the original", () => {
    const current = [pick("a")];
    const result = addToParlay(current, pick("b"));
    expect(result).toEqual({ ok: true, picks: [pick("a"), pick("b")] });
    expect(current).toEqual([pick("a")]);
  });

  it("addToParlay refuses the 11th pick with the reason", () => {
    expect(addToParlay(picks(10), pick("new"), "builder")).toMatchObject({
      ok: false,
      reason: "full",
      message: "You can only add up to 10 picks to a parlay.",
    });
  });

  it.each([
    [["a", "b", "c"], "b", ["a", "c"]],
    [["a", "b"], "missing", ["a", "b"]],
    [[], "a", []],
  ])("removeFromParlay(%j, %s) → %j", (ids, id, expected) => {
    const current = ids.map((i) => pick(i));
    const result = removeFromParlay(current, id);
    expect(result.map((p) => p.id)).toEqual(expected);
    expect(result).not.toBe(current);
    expect(current).toHaveLength(ids.length);
  });

  it("clearParlay gives an empty list", () => {
    expect(clearParlay()).toEqual([]);
  });

  it.each([
    ["a", true],
    ["z", false],
  ])("isInParlay(%s) → %s", (id, expected) => {
    expect(isInParlay([pick("a"), pick("b")], id)).toBe(expected);
  });
});

describe("parlayButtonState", () => {
  it.each<[MatchState, string | null, boolean, object]>([
    ["live", "Arsenal to Win", false, { label: "Match Already Started", disabled: true, action: null }],
    ["post-match", "Arsenal to Win", true, { label: "Match Already Started", disabled: true, action: null }],
    ["pre-match", "Coming Soon", false, { label: "Coming Soon", disabled: true, action: null }],
    ["pre-match", null, false, { label: "Coming Soon", disabled: true, action: null }],
    [
      "pre-match",
      "Arsenal to Win",
      true,
      { label: "Added to Your PB", disabled: false, hoverLabel: "Remove from PB", action: "remove" },
    ],
    [
      "pre-match",
      "Arsenal to Win",
      false,
      { label: "Add to Parlay Builder", disabled: false, hoverLabel: null, action: "add" },
    ],
  ])("%s, pick %j, in parlay %s", (state, pickText, inParlay, expected) => {
    expect(parlayButtonState({ state }, pickText, inParlay)).toMatchObject(expected);
  });
});

describe("averageConfidence", () => {
  it.each([
    [[72, 81, 90], 81],
    [[70, 75], 72.5],
    [[70, 71, 71], 70.7],
    [[66.6, 66.7], 66.7],
    [[85], 85],
    [[], 0],
  ])("%j → %d (rounded to one decimal)", (confidences, expected) => {
    expect(averageConfidence(confidences.map((confidence, i) => pick(`p${i}`, { confidence })))).toBe(expected);
  });
});

describe("parlayCopyText", () => {
  it("numbered lines 'pick — matchup (Confidence: n%)', the average, a disclaimer and the site name", () => {
    const parlay = [
      pick("a", { pick: "Arsenal to Win", matchup: "Arsenal vs Chelsea", confidence: 72 }),
      pick("b", { pick: "Over 2.5 Goals", matchup: "Bayern München vs Borussia Dortmund", confidence: 81 }),
      pick("c", { pick: "BTTS: Yes", matchup: "Inter vs Milan", confidence: 90 }),
    ];
    expect(parlayCopyText(parlay, "First Kick Picks")).toBe(
      [
        "1. Arsenal to Win — Arsenal vs Chelsea (Confidence: 72%)",
        "2. Over 2.5 Goals — Bayern München vs Borussia Dortmund (Confidence: 81%)",
        "3. BTTS: Yes — Inter vs Milan (Confidence: 90%)",
        "Average Confidence: 81.0%",
        "",
        PARLAY_DISCLAIMER,
        "First Kick Picks",
      ].join("\n"),
    );
  });

  it("keeps a confidence's decimal", () => {
    expect(parlayCopyText([pick("a", { confidence: 72.5 })], "Site")).toContain(
      "(Confidence: 72.5%)\nAverage Confidence: 72.5%",
    );
  });

  it("is empty for an empty parlay", () => {
    expect(parlayCopyText([], "Site")).toBe("");
  });

  it("the disclaimer says what the picks are and who may bet", () => {
    expect(PARLAY_DISCLAIMER).toContain("entertainment");
    expect(PARLAY_DISCLAIMER).toContain("21+");
  });
});
