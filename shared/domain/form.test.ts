import { describe, expect, it } from "vitest";
import {
  displayForm,
  formFromScore,
  formString,
  formSummary,
  goalsFromTeamView,
  resultMarker,
  resultPill,
  TEAM_FORM_LIMIT,
  type TeamResult,
} from "./form";

describe("formFromScore", () => {
  it.each([
    [2, 1, "W"],
    [1, 1, "D"],
    [0, 0, "D"],
    [0, 3, "L"],
  ] as const)("%i-%i is %s", (teamGoals, opponentGoals, letter) => {
    expect(formFromScore(teamGoals, opponentGoals)).toBe(letter);
  });
});

describe("result markers and the player Win, Draw, Loss pill: 'a missing or null score gives N/A'", () => {
  it.each([
    [3, 0, "W", "Win"],
    [2, 2, "D", "Draw"],
    [1, 4, "L", "Loss"],
    [null, 1, "N/A", "N/A"],
    [1, null, "N/A", "N/A"],
    [undefined, undefined, "N/A", "N/A"],
    [Number.NaN, 0, "N/A", "N/A"],
  ])("%s-%s gives %s and %s", (teamGoals, opponentGoals, marker, pill) => {
    expect(resultMarker(teamGoals, opponentGoals)).toBe(marker);
    expect(resultPill(teamGoals, opponentGoals)).toBe(pill);
  });

  it("reads a home/away score from the side of the team on the page", () => {
    expect(goalsFromTeamView(true, 2, 1)).toEqual({ teamGoals: 2, opponentGoals: 1 });
    expect(goalsFromTeamView(false, 2, 1)).toEqual({ teamGoals: 1, opponentGoals: 2 });
    const { teamGoals, opponentGoals } = goalsFromTeamView(false, 2, 1);
    expect(resultPill(teamGoals, opponentGoals)).toBe("Loss");
  });
});

describe("formString: 'team form shows at most 5 matches'", () => {
  const at = (day: number) => `2026-02-${String(day).padStart(2, "0")}T15:00:00Z`;
  const match = (teamGoals: number | null, opponentGoals: number | null, day: number): TeamResult => ({
    teamGoals,
    opponentGoals,
    kickoffAt: at(day),
  });

  it("TEAM_FORM_LIMIT is 5", () => {
    expect(TEAM_FORM_LIMIT).toBe(5);
  });

  it("gives the last 5, oldest first, whatever order the matches come in", () => {
    const season = [match(1, 0, 7), match(0, 2, 1), match(2, 2, 14), match(3, 1, 21), match(0, 1, 28), match(1, 1, 3)];
    // In kickoff order: L (1st), D (3rd), W (7th), D (14th), W (21st), L (28th).
    expect(formString(season)).toBe("DWDWL");
  });

  it("takes a different count", () => {
    expect(formString([match(1, 0, 1), match(0, 0, 2), match(0, 1, 3)], 2)).toBe("DL");
  });

  it("leaves out matches without a score", () => {
    expect(formString([match(1, 0, 1), match(null, null, 2), match(2, 0, 3)])).toBe("WW");
  });

  it("is empty without results", () => {
    expect(formString([])).toBe("");
  });
});

describe("displayForm: 'Form shows 'N/A' if missing'", () => {
  it.each([
    ["WDLWW", "WDLWW"],
    ["LWDLWW", "WDLWW"],
    ["w-d-l", "WDL"],
    ["", "N/A"],
    [null, "N/A"],
    [undefined, "N/A"],
  ])("%s shows as %s", (form, shown) => {
    expect(displayForm(form)).toBe(shown);
  });
});

describe("formSummary: the totals beside the form letters", () => {
  const result = (teamGoals: number | null, opponentGoals: number | null, day: number): TeamResult => ({
    teamGoals,
    opponentGoals,
    kickoffAt: `2026-01-${String(day).padStart(2, "0")}T15:00:00Z`,
  });

  it.each([
    ["no results", [], { played: 0, wins: 0, draws: 0, losses: 0, goalsFor: 0, goalsAgainst: 0, form: "N/A" }],
    [
      "a win, a draw and a loss, newest first",
      [result(0, 2, 10), result(1, 1, 5), result(3, 1, 1)],
      { played: 3, wins: 1, draws: 1, losses: 1, goalsFor: 4, goalsAgainst: 4, form: "WDL" },
    ],
    [
      "only the last 5 of 6",
      [result(5, 0, 1), result(1, 0, 2), result(1, 0, 3), result(0, 0, 4), result(0, 1, 5), result(2, 1, 6)],
      { played: 5, wins: 3, draws: 1, losses: 1, goalsFor: 4, goalsAgainst: 2, form: "WWDLW" },
    ],
    [
      "a match without a score counts in none",
      [result(2, 0, 1), result(null, null, 2)],
      { played: 1, wins: 1, draws: 0, losses: 0, goalsFor: 2, goalsAgainst: 0, form: "W" },
    ],
  ] as const)("%s", (_, results, summary) => {
    expect(formSummary(results)).toEqual(summary);
  });
});
