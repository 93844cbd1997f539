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

  it("flags a best pick the model gives under 40%, on the best pick", () => {
    const reasons = reviewReasons({
      ...base,
      editorial: { bestPick: "Sunderland to Win", confidence: 30, result: "2", projectedScore: "0-1" },
    });
    expect(reasons).toEqual([
      { rule: "low-probability", field: "bestPick", message: "The model gives “Sunderland to Win” 20%, under 40%" },
    ]);
    // 40% itself is not under 40%.
    expect(
      rules({ probabilities: { ...probabilities, home: 0.4 }, editorial: { ...base.editorial, confidence: 45 } }),
    ).toEqual([]);
    // The pick the site shows is judged: BTTS Yes from the algorithm at 35%, said to be the algorithm's.
    expect(reviewReasons({ ...base, editorial: null, prediction: { bestPick: "BTTS: Yes", confidence: 35 } })).toEqual([
      {
        rule: "low-probability",
        field: "bestPick",
        message:
          "The best pick is left empty, so the site shows the algorithm's “BTTS: Yes”, which the model gives 35%, under 40%",
      },
    ]);
  });

  it("flags a confidence more than 20 points from the model's probability, on the confidence", () => {
    expect(reviewReasons({ ...base, editorial: { ...base.editorial, confidence: 80 } })).toEqual([
      {
        rule: "confidence-gap",
        field: "confidence",
        message: "The confidence of 80% is 25 points from the model's 55% for “Arsenal to Win” (more than 20 apart)",
      },
    ]);
    expect(rules({ editorial: { ...base.editorial, confidence: 75 } })).toEqual([]);
    expect(rules({ editorial: { ...base.editorial, confidence: 34 } })).toEqual(["confidence-gap"]);
    // No editorial confidence: the algorithm's own, never a gap.
    expect(rules({ editorial: { ...base.editorial, confidence: null } })).toEqual([]);
    // A confidence given to the algorithm's pick says whose pick it is.
    expect(reviewReasons({ ...base, editorial: { confidence: 90 } })).toEqual([
      {
        rule: "confidence-gap",
        field: "confidence",
        message:
          "The confidence of 90% is 35 points from the model's 55% for the algorithm's “Arsenal to Win”, shown while the best pick is left empty (more than 20 apart)",
      },
    ]);
  });

  it("flags a projected score that contradicts the 1X2 pick, on the field the editor wrote", () => {
    expect(reviewReasons({ ...base, editorial: { ...base.editorial, projectedScore: "1-1" } })).toEqual([
      {
        rule: "score-contradicts-result",
        field: "projectedScore",
        message: "The projected score 1-1 is a draw, but the 1X2 pick is 1 (a home win)",
      },
    ]);
    // An editorial score against the algorithm's 1X2 pick, which the site would show beside it: not the editor's pick.
    expect(
      reviewReasons({ ...base, editorial: { bestPick: "Arsenal to Win", confidence: 60, projectedScore: "0-2" } }),
    ).toEqual([
      {
        rule: "score-contradicts-result",
        field: "projectedScore",
        message:
          "The projected score 0-2 is an away win, but the 1X2 pick is left empty, so the site shows the algorithm's: 1 (a home win)",
      },
    ]);
    // An editorial 1X2 pick against the algorithm's score: on the 1X2 pick.
    expect(
      reviewReasons({
        ...base,
        editorial: { bestPick: "Draw", confidence: 45, result: "X" },
        probabilities: { ...probabilities, home: 0.3, draw: 0.45 },
      }),
    ).toEqual([
      {
        rule: "score-contradicts-result",
        field: "result",
        message:
          "The 1X2 pick is X (a draw), but the projected score is left empty, so the site shows the algorithm's: 2-1 (a home win)",
      },
    ]);
  });

  it("flags a best pick naming a winner the 1X2 pick does not, on the best pick", () => {
    const palace = {
      ...base,
      probabilities: { home: 0.33, draw: 0.26, away: 0.41, over25: 0.5, btts: 0.5 },
      homeTeam: ["Brighton & Hove Albion", "Brighton"],
      awayTeam: ["Crystal Palace", "Palace"],
      prediction: { bestPick: "Brighton & Hove Albion to Win", confidence: 33, result: "1", projectedScore: "1-0" },
    };
    // The editor's best pick and score against the 1X2 pick the editor left empty: the algorithm's, said to be.
    expect(
      reviewReasons({
        ...palace,
        editorial: { bestPick: "Crystal Palace to Win", confidence: 45, projectedScore: "1-2" },
      }),
    ).toEqual([
      {
        rule: "score-contradicts-result",
        field: "projectedScore",
        message:
          "The projected score 1-2 is an away win, but the 1X2 pick is left empty, so the site shows the algorithm's: 1 (a home win)",
      },
      {
        rule: "pick-contradicts-result",
        field: "bestPick",
        message:
          "The best pick “Crystal Palace to Win” is an away win, but the 1X2 pick is left empty, so the site shows the algorithm's: 1 (a home win)",
      },
    ]);
    // Against the editor's own 1X2 pick, and with the club's short name.
    expect(
      reviewReasons({
        ...palace,
        editorial: { bestPick: "Palace to Win", confidence: 45, result: "X", projectedScore: "1-1" },
      }),
    ).toEqual([
      {
        rule: "pick-contradicts-result",
        field: "bestPick",
        message: "The best pick “Palace to Win” is an away win, but the 1X2 pick is X (a draw)",
      },
    ]);
    expect(
      rules({ ...palace, editorial: { bestPick: "Draw", confidence: 30, result: "2", projectedScore: "0-1" } }),
    ).toContain("pick-contradicts-result");
    // The algorithm's best pick against an editor's 1X2 pick.
    expect(
      reviewReasons({ ...palace, editorial: { result: "2", projectedScore: "0-1" } }).find(
        (reason) => reason.rule === "pick-contradicts-result",
      ),
    ).toEqual({
      rule: "pick-contradicts-result",
      field: "bestPick",
      message:
        "The best pick is left empty, so the site shows the algorithm's “Brighton & Hove Albion to Win”, a home win, but the 1X2 pick is 2 (an away win)",
    });
    // Agreeing picks, and picks that name no winner, pass.
    expect(
      rules({
        ...palace,
        editorial: { bestPick: "Crystal Palace to Win", confidence: 45, result: "2", projectedScore: "1-2" },
      }),
    ).toEqual([]);
    expect(
      rules({
        ...palace,
        editorial: { bestPick: "Over 2.5 Goals", confidence: 50, result: "X", projectedScore: "2-2" },
      }),
    ).toEqual([]);
  });

  it("judges nothing without a pick or without the model's numbers", () => {
    expect(reviewReasons({ ...base, editorial: { confidence: 0 }, prediction: null })).toEqual([]);
    expect(rules({ probabilities: null, editorial: { ...base.editorial, confidence: 99 } })).toEqual([]);
  });
});
