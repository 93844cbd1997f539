import { describe, expect, it } from "vitest";
import { reviewReasons, type ReviewInput } from "./review";

const probabilities = { home: 0.55, draw: 0.25, away: 0.2, over25: 0.62, btts: 0.35 };
const base: ReviewInput = {
  editorial: { bestPick: "Arsenal to Win", confidence: 60, result: "1", projectedScore: "2-0" },
  prediction: { bestPick: "Arsenal to Win", confidence: 55, result: "1", projectedScore: "2-1" },
  probabilities,
  homeTeam: "Arsenal",
  awayTeam: "Sunderland",
};
const rules = (input: Partial<ReviewInput> & { editorial?: ReviewInput["editorial"] }) =>
  reviewReasons({ ...base, ...input }).map((reason) => reason.rule);

describe("Needs review", () => {
  it("passes a pick the numbers support", () => {
    expect(reviewReasons(base)).toEqual([]);
  });

  it("flags a best pick the model gives under 40%", () => {
    const reasons = reviewReasons({ ...base, editorial: { bestPick: "Sunderland to Win", confidence: 30, result: "2", projectedScore: "0-1" } });
    expect(reasons).toEqual([{ rule: "low-probability", message: "The model gives “Sunderland to Win” 20%, under 40%" }]);
    // 40% itself is not under 40%.
    expect(rules({ probabilities: { ...probabilities, home: 0.4 }, editorial: { ...base.editorial, confidence: 45 } })).toEqual([]);
    // The pick the site shows is judged: BTTS Yes from the algorithm at 35%.
    expect(rules({ editorial: null, prediction: { bestPick: "BTTS: Yes", confidence: 35 } })).toEqual(["low-probability"]);
  });

  it("flags a confidence more than 20 points from the model's calibrated probability", () => {
    expect(reviewReasons({ ...base, editorial: { ...base.editorial, confidence: 80 } })).toEqual([
      { rule: "confidence-gap", message: "The confidence of 80% is 25 points from the model's calibrated 55% (more than 20)" },
    ]);
    expect(rules({ editorial: { ...base.editorial, confidence: 75 } })).toEqual([]);
    expect(rules({ editorial: { ...base.editorial, confidence: 34 } })).toEqual(["confidence-gap"]);
    // No editorial confidence: the algorithm's own, never a gap.
    expect(rules({ editorial: { ...base.editorial, confidence: null } })).toEqual([]);
  });

  it("flags a projected score that contradicts the 1X2 pick", () => {
    expect(reviewReasons({ ...base, editorial: { ...base.editorial, projectedScore: "1-1" } })).toEqual([
      { rule: "score-contradicts-result", message: "The projected score 1-1 is a draw, but the 1X2 pick is 1 (a home win)" },
    ]);
    // An editorial score against the algorithm's 1X2 pick, which the site would show beside it.
    expect(rules({ editorial: { bestPick: "Arsenal to Win", confidence: 60, projectedScore: "0-2" } })).toEqual(["score-contradicts-result"]);
  });

  it("judges nothing without a pick or without the model's numbers", () => {
    expect(reviewReasons({ ...base, editorial: { confidence: 0 }, prediction: null })).toEqual([]);
    expect(rules({ probabilities: null, editorial: { ...base.editorial, confidence: 99 } })).toEqual([]);
  });
});
