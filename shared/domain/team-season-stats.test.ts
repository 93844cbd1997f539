import { describe, expect, it } from "vitest";
import { ordinal, standingLabel } from "./format";
import {
  bttsFromAverages,
  over25FromAverage,
  teamSeasonStatsOverview,
  winRatesLabel,
  type TeamSeasonFigures,
} from "./team-season-stats";

/** 10 matches, 5 home (3 won) and 5 away (1 won); 18 scored, 12 conceded; 4 clean sheets. */
const figures: TeamSeasonFigures = {
  playedHome: 5,
  playedAway: 5,
  winsHome: 3,
  winsAway: 1,
  goalsForHome: 11,
  goalsForAway: 7,
  goalsAgainstHome: 4,
  goalsAgainstAway: 8,
  cleanSheets: 4,
  over25Matches: 6,
  bothScoredMatches: 5,
};

describe("teamSeasonStatsOverview: the six 'Team Stats Overview' figures from stored season figures", () => {
  const stats = teamSeasonStatsOverview(figures);

  it.each([
    ["matches", 10],
    ["avgGoalsScored", 1.8],
    ["avgGoalsConceded", 1.2],
    ["cleanSheets", 4],
    ["over25Percentage", 60], // counted: 6 of 10
    ["bttsPercentage", 50], // counted: 5 of 10
    ["homeWinRate", 60], // 3 of 5
    ["awayWinRate", 20], // 1 of 5
    ["over25Basis", "counted"],
    ["bttsBasis", "counted"],
  ] as const)("%s is %s", (figure, value) => {
    expect(stats?.[figure]).toBe(value);
  });

  it("averages keep 2 decimals", () => {
    const three = {
      ...figures,
      playedHome: 2,
      playedAway: 1,
      goalsForHome: 3,
      goalsForAway: 1,
      goalsAgainstHome: 1,
      goalsAgainstAway: 1,
      over25Matches: 1,
      bothScoredMatches: 1,
      winsHome: 1,
      winsAway: 0,
    };
    expect(teamSeasonStatsOverview(three)).toMatchObject({
      avgGoalsScored: 1.33,
      avgGoalsConceded: 0.67,
      over25Percentage: 33,
      homeWinRate: 50,
      awayWinRate: 0,
    });
  });

  it("estimates over 2.5 and BTTS from the averages when the source has no counts (spec 9)", () => {
    const estimated = teamSeasonStatsOverview({ ...figures, over25Matches: null, bothScoredMatches: null });
    // 3.0 goals a match in all: P(3+ goals) under Poisson(3) = 57.7%.
    // Scoring 1.8 and conceding 1.2 a match: (1 − e^−1.8)(1 − e^−1.2) = 58.4%.
    expect(estimated).toMatchObject({
      over25Percentage: 58,
      bttsPercentage: 58,
      over25Basis: "estimated",
      bttsBasis: "estimated",
    });
    // The rest does not depend on the counts.
    expect(estimated).toMatchObject({ avgGoalsScored: 1.8, cleanSheets: 4, homeWinRate: 60, awayWinRate: 20 });
  });

  it("does not trust a count larger than the matches played", () => {
    expect(teamSeasonStatsOverview({ ...figures, over25Matches: 11, bothScoredMatches: -1 })).toMatchObject({
      over25Basis: "estimated",
      bttsBasis: "estimated",
    });
  });

  it("has no home or away win rate before the team played there", () => {
    expect(
      teamSeasonStatsOverview({
        ...figures,
        playedAway: 0,
        winsAway: 0,
        goalsForAway: 0,
        goalsAgainstAway: 0,
        over25Matches: 3,
        bothScoredMatches: 2,
      }),
    ).toMatchObject({
      matches: 5,
      homeWinRate: 60,
      awayWinRate: null,
    });
  });

  it("is null before the first completed match ('No completed matches in current season yet')", () => {
    expect(teamSeasonStatsOverview({ ...figures, playedHome: 0, playedAway: 0 })).toBeNull();
  });
});

describe("the spec's estimates", () => {
  it.each([
    [0, 0],
    [1, 8],
    [2.5, 46],
    [2.7, 51],
    [3, 58],
    [5, 88],
    // Capped at 100 however high the average.
    [40, 100],
    [-1, 0],
  ])("over 2.5 from an average of %s goals a match: %s%%", (average, expected) => {
    expect(over25FromAverage(average)).toBe(expected);
  });

  it.each([
    [0, 2, 0],
    [1, 1, 40],
    [1.8, 1.2, 58],
    [3, 3, 90],
    [50, 50, 100],
  ])("BTTS from scoring %s and conceding %s a match: %s%%", (scored, conceded, expected) => {
    expect(bttsFromAverages(scored, conceded)).toBe(expected);
  });
});

describe("the page's standing and win-rate texts", () => {
  it.each([
    [1, 52, "1st – 52 pts"],
    [2, 48, "2nd – 48 pts"],
    [3, 45, "3rd – 45 pts"],
    [4, 41, "4th – 41 pts"],
    [11, 30, "11th – 30 pts"],
    [12, 29, "12th – 29 pts"],
    [13, 28, "13th – 28 pts"],
    [18, 12, "18th – 12 pts"],
    [20, 0, "20th – 0 pts"],
  ])("position %s with %s points reads %s", (position, points, text) => {
    expect(standingLabel(position, points)).toBe(text);
  });

  it("gives st, nd, rd for 1 to 3 and th otherwise within a table", () => {
    expect(Array.from({ length: 20 }, (_, i) => ordinal(i + 1).replace(/\d+/, ""))).toEqual([
      "st",
      "nd",
      "rd",
      ...Array(17).fill("th"),
    ]);
  });

  it.each([
    [67, 33, "67% | 33%"],
    [100, 0, "100% | 0%"],
    [50, null, "50% | n/a"],
    [null, null, "n/a | n/a"],
  ])("win rates %s and %s read %s", (home, away, text) => {
    expect(winRatesLabel(home, away)).toBe(text);
  });
});
