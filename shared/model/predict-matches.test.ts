import { describe, expect, it } from "vitest";
import { roundTo } from "../domain/format";
import { gridMarkets, GRID_SIDE, scorelineGrid } from "./scoreline-grid";
import { MODEL_VERSION } from "./model-version";
import { predictMatches, weekStart, type ModelFit } from "./predict-matches";
import type { PlayedMatch, UpcomingMatch } from "./types";
import { ModelInputError } from "./validate-input";

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** Six clubs of a made-up league, strongest first. */
const TEAMS = [
  { id: 1, name: "Alpha", attack: 0.45, defence: 0.35 },
  { id: 2, name: "Bravo", attack: 0.2, defence: 0.15 },
  { id: 3, name: "Charlie", attack: 0.05, defence: 0 },
  { id: 4, name: "Delta", attack: -0.1, defence: -0.05 },
  { id: 5, name: "Echo", attack: -0.25, defence: -0.2 },
  { id: 6, name: "Foxtrot", attack: -0.35, defence: -0.25 },
];
const nameOf = (id: number) => TEAMS.find((t) => t.id === id)!.name;
const HOME_ADVANTAGE = 0.25;
const RHO = -0.08;

function trueMarkets(home: number, away: number) {
  const h = TEAMS.find((t) => t.id === home)!;
  const a = TEAMS.find((t) => t.id === away)!;
  const lambda = Math.exp(0.3 + HOME_ADVANTAGE + h.attack - a.defence);
  const mu = Math.exp(0.3 + a.attack - h.defence);
  return { grid: scorelineGrid(lambda, mu, RHO), lambda, mu };
}

/** Prices with a 5% margin spread evenly, as a bookmaker might quote them. */
const price = (p: number) => Number((1 / (p * 1.05)).toFixed(2));

/** Every pairing once per half season, three matches a Saturday, seasons starting in August. */
function league(seasons: string[], seed: number): PlayedMatch[] {
  const next = random(seed);
  const matches: PlayedMatch[] = [];
  for (const season of seasons) {
    const year = 2000 + Number(season.slice(0, 2));
    let day = Date.UTC(year, 7, 7, 14);
    const pairings = TEAMS.flatMap((h) => TEAMS.filter((a) => a !== h).map((a) => [h.id, a.id] as const));
    pairings.forEach(([home, away], i) => {
      if (i > 0 && i % 3 === 0) day += 7 * 24 * 3600 * 1000;
      const { grid } = trueMarkets(home, away);
      let u = next();
      let cell = 0;
      while (cell < grid.length - 1 && u > grid[cell]) u -= grid[cell++];
      const homeGoals = Math.floor(cell / GRID_SIDE);
      const awayGoals = cell % GRID_SIDE;
      const markets = gridMarkets(grid);
      matches.push({
        id: `${season}-${home}-${away}`,
        league: "serie-a",
        season,
        kickoff: new Date(day),
        homeTeamId: home,
        awayTeamId: away,
        homeGoals,
        awayGoals,
        homeShotsOnTarget: 3 * homeGoals + Math.floor(4 * next()),
        awayShotsOnTarget: 3 * awayGoals + Math.floor(4 * next()),
        resultOdds: { home: price(markets.home), draw: price(markets.draw), away: price(markets.away) },
        overUnderOdds: { over: price(markets.over25), under: price(1 - markets.over25) },
      });
    });
  }
  return matches;
}

const HISTORY = league(["2021", "2122", "2223"], 17);
const NEXT_SEASON = league(["2324"], 99);
const TEST_OPTIONS = { minLeagueMatches: 30 };

function upcoming(match: PlayedMatch): UpcomingMatch {
  return {
    id: match.id,
    league: match.league,
    season: match.season,
    kickoff: match.kickoff,
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    homeTeam: nameOf(match.homeTeamId),
    awayTeam: nameOf(match.awayTeamId),
    resultOdds: match.resultOdds,
    overUnderOdds: match.overUnderOdds,
  };
}

const firstRound = NEXT_SEASON.slice(0, 3);
const secondRound = NEXT_SEASON.slice(3, 6);
const asOf = new Date(weekStart(firstRound[0].kickoff.getTime()));
const first = predictMatches({ history: HISTORY, upcoming: firstRound.map(upcoming), asOf, options: TEST_OPTIONS });

describe("predictMatches", () => {
  it("predicts every upcoming match, in order, with the model version", () => {
    expect(first.predictions.map((p) => p.matchId)).toEqual(firstRound.map((m) => m.id));
    for (const p of first.predictions) expect(p.modelVersion).toBe(MODEL_VERSION);
    expect(first.fit.modelVersion).toBe(MODEL_VERSION);
  });

  it("publishes probabilities that add up, and a grid that agrees with them", () => {
    for (const p of first.predictions) {
      const { home, draw, away, over25, btts } = p.probabilities;
      expect(home + draw + away).toBeCloseTo(1, 10);
      for (const value of [over25, btts]) expect(value).toBeGreaterThan(0.05);
      expect(p.grid).toHaveLength(121);
      expect(p.grid.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 10);
      const markets = gridMarkets(Float64Array.from(p.grid));
      expect(markets.home).toBeCloseTo(home, 6);
      expect(markets.over25).toBeCloseTo(over25, 6);
      expect(markets.btts).toBeCloseTo(btts, 4);
      const goals = p.grid.reduce((s, v, i) => s + v * Math.floor(i / GRID_SIDE), 0);
      expect(p.expectedGoals.home).toBeCloseTo(goals, 10);
    }
  });

  it("makes the three tracked picks in the spec's texts, and the best pick is the surest of them", () => {
    for (const p of first.predictions) {
      const match = firstRound.find((m) => m.id === p.matchId)!;
      const { result, overUnder, btts } = p.picks;
      const expectedResult = {
        "1": `${nameOf(match.homeTeamId)} to Win`,
        X: "Draw",
        "2": `${nameOf(match.awayTeamId)} to Win`,
      }[result.code];
      expect(result.text).toBe(expectedResult);
      expect(overUnder.text).toBe(overUnder.side === "over" ? "Over 2.5 Goals" : "Under 2.5 Goals");
      expect(btts.text).toBe(btts.code === "YES" ? "BTTS: Yes" : "BTTS: No");
      expect(overUnder.side === "over").toBe(p.probabilities.over25 >= 0.5);
      const best = [result, overUnder, btts].reduce((a, b) => (b.probability > a.probability ? b : a));
      expect(p.bestPick.text).toBe(best.text);
      expect(p.confidence).toBe(roundTo(100 * best.probability, 1));
      for (const pick of [result, overUnder, btts]) expect(pick.confidence).toBe(roundTo(100 * pick.probability, 1));
      expect(result.odds).toBe(
        [match.resultOdds!.home, match.resultOdds!.draw, match.resultOdds!.away][["1", "X", "2"].indexOf(result.code)],
      );
      expect(btts.odds).toBeNull();
    }
  });

  it("the projected score is the likeliest score with the picked result", () => {
    for (const p of first.predictions) {
      const { home, away } = p.projectedScore;
      const code = home > away ? "1" : home === away ? "X" : "2";
      expect(code).toBe(p.picks.result.code);
    }
  });

  it("favours the strongest club at home against the weakest", () => {
    const match = NEXT_SEASON.find((m) => m.homeTeamId === 1 && m.awayTeamId === 6)!;
    const result = predictMatches({
      history: HISTORY,
      upcoming: [upcoming(match)],
      asOf: new Date(weekStart(match.kickoff.getTime())),
      options: TEST_OPTIONS,
    });
    const p = result.predictions[0];
    expect(p.picks.result.text).toBe("Alpha to Win");
    expect(p.probabilities.home).toBeGreaterThan(0.6);
    expect(p.modelOnly.home).toBeGreaterThan(0.55);
    expect(p.expectedGoals.home).toBeGreaterThan(p.expectedGoals.away + 1);
  });

  it("tracks the week's forecasts as pending, made before kick-off", () => {
    expect(Object.keys(first.fit.pending).sort()).toEqual(firstRound.map((m) => m.id).sort());
    expect(first.fit.track.length).toBeGreaterThan(0);
    expect(first.fit.track.every((e) => e.kickoff < asOf.getTime() && e.outcome !== undefined)).toBe(true);
  });

  it("the next call settles those forecasts into the track and predicts the next week", () => {
    const before = structuredClone(first.fit);
    const nextAsOf = new Date(weekStart(secondRound[0].kickoff.getTime()));
    const second = predictMatches({
      history: [...HISTORY, ...firstRound],
      upcoming: secondRound.map(upcoming),
      asOf: nextAsOf,
      previousFit: first.fit,
      options: TEST_OPTIONS,
    });
    const settled = second.fit.track.filter((e) => firstRound.some((m) => m.id === e.matchId));
    expect(settled).toHaveLength(3);
    for (const entry of settled) {
      const { outcome, ...forecast } = entry;
      const pending = first.fit.pending[entry.matchId];
      expect({ ...forecast, kickoff: pending.kickoff }).toEqual(pending);
      expect(outcome).toBeDefined();
    }
    expect(second.fit.track.length).toBe(first.fit.track.length + 3);
    expect(Object.keys(second.fit.pending).sort()).toEqual(secondRound.map((m) => m.id).sort());
    expect(second.fit.trackedUntil).toBe(nextAsOf.getTime());
    // The previous fit is left as it was.
    expect(first.fit).toEqual(before);
  });

  it("a fit that went through JSON serves as well as the one in memory", () => {
    const nextAsOf = new Date(weekStart(secondRound[0].kickoff.getTime()));
    const input = {
      history: [...HISTORY, ...firstRound],
      upcoming: secondRound.map(upcoming),
      asOf: nextAsOf,
      options: TEST_OPTIONS,
    };
    const fromMemory = predictMatches({ ...input, previousFit: first.fit });
    const fromJson = predictMatches({ ...input, previousFit: JSON.parse(JSON.stringify(first.fit)) as ModelFit });
    expect(fromJson.predictions).toEqual(fromMemory.predictions);
  });

  it("a fit made with other options is not reused", () => {
    const nextAsOf = new Date(weekStart(secondRound[0].kickoff.getTime()));
    const result = predictMatches({
      history: [...HISTORY, ...firstRound],
      upcoming: secondRound.map(upcoming),
      asOf: nextAsOf,
      previousFit: first.fit,
      options: { ...TEST_OPTIONS, halfLifeDays: 100 },
    });
    expect(result.fit.options.halfLifeDays).toBe(100);
    // Rebuilt from the history: the first round was backfilled, not taken from the old pending list.
    expect(result.fit.track.filter((e) => firstRound.some((m) => m.id === e.matchId))).toHaveLength(3);
  });

  it("without prices, the published forecast is the model's own", () => {
    const unpriced = firstRound.map((m) => ({
      ...upcoming(m),
      resultOdds: null,
      overUnderOdds: { over: 0.5, under: 2 },
    }));
    const result = predictMatches({ history: HISTORY, upcoming: unpriced, asOf, options: TEST_OPTIONS });
    for (const p of result.predictions) {
      expect(p.market).toBeNull();
      expect(p.probabilities).toEqual(p.modelOnly);
      expect(p.picks.overUnder.odds).toBeNull();
    }
  });

  it("predicts a league it has no history for from its priors, home side ahead", () => {
    const newLeague: UpcomingMatch = { ...upcoming(firstRound[0]), id: "new", league: "ligue1" };
    const result = predictMatches({ history: HISTORY, upcoming: [newLeague], asOf, options: TEST_OPTIONS });
    const p = result.predictions[0];
    expect(p.probabilities.home).toBeGreaterThan(p.probabilities.away);
    // Too little history to judge the forecast later: it is not tracked.
    expect(result.fit.pending.new).toBeUndefined();
  });

  it.each([
    ["a history match at or after asOf", { history: [...HISTORY, NEXT_SEASON[0]] }, /kicks off at or after asOf/],
    ["a match listed twice", { history: [...HISTORY, HISTORY[0]] }, /appears twice/],
    [
      "goals that are not whole numbers",
      { history: [...HISTORY.slice(1), { ...HISTORY[0], homeGoals: 1.5 }] },
      /goals must be whole numbers/,
    ],
    ["an unknown league", { upcoming: [{ ...upcoming(firstRound[0]), league: "mls" as never }] }, /unknown league/],
    [
      "a side playing itself",
      { upcoming: [{ ...upcoming(firstRound[0]), awayTeamId: firstRound[0].homeTeamId }] },
      /two different integer team ids/,
    ],
    [
      "a match without team names",
      { upcoming: [{ ...upcoming(firstRound[0]), homeTeam: " " }] },
      /needs both team names/,
    ],
    [
      "a kick-off that is no date",
      { upcoming: [{ ...upcoming(firstRound[0]), kickoff: new Date("x") }] },
      /kickoff is not a date/,
    ],
  ])("refuses %s with a clear error", (_, change, message) => {
    const input = { history: HISTORY, upcoming: firstRound.map(upcoming), asOf, options: TEST_OPTIONS, ...change };
    expect(() => predictMatches(input)).toThrow(ModelInputError);
    expect(() => predictMatches(input)).toThrow(message);
  });
});

describe("weekStart", () => {
  it.each([
    ["2026-02-04T18:00:00Z", "2026-02-02T00:00:00.000Z"],
    ["2026-02-02T00:00:00Z", "2026-02-02T00:00:00.000Z"],
    ["2026-02-01T23:59:59Z", "2026-01-26T00:00:00.000Z"],
    ["1970-01-01T00:00:00Z", "1969-12-29T00:00:00.000Z"],
  ])("%s is in the week from %s", (instant, monday) => {
    expect(new Date(weekStart(Date.parse(instant))).toISOString()).toBe(monday);
  });
});
