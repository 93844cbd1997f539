import { describe, expect, it } from "vitest";
import { leagueSchedule, matchesOfMatchweek, matchweeksAround, type ScheduledMatch } from "./matchweeks";
import { parseRoute } from "./routes";
import { matchweekUrl } from "./urls";

const DAY = 24 * 60 * 60 * 1000;
/** Saturday 16 August 2025, 15:00 UTC: round 1. */
const FIRST_SATURDAY = Date.UTC(2025, 7, 16, 15);

/** Rounds of a double round robin of `clubs` clubs (1 to clubs), by the circle method. */
function doubleRoundRobin(clubs: number): [number, number][][] {
  const rotating = Array.from({ length: clubs }, (_, index) => index + 1);
  const rounds: [number, number][][] = [];
  for (let round = 0; round < clubs - 1; round++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < clubs / 2; i++) {
      const [a, b] = [rotating[i], rotating[clubs - 1 - i]];
      pairs.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    rotating.splice(1, 0, rotating.pop()!);
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([home, away]) => [away, home] as [number, number]))];
}

/** Ten clubs, 18 rounds of five matches, one round a Saturday two hours apart: match id = round × 100 + index. */
function season(): ScheduledMatch[] {
  return doubleRoundRobin(10).flatMap((pairs, round) =>
    pairs.map(([homeTeamId, awayTeamId], index) => ({
      id: (round + 1) * 100 + index,
      kickoffAt: new Date(FIRST_SATURDAY + round * 7 * DAY + index * 2 * 60 * 60 * 1000),
      homeTeamId,
      awayTeamId,
    })),
  );
}

const ROUNDS = 18;
const ids = (round: number) => [0, 1, 2, 3, 4].map((index) => round * 100 + index);

function moveMatch(matches: ScheduledMatch[], id: number, kickoffAt: Date): ScheduledMatch[] {
  return matches.map((match) => (match.id === id ? { ...match, kickoffAt } : match));
}

describe("a league season's matchweeks", () => {
  it("numbers the rounds as the league plays them: the clubs' nth match is matchweek n", () => {
    const schedule = leagueSchedule(season(), ROUNDS);
    expect([...schedule.centres.keys()]).toEqual(Array.from({ length: ROUNDS }, (_, index) => index + 1));
    // The median of 15:00 to 23:00: 19:00.
    expect(schedule.centres.get(1)).toEqual(new Date(FIRST_SATURDAY + 4 * 60 * 60 * 1000));
    for (let week = 1; week <= ROUNDS; week++) expect(matchesOfMatchweek(schedule, week)).toEqual(ids(week));
    expect([...schedule.placements.values()].some((placement) => placement.moved)).toBe(false);
  });

  it("keeps a weekend round's Friday and Monday matches in it, unmoved", () => {
    const friday = moveMatch(season(), 300, new Date(FIRST_SATURDAY + 2 * 7 * DAY - 19 * 60 * 60 * 1000));
    const matches = moveMatch(friday, 304, new Date(FIRST_SATURDAY + 2 * 7 * DAY + 2 * DAY + 5 * 60 * 60 * 1000));
    const schedule = leagueSchedule(matches, ROUNDS);
    expect(matchesOfMatchweek(schedule, 3)).toEqual(ids(3));
    expect(schedule.placements.get(300)).toEqual({ matchweek: 3, moved: false });
    expect(schedule.placements.get(304)).toEqual({ matchweek: 3, moved: false });
  });

  it("shows a postponed match in the week it is played, marked as moved", () => {
    // Round 2's first match is played on the Wednesday after round 4: nearest to round 5's Saturday.
    const wednesday = new Date(FIRST_SATURDAY + 3 * 7 * DAY + 4 * DAY + 4 * 60 * 60 * 1000);
    const schedule = leagueSchedule(moveMatch(season(), 200, wednesday), ROUNDS);
    expect(schedule.placements.get(200)).toEqual({ matchweek: 5, moved: true });
    expect(matchesOfMatchweek(schedule, 2)).toEqual([201, 202, 203, 204]);
    expect(matchesOfMatchweek(schedule, 5)).toEqual([200, ...ids(5)]);
    // Its two clubs are a match behind meanwhile; the rounds keep their numbers and matches.
    for (const week of [3, 4]) expect(matchesOfMatchweek(schedule, week)).toEqual(ids(week));
    expect([...schedule.placements].filter(([, placement]) => placement.moved).map(([id]) => id)).toEqual([200]);
  });

  it("marks a postponed match played within a midweek round's days as moved, not the round's own matches", () => {
    // From round 3 on, every round is played four days earlier: round 3 on a Tuesday, and round
    // 2's first match, postponed, the next evening.
    const base = season().map((match) =>
      match.id >= 300 ? { ...match, kickoffAt: new Date(match.kickoffAt.getTime() - 4 * DAY) } : match,
    );
    const tuesday = base.find((match) => match.id === 300)!.kickoffAt.getTime();
    const schedule = leagueSchedule(moveMatch(base, 200, new Date(tuesday + DAY)), ROUNDS);
    expect(schedule.placements.get(200)).toEqual({ matchweek: 3, moved: true });
    for (const id of ids(3)) expect(schedule.placements.get(id), String(id)).toEqual({ matchweek: 3, moved: false });
  });

  it("names this week's rounds and their neighbours, and the round after the last one scheduled", () => {
    const schedule = leagueSchedule(season(), ROUNDS);
    const weekOf = (saturday: number) => ({ from: new Date(saturday - 5 * DAY), to: new Date(saturday + 2 * DAY) });
    expect(matchweeksAround(schedule, weekOf(FIRST_SATURDAY + 2 * 7 * DAY))).toEqual({
      current: [3],
      previous: 2,
      next: 4,
    });
    expect(matchweeksAround(schedule, weekOf(FIRST_SATURDAY - 7 * DAY))).toEqual({
      current: [],
      previous: null,
      next: 1,
    });
    expect(matchweeksAround(schedule, weekOf(FIRST_SATURDAY + ROUNDS * 7 * DAY))).toEqual({
      current: [],
      previous: ROUNDS,
      next: null,
    });
    // Only the first three rounds are known so far: the next one is still round 4.
    const known = leagueSchedule(
      season().filter((match) => match.id < 400),
      ROUNDS,
    );
    expect(matchweeksAround(known, weekOf(FIRST_SATURDAY + 2 * 7 * DAY))).toEqual({
      current: [3],
      previous: 2,
      next: 4,
    });
    expect(matchweeksAround(known, weekOf(FIRST_SATURDAY + 3 * 7 * DAY))).toEqual({
      current: [],
      previous: 3,
      next: 4,
    });
  });

  it("has no matchweeks before any fixture is known", () => {
    const schedule = leagueSchedule([], 38);
    expect(schedule.centres.size).toBe(0);
    expect(
      matchweeksAround(schedule, { from: new Date(FIRST_SATURDAY), to: new Date(FIRST_SATURDAY + 7 * DAY) }),
    ).toEqual({
      current: [],
      previous: null,
      next: 1,
    });
  });
});

describe("matchweek addresses", () => {
  it("has one canonical path per league and round", () => {
    expect(matchweekUrl("premier-league", 12)).toBe("/premier-league-predictions/matchweek-12");
    expect(parseRoute("/premier-league-predictions/matchweek-12")).toEqual({
      page: "matchweek",
      league: "premier-league",
      matchweek: 12,
    });
    expect(parseRoute("/ligue-1-predictions/matchweek-34")).toEqual({
      page: "matchweek",
      league: "ligue1",
      matchweek: 34,
    });
  });

  it("redirects leading zeros, upper case and the bare league name to it", () => {
    for (const alias of [
      "/premier-league-predictions/matchweek-012",
      "/Premier-League-Predictions/Matchweek-12",
      "/premier-league/matchweek-12",
    ]) {
      expect(parseRoute(alias), alias).toMatchObject({
        page: "matchweek",
        redirectTo: "/premier-league-predictions/matchweek-12",
      });
    }
    expect(parseRoute("/ligue1/matchweek-3")).toMatchObject({ redirectTo: "/ligue-1-predictions/matchweek-3" });
  });

  it("matches nothing for a round out of the league's range or not a number", () => {
    for (const path of [
      "/premier-league-predictions/matchweek-0",
      "/premier-league-predictions/matchweek-39",
      "/bundesliga-predictions/matchweek-35",
      "/premier-league-predictions/matchweek-abc",
      "/premier-league-predictions/matchweek-",
      "/premier-league-predictions/matchweek-1.5",
      "/premier-league-predictions/matchweek--1",
      "/premier-league-predictions/matchweek-99999",
      "/premier-league-predictions/matchweek-12/extra",
    ]) {
      expect(parseRoute(path), path).toEqual({ page: "not-found" });
    }
    expect(parseRoute("/bundesliga-predictions/matchweek-34")).toMatchObject({ page: "matchweek", matchweek: 34 });
  });
});
