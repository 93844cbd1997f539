import { describe, expect, it } from "vitest";
import { fitLeagueRatings, ratesFor } from "./league-ratings";
import { DEFAULT_MODEL_OPTIONS } from "./options";
import type { PlayedMatch } from "./types";

const DAY = 24 * 3600 * 1000;
let serial = 0;

/** A double round robin in which every side scores its fixed number of goals at home and away. */
function season(code: string, teams: Record<number, number>, startDay: number, shots = true): PlayedMatch[] {
  const ids = Object.keys(teams).map(Number);
  const matches: PlayedMatch[] = [];
  let day = startDay;
  for (const home of ids) {
    for (const away of ids) {
      if (home === away) continue;
      matches.push({
        id: `m${serial++}`,
        league: "la-liga",
        season: code,
        kickoff: new Date(day * DAY),
        homeTeamId: home,
        awayTeamId: away,
        homeGoals: teams[home],
        awayGoals: teams[away],
        homeShotsOnTarget: shots ? 3 * teams[home] + 1 : null,
        awayShotsOnTarget: shots ? 3 * teams[away] + 1 : null,
      });
      day += 3;
    }
  }
  return matches;
}

// Season 1: clubs 1-4. Season 2: club 4 went down and club 5 came up.
const FIRST = season("2122", { 1: 3, 2: 2, 3: 1, 4: 1 }, 19_000);
const SECOND = season("2223", { 1: 3, 2: 2, 3: 1, 5: 1 }, 19_400);
const asOf = 19_800 * DAY;

function ratings(matches: PlayedMatch[], seasonCode: string, seasonTeamIds: number[]) {
  return fitLeagueRatings({
    league: "la-liga",
    matches,
    asOf,
    season: seasonCode,
    seasonTeamIds,
    options: DEFAULT_MODEL_OPTIONS,
  });
}

describe("fitLeagueRatings", () => {
  const current = ratings([...FIRST, ...SECOND], "2324", [1, 2, 3, 6]);

  it("rates the clubs in the order of their goals", () => {
    const attack = (id: number) => current.goals.teams.find((t) => t.teamId === id)!.attack;
    expect(attack(1)).toBeGreaterThan(attack(2));
    expect(attack(2)).toBeGreaterThan(attack(3));
    expect(current.matchCount).toBe(24);
  });

  it("the newcomers' prior is how promoted clubs did in their first season", () => {
    // Club 5 in 2022-23: 1 goal for and against per match (6 matches) against a 1.75 average.
    // Club 5 in 2022-23 scored 1 a match and conceded 2 (12 in 6) where the league averaged 1.75.
    expect(current.goals.newcomerPrior.attack).toBeCloseTo(Math.log((6 + 0.5) / (6 * 1.75)), 10);
    expect(current.goals.newcomerPrior.defence).toBeCloseTo(-Math.log((12 + 0.5) / (6 * 1.75)), 10);
  });

  it("a club new to the season starts at that prior; a club the data has never seen is rated by it", () => {
    const newcomer = current.goals.teams.find((t) => t.teamId === 6)!;
    expect(newcomer.attack).toBeCloseTo(current.goals.newcomerPrior.attack, 6);
    const known = ratesFor(current.goals, 6, 1);
    const unknown = ratesFor(current.goals, 99, 1);
    expect(unknown.lambda).toBeCloseTo(known.lambda, 6);
  });

  it("fits the shots model on a goals scale, and none without shot data", () => {
    // 84 goals from 3 × 84 + 48 shots on target, give or take the time weights.
    expect(current.goalsPerShotOnTarget).toBeCloseTo(84 / (3 * 84 + 48), 3);
    expect(current.shots).not.toBeNull();
    const noShots = ratings([...season("2122", { 1: 2, 2: 1 }, 19_000, false)], "2223", [1, 2]);
    expect(noShots.shots).toBeNull();
    expect(noShots.goalsPerShotOnTarget).toBeNull();
  });

  it.each([
    ["matches at or after asOf", [...FIRST, { ...FIRST[0], id: "late", kickoff: new Date(asOf) }], 12],
    ["matches older than the window", [...season("1011", { 1: 1, 2: 1 }, 15_000), ...FIRST], 12],
  ])("leaves out %s", (_, matches, count) => {
    expect(ratings(matches, "2223", [1, 2, 3, 4]).matchCount).toBe(count);
  });

  it("a warm start from the previous fit lands on the same ratings", () => {
    // Scores of 0-1, 1-0 and 1-1: rho has an inner optimum.
    const lowScoring = season("2122", { 1: 2, 2: 1, 3: 0, 4: 1 }, 19_000);
    const cold = ratings(lowScoring, "2223", [1, 2, 3, 5]);
    const warm = fitLeagueRatings({
      league: "la-liga",
      matches: lowScoring,
      asOf,
      season: "2223",
      seasonTeamIds: [1, 2, 3, 5],
      options: DEFAULT_MODEL_OPTIONS,
      previous: cold,
    });
    expect(warm.goals.iterations).toBeLessThan(cold.goals.iterations);
    warm.goals.teams.forEach((t, i) => expect(t.attack).toBeCloseTo(cold.goals.teams[i].attack, 4));
    expect(warm.goals.rho).toBeCloseTo(cold.goals.rho, 4);
  });
});

describe("fitLeagueRatings week after week on one history", () => {
  // Three seasons; the third is being played. A walk calls the fit every week with the same array.
  const THIRD = season("2324", { 1: 2, 2: 2, 5: 1, 6: 0 }, 19_800);
  const history = [...FIRST, ...SECOND, ...THIRD];
  const weeks = [19_790, 19_800, 19_807, 19_814, 19_821, 19_828].map((day) => day * DAY);
  const fit = (matches: PlayedMatch[], at: number) =>
    fitLeagueRatings({
      league: "la-liga",
      matches,
      asOf: at,
      season: "2324",
      seasonTeamIds: [1, 2, 5, 6],
      options: DEFAULT_MODEL_OPTIONS,
    });

  it("gives every week what a first fit on a copy of the history gives, in kick-off order or not", () => {
    const reversed = [...history].reverse();
    for (const at of weeks) {
      const expected = fit([...history], at);
      expect(fit(history, at)).toEqual(expected);
      expect(fit(reversed, at).goals.newcomerPrior).toEqual(expected.goals.newcomerPrior);
      expect(fit(reversed, at).matchCount).toBe(expected.matchCount);
    }
    // The window grew with the season, and club 6, new this season, has the newcomers' prior.
    expect(fit(history, weeks[5]).matchCount).toBeGreaterThan(fit(history, weeks[0]).matchCount);
    expect(fit(history, weeks[0]).goals.newcomerPrior).toEqual(fit([...history], weeks[0]).goals.newcomerPrior);
  });

  it("reads a season added to the same history's seasons afresh: the newcomers' prior moves", () => {
    const before = fit(history, 19_300 * DAY);
    const after = fit(history, weeks[5]);
    // At day 19,300 only the first season has been played: no promoted side yet to learn from.
    expect(before.goals.newcomerPrior).toEqual({ attack: 0, defence: 0 });
    expect(after.goals.newcomerPrior.attack).not.toBe(0);
  });
});
