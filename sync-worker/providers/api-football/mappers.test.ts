import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { liveClockOf, mapEvent, mapFixture, mapLineup, matchStateOf, matchweekOfRound } from "./fixture-mappers";
import { seasonCodeOfYear, seasonYearOfCode } from "./mappers";
import { mapOdds, priceOf } from "./odds-mappers";
import { mapFixturePlayers, mapPlayerSeason, passAccuracyOf, ratingOf } from "./player-mappers";
import {
  eventSchema,
  fixturePlayersSchema,
  fixtureSchema,
  lineupSchema,
  oddsSchema,
  playerSchema,
  standingsSchema,
  teamStatisticsSchema,
  type ApiFixture,
} from "./schemas";
import { mapStandings, mapTeamStatistics } from "./standings-mappers";
import { readReplayFile } from "./testing/replay-server";

/** The items of a replay file, parsed with the endpoint's schema as the client does. */
function itemsOf<T>(file: string, schema: z.ZodType<T>): T[] {
  const response = JSON.parse(readReplayFile(file)).response as unknown[];
  return response.map((item) => schema.parse(item));
}

const [manUtdSpurs, arsenalSunderland, _wolvesChelsea, newcastleBrentford] = itemsOf(
  "fixtures-39-2025.json",
  fixtureSchema,
);
const ARSENAL_SUNDERLAND = { homeTeamId: 42, awayTeamId: 746 };
const WOLVES_CHELSEA = { homeTeamId: 39, awayTeamId: 49 };
const MAN_UTD_SPURS = { homeTeamId: 33, awayTeamId: 47 };

function mapped<T>(result: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!result.ok) throw new Error(`expected a mapped item, got: ${result.reason}`);
  return result.value;
}

describe("seasons, rounds and statuses", () => {
  it("converts between API-Football season years and season codes", () => {
    expect(seasonCodeOfYear(2025)).toBe("2526");
    expect(seasonCodeOfYear(2005)).toBe("0506");
    expect(seasonYearOfCode("2526")).toBe(2025);
    expect(seasonYearOfCode("0506")).toBe(2005);
    expect(() => seasonYearOfCode("2527")).toThrow("Not a season code like '2526': 2527");
  });

  it("reads the matchweek from a league round", () => {
    expect(matchweekOfRound("Regular Season - 25")).toBe(25);
    expect(matchweekOfRound("Relegation Round - 1")).toBeNull();
    expect(matchweekOfRound(null)).toBeNull();
  });

  it("maps every short status to pre-match, live or post-match", () => {
    for (const status of ["TBD", "NS", "PST", "CANC", "ABD"]) expect(matchStateOf(status)).toBe("pre-match");
    for (const status of ["1H", "HT", "2H", "ET", "BT", "P", "SUSP", "INT", "LIVE"])
      expect(matchStateOf(status)).toBe("live");
    for (const status of ["FT", "AET", "PEN", "AWD", "WO"]) expect(matchStateOf(status)).toBe("post-match");
    expect(matchStateOf("XYZ")).toBeNull();
  });

  it("reads the live minute and added time in both of the provider's forms", () => {
    expect(liveClockOf("2H", 67, null)).toEqual({ minute: 67, injuryTime: null });
    expect(liveClockOf("1H", 45, 2)).toEqual({ minute: 45, injuryTime: 2 });
    expect(liveClockOf("1H", 47, null)).toEqual({ minute: 45, injuryTime: 2 });
    expect(liveClockOf("2H", 93, null)).toEqual({ minute: 90, injuryTime: 3 });
    expect(liveClockOf("HT", 45, null)).toEqual({ minute: 45, injuryTime: null });
    expect(liveClockOf("2H", null, null)).toEqual({ minute: null, injuryTime: null });
  });
});

describe("fixtures", () => {
  it("maps a live match: minute, live score and half-time score", () => {
    expect(mapped(mapFixture(arsenalSunderland))).toEqual({
      league: "premier-league",
      season: "2526",
      apiFootballFixtureId: 1379102,
      matchweek: 25,
      kickoffAt: new Date("2026-02-07T15:00:00Z"),
      kickoffTimeKnown: true,
      homeTeamId: 42,
      awayTeamId: 746,
      venue: "Emirates Stadium",
      referee: "S. Barrott, England",
      state: "live",
      status: "2H",
      minute: 48,
      injuryTime: null,
      score: { home: 1, away: 1 },
      halfTimeScore: { home: 1, away: 0 },
      statistics: null,
      odds: [],
    });
  });

  it("maps a finished match with its final score, and a match to come without any", () => {
    expect(mapped(mapFixture(manUtdSpurs))).toMatchObject({
      state: "post-match",
      status: "FT",
      minute: null,
      score: { home: 2, away: 0 },
      halfTimeScore: { home: 1, away: 0 },
    });
    expect(mapped(mapFixture(newcastleBrentford))).toMatchObject({
      state: "pre-match",
      status: "NS",
      kickoffAt: new Date("2026-02-07T17:30:00Z"),
      score: null,
      halfTimeScore: null,
      minute: null,
    });
  });

  it("rejects a team outside the registry, an unknown status and a finished match without a score", () => {
    const withTeam = (away: ApiFixture["teams"]["away"]): ApiFixture => ({
      ...newcastleBrentford,
      teams: { ...newcastleBrentford.teams, away },
    });
    expect(mapFixture(withTeam({ id: 99999, name: "Fictional Town", logo: null }))).toEqual({
      ok: false,
      reason: 'fixture 1379104: unknown team: API-Football team 99999 "Fictional Town" is not in the team registry',
    });
    const withStatus = (short: string): ApiFixture => ({
      ...newcastleBrentford,
      fixture: { ...newcastleBrentford.fixture, status: { ...newcastleBrentford.fixture.status, short } },
    });
    expect(mapFixture(withStatus("XYZ"))).toEqual({ ok: false, reason: 'fixture 1379104: unknown status "XYZ"' });
    expect(mapFixture(withStatus("FT"))).toEqual({
      ok: false,
      reason: "fixture 1379104: finished (FT) without a score",
    });
    expect(mapFixture({ ...newcastleBrentford, league: { ...newcastleBrentford.league, id: 2 } })).toEqual({
      ok: false,
      reason: "fixture 1379104: league 2 is not one of the five leagues",
    });
  });
});

describe("events", () => {
  it("maps goals, cards, substitutions and VAR decisions with their side", () => {
    const events = itemsOf("events-1379103.json", eventSchema).map((event) => mapped(mapEvent(event, WOLVES_CHELSEA)));
    expect(events.map((e) => [e.minute, e.extraMinute, e.side, e.type, e.detail, e.playerName])).toEqual([
      [9, null, "away", "Goal", "Penalty", "Cole Palmer"],
      // An own goal carries the side of the player who scored it.
      [21, null, "home", "Goal", "Own Goal", "S. Bueno"],
      [40, null, "away", "Goal", "Normal Goal", "N. Jackson"],
      [33, null, "home", "Card", "Yellow Card", "J. Bellegarde"],
      [45, 1, "away", "Var", "Goal cancelled", "Cole Palmer"],
    ]);
    expect(events[2].assistName).toBe("Cole Palmer");
    expect(events[0].playerId).toBe(152982);
    const [, , , substitution] = itemsOf("events-1379102.json", eventSchema).map((e) =>
      mapped(mapEvent(e, ARSENAL_SUNDERLAND)),
    );
    expect(substitution).toMatchObject({ type: "subst", side: "away", playerName: "E. Le Fée", assistName: "D. Neil" });
  });

  it("rejects an event of a team on neither side, or of an unknown type", () => {
    const [goal] = itemsOf("events-1379102.json", eventSchema);
    expect(mapEvent(goal, WOLVES_CHELSEA)).toEqual({
      ok: false,
      reason: `event at 24': team 42 "Arsenal" plays on neither side`,
    });
    expect(mapEvent({ ...goal, type: "Corner" }, ARSENAL_SUNDERLAND)).toEqual({
      ok: false,
      reason: `event at 24': unknown event type "Corner"`,
    });
  });
});

describe("lineups", () => {
  it("maps formation, coach, starting eleven with grid and positions, and substitutes", () => {
    const [arsenal, sunderland] = itemsOf("lineups-1379102.json", lineupSchema).map((l) =>
      mapped(mapLineup(l, ARSENAL_SUNDERLAND)),
    );
    expect(arsenal.teamId).toBe(42);
    expect(arsenal.formation).toBe("4-3-3");
    expect(arsenal.coachName).toBe("Mikel Arteta");
    expect(arsenal.startXi).toHaveLength(11);
    expect(arsenal.startXi[0]).toEqual({ id: 19465, name: "David Raya", number: 1, pos: "G", grid: "1:1" });
    expect(arsenal.startXi.map((p) => p.pos).join("")).toBe("GDDDDMMMFFF");
    expect(arsenal.substitutes).toHaveLength(8);
    expect(arsenal.substitutes[1]).toEqual({ id: 127769, name: "Gabriel Jesus", number: 9, pos: "F", grid: null });
    expect(sunderland).toMatchObject({ teamId: 746, formation: "4-2-3-1", coachName: "Régis Le Bris" });
  });
});

describe("player statistics", () => {
  it("maps the players who played a fixture, leaving out unused substitutes", () => {
    const [united, spurs] = itemsOf("players-1379101.json", fixturePlayersSchema);
    const { rows, rejections } = mapFixturePlayers(united, MAN_UTD_SPURS);
    expect(rejections).toEqual([]);
    expect(rows.map((row) => row.player.name)).toEqual(["S. Lammens", "B. Mbeumo", "Bruno Fernandes", "Mason Mount"]);
    expect(rows[2]).toMatchObject({
      teamId: 33,
      position: "M",
      isSubstitute: false,
      minutes: 90,
      rating: 8.6,
      goals: 1,
      assists: 1,
      shotsTotal: 3,
      shotsOn: 2,
      passesTotal: 58,
      passesKey: 4,
      tackles: 2,
      yellowCards: 1,
    });
    expect(rows[0]).toMatchObject({ position: "G", saves: 3, goalsConceded: 0 });
    expect(rows[3]).toMatchObject({ isSubstitute: true, minutes: 6, rating: null, goals: 0 });
    expect(mapFixturePlayers(spurs, MAN_UTD_SPURS).rows[0]).toMatchObject({
      player: { name: "C. Romero" },
      redCards: 1,
    });
    expect(mapFixturePlayers(spurs, ARSENAL_SUNDERLAND).rejections).toEqual([
      'player statistics of team 47 "Tottenham": plays on neither side',
    ]);
  });

  it("maps a player's league season, ignoring cups and keeping one row per club", () => {
    const [haaland] = itemsOf("players-39-2025-page-1.json", playerSchema);
    const { rows, rejections } = mapPlayerSeason(haaland, 39);
    expect(rejections).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      player: {
        id: 1100,
        name: "E. Haaland",
        firstname: "Erling",
        lastname: "Braut Haaland",
        nationality: "Norway",
        birthDate: "2000-07-21",
        age: 25,
        position: "Attacker",
        photo: "https://media.api-sports.io/football/players/1100.png",
      },
      teamId: 50,
      league: "premier-league",
      season: "2526",
      position: "Attacker",
      appearances: 24,
      lineups: 24,
      minutes: 2050,
      goals: 22,
      assists: 4,
      shotsTotal: 78,
      shotsOn: 45,
      passesKey: 14,
      passesAccuracy: 11,
      dribblesAttempts: 12,
      dribblesSuccess: 6,
      tackles: 5,
      yellowCards: 2,
      redCards: 0,
      rating: 7.48,
      goalsConceded: 0,
      cleanSheets: 0,
    });
    const [, sanchez] = itemsOf("players-39-2025-page-2.json", playerSchema);
    const moved = mapPlayerSeason(sanchez, 39).rows;
    expect(moved.map((row) => [row.teamId, row.appearances, row.goalsConceded, row.redCards])).toEqual([
      [49, 12, 14, 0],
      [39, 3, 5, 1],
    ]);
  });

  it("rejects a season entry for a club outside the registry", () => {
    const [saka] = itemsOf("players-39-2025-page-1.json", playerSchema).slice(1);
    const abroad = { ...saka, statistics: [{ ...saka.statistics[0], team: { id: 99999, name: "Fictional Town" } }] };
    expect(mapPlayerSeason(abroad, 39)).toEqual({
      rows: [],
      rejections: [
        'player 1460 "B. Saka": unknown team: API-Football team 99999 "Fictional Town" is not in the team registry',
      ],
    });
  });

  it("reads ratings and pass accuracy in the provider's text forms", () => {
    expect(ratingOf("7.361290")).toBe(7.36);
    expect(ratingOf(null)).toBeNull();
    expect(ratingOf("n/a")).toBeNull();
    expect(passAccuracyOf("68%")).toBe(68);
    expect(passAccuracyOf("9")).toBe(9);
    expect(passAccuracyOf(85)).toBe(85);
    expect(passAccuracyOf(null)).toBeNull();
  });
});

describe("standings and team statistics", () => {
  it("maps the table with the form oldest first", () => {
    const [table] = itemsOf("standings-39-2025.json", standingsSchema);
    const { rows, rejections } = mapStandings(table, "premier-league");
    expect(rejections).toEqual([]);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({
      teamId: 42,
      position: 1,
      points: 55,
      played: 24,
      won: 17,
      drawn: 4,
      lost: 3,
      goalsFor: 49,
      goalsAgainst: 17,
      // The provider's "WWWDW" lists the latest match first.
      form: "WDWWW",
    });
    expect(rows[19]).toMatchObject({ teamId: 39, position: 20, points: 8, form: "LLLDL" });
    expect(mapStandings(table, "la-liga").rejections).toEqual(["standings of league 39: not the table of la-liga"]);
  });

  it("maps a team's season statistics, keeping the last five results of its form", () => {
    const arsenal = teamStatisticsSchema.parse(JSON.parse(readReplayFile("team-statistics-39-2025-42.json")).response);
    expect(mapped(mapTeamStatistics(arsenal))).toEqual({
      teamId: 42,
      league: "premier-league",
      season: "2526",
      playedHome: 12,
      playedAway: 12,
      winsHome: 10,
      winsAway: 7,
      drawsHome: 1,
      drawsAway: 3,
      lossesHome: 1,
      lossesAway: 2,
      goalsForHome: 29,
      goalsForAway: 20,
      goalsAgainstHome: 7,
      goalsAgainstAway: 10,
      cleanSheets: 13,
      failedToScore: 3,
      over25Matches: null,
      bothScoredMatches: null,
      form: "WDWWW",
    });
  });
});

describe("odds", () => {
  it("reads Bet365's Match Winner, Over/Under 2.5 and Both Teams Score, ignoring other bets and bookmakers", () => {
    const [newcastleBrentfordOdds] = itemsOf("odds-39-2025-page-1.json", oddsSchema);
    expect(mapOdds(newcastleBrentfordOdds, 8, "opening")).toEqual({
      rows: [
        { source: "bet365", kind: "opening", market: "1x2", home: 2.1, draw: 3.6, away: 3.3 },
        { source: "bet365", kind: "opening", market: "ou25", over: 1.67, under: 2.2 },
        { source: "bet365", kind: "opening", market: "btts", yes: 1.57, no: 2.3 },
      ],
      rejections: [],
    });
    expect(mapOdds(newcastleBrentfordOdds, 8, "closing").rows.map((row) => row.kind)).toEqual([
      "closing",
      "closing",
      "closing",
    ]);
    expect(mapOdds(newcastleBrentfordOdds, 99, "opening")).toEqual({ rows: [], rejections: [] });
  });

  it("rejects a market with a missing or impossible price", () => {
    const [odds] = itemsOf("odds-39-2025-page-1.json", oddsSchema);
    const bet365 = odds.bookmakers[0];
    const broken = {
      ...odds,
      bookmakers: [
        {
          ...bet365,
          bets: [{ ...bet365.bets[0], values: [{ value: "Home", odd: "0.50" }, ...bet365.bets[0].values.slice(1)] }],
        },
      ],
    };
    expect(mapOdds(broken, 8, "opening")).toEqual({
      rows: [],
      rejections: ["odds of fixture 1379104 (Bet365): Match Winner without three valid prices"],
    });
    expect(priceOf("1.00")).toBeNull();
    expect(priceOf("1000")).toBeNull();
    expect(priceOf("12.345")).toBe(12.35);
  });
});
