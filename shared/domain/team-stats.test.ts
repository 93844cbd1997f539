import { describe, expect, it } from "vitest";
import { recentResults, teamStatsOverview, type TeamMatch } from "./team-stats";

const ARSENAL = { id: 42, name: "Arsenal" };
const CHELSEA = { id: 49, name: "Chelsea" };
const SPURS = { id: 47, name: "Tottenham" };
const VILLA = { id: 66, name: "Aston Villa" };
const UNNAMED = { id: 1359, name: null };

function match(
  matchId: number,
  kickoffAt: string,
  homeTeam: TeamMatch["homeTeam"],
  awayTeam: TeamMatch["awayTeam"],
  homeGoals: number | null,
  awayGoals: number | null,
): TeamMatch {
  return { matchId, kickoffAt, homeTeam, awayTeam, homeGoals, awayGoals };
}

/** Arsenal's six matches, from Arsenal's side: W 3-1 (H), D 0-0 (A), L 1-2 (H), W 4-0 (A), W 2-1 (A), D 2-2 (H). */
const arsenalSeason: TeamMatch[] = [
  match(1, "2025-08-17T15:30:00Z", ARSENAL, CHELSEA, 3, 1),
  match(2, "2025-08-23T14:00:00Z", SPURS, ARSENAL, 0, 0),
  match(3, "2025-08-31T15:30:00Z", ARSENAL, VILLA, 1, 2),
  match(4, "2025-09-13T11:30:00Z", UNNAMED, ARSENAL, 0, 4),
  match(5, "2025-09-20T14:00:00Z", CHELSEA, ARSENAL, 1, 2),
  match(6, "2025-09-27T16:30:00Z", ARSENAL, SPURS, 2, 2),
];

describe("teamStatsOverview: the six 'Team Stats Overview' figures", () => {
  const stats = teamStatsOverview(ARSENAL.id, arsenalSeason);

  it.each([
    ["matches", 6],
    ["avgGoalsScored", 2], // 12 in 6
    ["avgGoalsConceded", 1], // 6 in 6
    ["cleanSheets", 2], // 0-0 at Spurs, 4-0 away
    ["over25Percentage", 83], // all but the 0-0: 5 of 6
    ["bttsPercentage", 67], // 3-1, 1-2, 2-1, 2-2: 4 of 6
    ["homeWinRate", 33], // won 1 of 3 at home
    ["awayWinRate", 67], // won 2 of 3 away
  ] as const)("%s is %s", (figure, value) => {
    expect(stats?.[figure]).toBe(value);
  });

  it("averages keep 2 decimals", () => {
    const three = arsenalSeason.slice(0, 3); // scored 4, conceded 3
    expect(teamStatsOverview(ARSENAL.id, three)).toMatchObject({ avgGoalsScored: 1.33, avgGoalsConceded: 1 });
  });

  it("counts over 2.5 from matches, not averages: 4-0 and 0-0 average 2 goals a match but one of two went over", () => {
    const stats = teamStatsOverview(ARSENAL.id, [arsenalSeason[1], arsenalSeason[3]]);
    expect(stats).toMatchObject({ over25Percentage: 50, bttsPercentage: 0, homeWinRate: null, awayWinRate: 50 });
  });

  it("leaves out matches without a score and matches of other teams", () => {
    const withNoise = [
      ...arsenalSeason,
      match(7, "2025-10-04T14:00:00Z", ARSENAL, VILLA, null, null),
      match(8, "2025-10-04T14:00:00Z", CHELSEA, SPURS, 5, 0),
    ];
    expect(teamStatsOverview(ARSENAL.id, withNoise)).toEqual(stats);
  });

  it("is null without a completed match ('No completed matches in current season yet')", () => {
    expect(teamStatsOverview(ARSENAL.id, [])).toBeNull();
    expect(teamStatsOverview(ARSENAL.id, [match(9, "2025-08-17T15:30:00Z", ARSENAL, CHELSEA, null, null)])).toBeNull();
  });
});

describe("recentResults: 'Recent Results (Last 5 Matches)' from the team's own view", () => {
  it("gives the last 5, most recent first, with (H)/(A), result marker and the score from the team's side", () => {
    expect(
      recentResults(ARSENAL.id, arsenalSeason).map((r) => [r.matchId, r.opponent, r.venueMarker, r.result, r.score]),
    ).toEqual([
      [6, "Tottenham", "(H)", "D", "2-2"],
      [5, "Chelsea", "(A)", "W", "2-1"],
      [4, "Team #1359", "(A)", "W", "4-0"],
      [3, "Aston Villa", "(H)", "L", "1-2"],
      [2, "Tottenham", "(A)", "D", "0-0"],
    ]);
  });

  it("keeps the date, the opponent's id and the side", () => {
    const [latest] = recentResults(ARSENAL.id, arsenalSeason);
    expect(latest).toEqual({
      matchId: 6,
      kickoffAt: new Date("2025-09-27T16:30:00Z"),
      opponentId: SPURS.id,
      opponent: "Tottenham",
      isHome: true,
      venueMarker: "(H)",
      result: "D",
      score: "2-2",
    });
  });

  it("shows N/A for a match without a score", () => {
    const [latest] = recentResults(ARSENAL.id, [
      ...arsenalSeason,
      match(7, "2025-10-04T14:00:00Z", VILLA, ARSENAL, null, null),
    ]);
    expect(latest).toMatchObject({ opponent: "Aston Villa", venueMarker: "(A)", result: "N/A", score: "N/A" });
  });

  it("takes another limit and any input order", () => {
    const reversed = [...arsenalSeason].reverse();
    expect(recentResults(ARSENAL.id, reversed, 2).map((r) => r.matchId)).toEqual([6, 5]);
  });
});
