import { describe, expect, it } from "vitest";
import type { MatchState, Score } from "./picks";
import {
  DEFAULT_CONFIDENCE,
  lockablePick,
  readConfidence,
  resolvePick,
  type LockedPick,
  type PickContent,
  type ResolutionInput,
} from "./resolution";

const algorithm: PickContent = {
  bestPick: "Arsenal to Win",
  projectedScore: "2-1",
  confidence: 72,
  result: "1",
  overUnder: "Over 2.5 Goals",
  btts: "YES",
  bttsConfidence: 64,
};

const editorial: PickContent = {
  bestPick: "Under 2.5 Goals",
  projectedScore: "1 - 0",
  confidence: 81,
  result: "1",
  overUnder: "U2.5",
  btts: "NO",
  bttsConfidence: 70,
};

function match(state: MatchState, finalScore: Score | null = null, liveScore: Score | null = null) {
  return { state, homeTeam: "Arsenal", awayTeam: "Chelsea", finalScore, liveScore };
}

function input(overrides: Partial<ResolutionInput> = {}): ResolutionInput {
  return { match: match("pre-match"), editorial: null, prediction: null, locked: null, ...overrides };
}

describe("resolution order", () => {
  it.each<[string, Partial<ResolutionInput>, string, string, string | null, string]>([
    // name, input, source, best pick, score, confidence label
    [
      "final beats editorial and algorithm",
      { match: match("post-match", { home: 2, away: 0 }), editorial, prediction: algorithm },
      "final",
      "Under 2.5 Goals",
      "2-0",
      "100%",
    ],
    ["editorial beats algorithm", { editorial, prediction: algorithm }, "editorial", "Under 2.5 Goals", "1-0", "81%"],
    ["algorithm without editorial", { prediction: algorithm }, "algorithm", "Arsenal to Win", "2-1", "72%"],
    ["nothing gives 'Coming Soon'", {}, "coming-soon", "Coming Soon", null, "Coming Soon"],
    [
      "an algorithm confidence of 0 shows 'Coming Soon'",
      { prediction: { ...algorithm, confidence: 0 } },
      "coming-soon",
      "Coming Soon",
      null,
      "Coming Soon",
    ],
    [
      "an empty editorial document falls through to the algorithm",
      { editorial: {}, prediction: algorithm },
      "algorithm",
      "Arsenal to Win",
      "2-1",
      "72%",
    ],
  ])("%s", (_name, overrides, source, bestPick, score, confidenceLabel) => {
    const resolved = resolvePick(input(overrides));
    expect(resolved.source).toBe(source);
    expect(resolved.bestPick).toBe(bestPick);
    expect(resolved.score).toBe(score);
    expect(resolved.confidenceLabel).toBe(confidenceLabel);
  });

  it("completed matches show confidence 100%", () => {
    const resolved = resolvePick(input({ match: match("post-match", { home: 1, away: 1 }), prediction: algorithm }));
    expect(resolved.confidence).toBe(100);
    expect(resolved.confidenceLabel).toBe("100%");
    expect(resolved.projectedScore).toBe("2-1");
  });

  it("keeps the confidence the pick was made with beside the final 100%", () => {
    const final = resolvePick(input({ match: match("post-match", { home: 0, away: 2 }), prediction: algorithm }));
    expect(final).toMatchObject({ confidence: 100, pickConfidence: 72, picks: { best: { outcome: "miss" } } });
    expect(resolvePick(input({ prediction: algorithm })).pickConfidence).toBe(72);
    expect(resolvePick(input({ match: match("post-match", { home: 0, away: 2 }) })).pickConfidence).toBeNull();
  });

  it("'Coming Soon' hides every pick, the projected score and the confidence", () => {
    const resolved = resolvePick(input({ prediction: { ...algorithm, confidence: "0" } }));
    expect(resolved).toMatchObject({
      isComingSoon: true,
      pickSource: null,
      confidence: 0,
      projectedScore: null,
      picks: {
        best: { text: "Coming Soon", outcome: "pending" },
        result: { code: null, text: "Coming Soon", outcome: "pending" },
        overUnder: { code: null, text: "Coming Soon", outcome: "pending" },
        btts: { code: null, text: "Coming Soon", outcome: "pending" },
      },
    });
  });

  it("drafts or published: the caller passes the editorial document that applies", () => {
    const published: PickContent = { bestPick: "Arsenal to Win", confidence: 70 };
    const draft: PickContent = { bestPick: "Draw", confidence: 60 };
    expect(resolvePick(input({ editorial: published, prediction: algorithm })).bestPick).toBe("Arsenal to Win");
    expect(resolvePick(input({ editorial: draft, prediction: algorithm })).bestPick).toBe("Draw");
  });
});

describe("editorial fields override field by field", () => {
  it.each<[string, PickContent, Partial<ReturnType<typeof resolvePick>>]>([
    [
      "a best pick alone keeps the algorithm's projected score and tracked picks",
      { bestPick: "Arsenal or Draw", confidence: 77 },
      { bestPick: "Arsenal or Draw", pickSource: "editorial", score: "2-1", confidence: 77, bttsConfidence: 64 },
    ],
    [
      "a blank, dash or 'Coming Soon' best pick falls through",
      { bestPick: "  ", projectedScore: "-", overUnder: "Coming Soon" },
      { bestPick: "Arsenal to Win", pickSource: "algorithm", score: "2-1", confidence: 72 },
    ],
    [
      "'TBD' falls through",
      { bestPick: "TBD" },
      { bestPick: "Arsenal to Win", pickSource: "algorithm", confidence: 72 },
    ],
    [
      "an editorial confidence alone re-rates the algorithm's pick",
      { confidence: 90 },
      { bestPick: "Arsenal to Win", pickSource: "algorithm", confidence: 90 },
    ],
    [
      "an editorial best pick without a confidence does not borrow the algorithm's for another pick",
      { bestPick: "Draw" },
      { bestPick: "Draw", confidence: DEFAULT_CONFIDENCE, confidenceLabel: "85%" },
    ],
    [
      "an editorial best pick equal to the algorithm's keeps the algorithm's confidence",
      { bestPick: "arsenal to win" },
      { bestPick: "arsenal to win", pickSource: "editorial", confidence: 72 },
    ],
    ["a projected score is normalised", { projectedScore: "3 – 1" }, { score: "3-1", projectedScore: "3-1" }],
  ])("%s", (_name, editorialDoc, expected) => {
    expect(resolvePick(input({ editorial: editorialDoc, prediction: algorithm }))).toMatchObject(expected);
  });

  it("tracked picks take the editorial codes where given", () => {
    const resolved = resolvePick(input({ editorial: { result: "x", btts: "no" }, prediction: algorithm }));
    expect(resolved.picks.result).toEqual({ code: "X", text: "Draw", outcome: "pending" });
    expect(resolved.picks.overUnder).toEqual({ code: "O2.5", text: "Over 2.5 Goals", outcome: "pending" });
    expect(resolved.picks.btts).toEqual({ code: "NO", text: "BTTS: No", outcome: "pending" });
  });
});

describe("an editorial confidence of 0 shows 'Coming Soon' (spec 4: \"confidence 0 shows 'Coming Soon'\")", () => {
  it.each<[string, PickContent]>([
    ["on the algorithm's pick", { confidence: 0 }],
    ["as numeric text", { confidence: "0" }],
    ["on an editorial best pick", { bestPick: "Draw", confidence: 0 }],
    ["on an editorial best pick equal to the algorithm's", { bestPick: "Arsenal to Win", confidence: 0 }],
  ])("%s", (_name, editorialDoc) => {
    const resolved = resolvePick(input({ editorial: editorialDoc, prediction: algorithm }));
    expect(resolved).toMatchObject({
      source: "coming-soon",
      isComingSoon: true,
      bestPick: "Coming Soon",
      confidence: 0,
      confidenceLabel: "Coming Soon",
      pickConfidence: null,
      projectedScore: null,
    });
    expect(lockablePick({ editorial: editorialDoc, prediction: algorithm })).toBeNull();
  });

  it("a missing editorial confidence still falls through to the algorithm's", () => {
    expect(resolvePick(input({ editorial: { confidence: null }, prediction: algorithm }))).toMatchObject({
      bestPick: "Arsenal to Win",
      confidenceLabel: "72%",
    });
  });

  it("a finished match held back at 0 still shows the final 100% and no pick", () => {
    const resolved = resolvePick(
      input({ match: match("post-match", { home: 2, away: 1 }), editorial: { confidence: 0 }, prediction: algorithm }),
    );
    expect(resolved).toMatchObject({
      isComingSoon: true,
      confidenceLabel: "100%",
      pickConfidence: null,
      bestPick: "Coming Soon",
    });
  });
});

describe("default confidence 85", () => {
  it.each<[string, Partial<ResolutionInput>, number, string]>([
    ["an editorial pick with no confidence anywhere", { editorial: { bestPick: "Draw" } }, 85, "85%"],
    ["a prediction row missing its confidence", { prediction: { ...algorithm, confidence: null } }, 85, "85%"],
    ["an unreadable confidence counts as missing", { prediction: { ...algorithm, confidence: "n/a" } }, 85, "85%"],
    ["not for a match without a pick", { editorial: { confidence: null } }, 0, "Coming Soon"],
    ["not for an explicit 0", { prediction: { ...algorithm, confidence: 0 } }, 0, "Coming Soon"],
  ])("%s", (_name, overrides, confidence, label) => {
    const resolved = resolvePick(input(overrides));
    expect(resolved.confidence).toBe(confidence);
    expect(resolved.confidenceLabel).toBe(label);
  });
});

describe("locked picks and settlement", () => {
  const locked: LockedPick = {
    bestPick: "Arsenal to Win",
    result: "1",
    overUnder: "O2.5",
    btts: "YES",
    confidence: 72,
    bttsConfidence: 64,
    projectedScore: "2-1",
    source: "algorithm",
  };
  const editedAfterKickOff: PickContent = {
    bestPick: "Chelsea to Win",
    confidence: 90,
    result: "2",
    overUnder: "U2.5",
    btts: "NO",
  };

  it("the locked pick decides hit or miss even if the editorial changed after kick-off", () => {
    const resolved = resolvePick({
      match: match("post-match", { home: 2, away: 1 }),
      editorial: editedAfterKickOff,
      prediction: algorithm,
      locked,
    });
    expect(resolved).toMatchObject({
      source: "final",
      pickSource: "algorithm",
      isLocked: true,
      bestPick: "Arsenal to Win",
      score: "2-1",
      confidence: 100,
      picks: {
        best: { text: "Arsenal to Win", outcome: "hit" },
        result: { code: "1", text: "Arsenal to Win", outcome: "hit" },
        overUnder: { code: "O2.5", text: "Over 2.5 Goals", outcome: "hit" },
        btts: { code: "YES", text: "BTTS: Yes", outcome: "hit" },
      },
    });
  });

  it.each<[Score | null, string, string, string, string]>([
    // final score, best, result, over/under, btts
    [{ home: 2, away: 1 }, "hit", "hit", "hit", "hit"],
    [{ home: 0, away: 0 }, "miss", "miss", "miss", "miss"],
    [{ home: 1, away: 0 }, "hit", "hit", "miss", "miss"],
    [{ home: 1, away: 3 }, "miss", "miss", "hit", "hit"],
    [null, "miss", "miss", "miss", "miss"],
  ])(
    "locked pick at final score %j: best %s, result %s, over/under %s, BTTS %s",
    (finalScore, best, result, overUnder, btts) => {
      const resolved = resolvePick({ match: match("post-match", finalScore), locked });
      expect(resolved.picks.best.outcome).toBe(best);
      expect(resolved.picks.result.outcome).toBe(result);
      expect(resolved.picks.overUnder.outcome).toBe(overUnder);
      expect(resolved.picks.btts.outcome).toBe(btts);
    },
  );

  it("a missing final score shows no score and counts the picks as misses", () => {
    const resolved = resolvePick({ match: match("post-match", null), locked });
    expect(resolved.score).toBeNull();
    expect(resolved.confidenceLabel).toBe("100%");
  });

  it("live matches show the locked pre-match pick with pending outcomes and the live score", () => {
    const resolved = resolvePick({
      match: match("live", null, { home: 1, away: 0 }),
      editorial: editedAfterKickOff,
      prediction: algorithm,
      locked,
    });
    expect(resolved).toMatchObject({
      source: "algorithm",
      isLocked: true,
      bestPick: "Arsenal to Win",
      score: "2-1",
      liveScore: { home: 1, away: 0 },
      confidenceLabel: "72%",
      picks: {
        best: { outcome: "pending" },
        result: { outcome: "pending" },
        overUnder: { outcome: "pending" },
        btts: { outcome: "pending" },
      },
    });
  });

  it("a live match without a live score yet shows 0-0, and without a locked row its effective pick", () => {
    const resolved = resolvePick({ match: match("live"), editorial, prediction: algorithm });
    expect(resolved.liveScore).toEqual({ home: 0, away: 0 });
    expect(resolved.bestPick).toBe("Under 2.5 Goals");
    expect(resolved.isLocked).toBe(false);
  });

  it("a finished match without a locked row settles the effective pick (editorial over algorithm)", () => {
    const resolved = resolvePick({
      match: match("post-match", { home: 1, away: 0 }),
      editorial,
      prediction: algorithm,
    });
    expect(resolved).toMatchObject({
      source: "final",
      pickSource: "editorial",
      isLocked: false,
      picks: {
        best: { text: "Under 2.5 Goals", outcome: "hit" },
        result: { text: "Arsenal to Win", outcome: "hit" },
        overUnder: { code: "U2.5", outcome: "hit" },
        btts: { code: "NO", outcome: "hit" },
      },
    });
  });

  it("a finished match without any pick shows 100% and 'Coming Soon' picks", () => {
    const resolved = resolvePick({ match: match("post-match", { home: 1, away: 0 }) });
    expect(resolved).toMatchObject({
      source: "final",
      isComingSoon: true,
      bestPick: "Coming Soon",
      confidenceLabel: "100%",
      picks: { best: { text: "Coming Soon", outcome: "pending" } },
    });
  });

  it("an unjudgeable locked best pick is void, the tracked picks still settle", () => {
    const resolved = resolvePick({
      match: match("post-match", { home: 3, away: 1 }),
      locked: { ...locked, bestPick: "Saka Anytime Scorer", source: "editorial" },
    });
    expect(resolved.picks.best.outcome).toBe("void");
    expect(resolved.picks.result.outcome).toBe("hit");
  });
});

describe("lockablePick", () => {
  it.each<[string, Pick<ResolutionInput, "editorial" | "prediction">, LockedPick | null]>([
    [
      "editorial over algorithm, field by field",
      { editorial: { bestPick: "Under 2.5 Goals", confidence: 81, btts: "NO" }, prediction: algorithm },
      {
        bestPick: "Under 2.5 Goals",
        result: "1",
        overUnder: "O2.5",
        btts: "NO",
        confidence: 81,
        bttsConfidence: 64,
        projectedScore: "2-1",
        source: "editorial",
      },
    ],
    [
      "the algorithm alone",
      { prediction: algorithm },
      {
        bestPick: "Arsenal to Win",
        result: "1",
        overUnder: "O2.5",
        btts: "YES",
        confidence: 72,
        bttsConfidence: 64,
        projectedScore: "2-1",
        source: "algorithm",
      },
    ],
    ["nothing to lock for 'Coming Soon'", {}, null],
    ["nothing to lock at confidence 0", { prediction: { ...algorithm, confidence: 0 } }, null],
  ])("%s", (_name, content, expected) => {
    expect(lockablePick(content)).toEqual(expected);
  });

  it("what was locked is what the match shows", () => {
    const content = { editorial, prediction: algorithm };
    const locked = lockablePick(content);
    expect(locked).not.toBeNull();
    const fromLedger = resolvePick({ match: match("live"), locked });
    const fromContent = resolvePick({ match: match("live"), ...content });
    expect(fromLedger).toEqual({ ...fromContent, isLocked: true });
  });
});

describe("readConfidence", () => {
  it.each([
    [72, 72],
    ["72.5", 72.5],
    [0, 0],
    [100, 100],
    [101, null],
    [-1, null],
    ["", null],
    ["abc", null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])("%j → %j (confidence score range 0 to 100)", (value, expected) => {
    expect(readConfidence(value)).toBe(expected);
  });
});
