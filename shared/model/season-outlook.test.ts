import { describe, expect, it } from "vitest";
import { LEAGUE_KEYS, LEAGUES, type LeagueKey } from "../domain/leagues";
import { computeStandings, type MatchResult } from "../domain/standings";
import { simulateSeasonOutlook, type OutlookFixture, type SeasonOutlook } from "./season-outlook";
import { mulberry32 } from "./season-outlook-draws";
import { TableRanker } from "./season-outlook-ranker";

interface Pairing {
  homeTeamId: number;
  awayTeamId: number;
  round: number;
  lambda: number;
  mu: number;
}

/** A double round robin of `teamCount` clubs (circle method) with strengths drawn from a seed. */
function league(teamCount: number, seed: number): { teams: number[]; pairings: Pairing[] } {
  const random = mulberry32(seed);
  const teams = Array.from({ length: teamCount }, (_, i) => 100 + i);
  const strength = new Map(
    teams.map((id) => [id, { attack: (random() - 0.5) * 0.8, defence: (random() - 0.5) * 0.8 }]),
  );
  const pairings: Pairing[] = [];
  const ring = [...teams];
  for (let round = 0; round < teamCount - 1; round++) {
    for (let k = 0; k < teamCount / 2; k++) {
      const [x, y] = [ring[k], ring[teamCount - 1 - k]];
      const [home, away] = round % 2 === 0 ? [x, y] : [y, x];
      pairings.push({ homeTeamId: home, awayTeamId: away, round, lambda: 0, mu: 0 });
      pairings.push({ homeTeamId: away, awayTeamId: home, round: round + teamCount - 1, lambda: 0, mu: 0 });
    }
    ring.splice(1, 0, ring.pop()!);
  }
  for (const p of pairings) {
    const h = strength.get(p.homeTeamId)!;
    const a = strength.get(p.awayTeamId)!;
    p.lambda = Math.exp(0.3 + 0.1 + h.attack - a.defence);
    p.mu = Math.exp(0.3 + a.attack - h.defence);
  }
  pairings.sort((x, y) => x.round - y.round);
  return { teams, pairings };
}

/** Plays pairings from a seed (independent Poisson goals). */
function play(pairings: readonly Pairing[], seed: number): MatchResult[] {
  const random = mulberry32(seed);
  const goals = (rate: number) => {
    let k = 0;
    let p = Math.exp(-rate);
    let s = p;
    const u = random();
    while (u >= s && k < 20) {
      k++;
      p *= rate / k;
      s += p;
    }
    return k;
  };
  return pairings.map((p) => ({
    homeTeamId: p.homeTeamId,
    awayTeamId: p.awayTeamId,
    homeGoals: goals(p.lambda),
    awayGoals: goals(p.mu),
    kickoffAt: new Date(Date.UTC(2025, 7, 2) + p.round * 7 * 86_400_000),
  }));
}

function midSeason(leagueKey: LeagueKey, roundsPlayed: number, seed = 7) {
  const { teams, pairings } = league(LEAGUES[leagueKey].teamCount, seed);
  const results = play(
    pairings.filter((p) => p.round < roundsPlayed),
    seed + 1,
  );
  const remaining: OutlookFixture[] = pairings
    .filter((p) => p.round >= roundsPlayed)
    .map((p) => ({ ...p, rho: -0.08 }));
  return { teams, results, remaining };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The mean over teams of the standard deviation of the final position. */
function meanPositionSpread(outlook: SeasonOutlook): number {
  return (
    sum(
      outlook.teams.map((t) => {
        const mean = sum(t.positions.map((p, i) => p * (i + 1)));
        return Math.sqrt(sum(t.positions.map((p, i) => p * (i + 1 - mean) ** 2)));
      }),
    ) / outlook.teams.length
  );
}

describe("the season outlook simulation", () => {
  it("gives every team a distribution of final places that sums to 1, and every place to exactly one team", () => {
    const input = midSeason("premier-league", 24);
    const outlook = simulateSeasonOutlook({ league: "premier-league", ...input, seasons: 4000 });
    expect(outlook.teams).toHaveLength(20);
    for (const team of outlook.teams) {
      expect(team.positions).toHaveLength(20);
      expect(sum(team.positions)).toBeCloseTo(1, 12);
      expect(team.title).toBe(team.positions[0]);
      expect(team.championsLeague).toBeCloseTo(sum(team.positions.slice(0, 4)), 12);
      expect(team.europaLeague).toBeCloseTo(sum(team.positions.slice(4, 6)), 12);
      expect(team.relegation).toBeCloseTo(sum(team.positions.slice(17, 20)), 12);
      expect(team.positions[team.mostLikelyPosition - 1]).toBe(Math.max(...team.positions));
      expect(team.remaining).toBe(14);
    }
    for (let place = 0; place < 20; place++) {
      expect(sum(outlook.teams.map((t) => t.positions[place]))).toBeCloseTo(1, 12);
    }
    expect(sum(outlook.teams.map((t) => t.title))).toBeCloseTo(1, 12);
    expect(sum(outlook.teams.map((t) => t.championsLeague))).toBeCloseTo(4, 12);
    expect(sum(outlook.teams.map((t) => t.relegation))).toBeCloseTo(3, 12);
    // The Bundesliga and Ligue 1 have 18 clubs and the relegation zone 16-18.
    const short = simulateSeasonOutlook({ league: "bundesliga", ...midSeason("bundesliga", 20), seasons: 2000 });
    expect(short.teams).toHaveLength(18);
    expect(sum(short.teams.map((t) => t.relegation))).toBeCloseTo(3, 12);
  });

  it("with no fixtures left, gives certainties equal to the real table with the league's tie-breakers", () => {
    for (const key of LEAGUE_KEYS) {
      const { teams, pairings } = league(LEAGUES[key].teamCount, 11);
      const results = play(pairings, 12);
      const table = computeStandings(key, results, { teams });
      const outlook = simulateSeasonOutlook({ league: key, teams, results, remaining: [], seasons: 50 });
      expect(outlook.teams.map((t) => t.teamId)).toEqual(table.map((r) => r.teamId));
      outlook.teams.forEach((team, i) => {
        expect(team.positions[i]).toBe(1);
        expect(sum(team.positions)).toBe(1);
        expect(team.expectedPoints).toBe(table[i].points);
        expect(team.expectedGoalDifference).toBe(table[i].goalDifference);
        expect(team.title).toBe(i === 0 ? 1 : 0);
        expect(team.relegation).toBe(table[i].band?.key === "relegation" ? 1 : 0);
        expect(team.championsLeague).toBe(table[i].band?.key === "champions-league" ? 1 : 0);
      });
    }
  });

  it("gives the same numbers for the same seed, and other numbers for another seed", () => {
    const input = midSeason("la-liga", 30);
    const a = simulateSeasonOutlook({ league: "la-liga", ...input, seasons: 3000, seed: 42 });
    const b = simulateSeasonOutlook({ league: "la-liga", ...input, seasons: 3000, seed: 42 });
    const c = simulateSeasonOutlook({ league: "la-liga", ...input, seasons: 3000, seed: 43 });
    expect(b).toEqual(a);
    expect(c.teams.map((t) => t.expectedPoints)).not.toEqual(a.teams.map((t) => t.expectedPoints));
    // A fixed seed gives fixed numbers: the leader's figures as this code computes them.
    const leader = a.teams[0];
    expect({ points: leader.expectedPoints.toFixed(3), title: leader.title.toFixed(4) }).toMatchInlineSnapshot(`
      {
        "points": "79.028",
        "title": "0.8877",
      }
    `);
  });

  it("spreads the final places wider the more games are left, and wider with rating uncertainty than without", () => {
    const early = simulateSeasonOutlook({ league: "serie-a", ...midSeason("serie-a", 10), seasons: 4000 });
    const late = simulateSeasonOutlook({ league: "serie-a", ...midSeason("serie-a", 32), seasons: 4000 });
    expect(meanPositionSpread(early)).toBeGreaterThan(meanPositionSpread(late) * 1.5);
    const input = midSeason("serie-a", 10);
    const certain = simulateSeasonOutlook({ league: "serie-a", ...input, seasons: 4000, sigma: 0 });
    const uncertain = simulateSeasonOutlook({ league: "serie-a", ...input, seasons: 4000 });
    expect(meanPositionSpread(uncertain)).toBeGreaterThan(meanPositionSpread(certain));
  });

  it("keeps expected goals: a team's expected points and goal difference match its scoring rates", () => {
    // Two clubs left to play each other once, the home side far stronger.
    const outlook = simulateSeasonOutlook({
      league: "premier-league",
      teams: [1, 2],
      results: [],
      remaining: [{ homeTeamId: 1, awayTeamId: 2, lambda: 2.5, mu: 0.5, rho: 0 }],
      seasons: 20_000,
      sigma: 0,
    });
    const home = outlook.teams.find((t) => t.teamId === 1)!;
    expect(home.expectedGoalDifference).toBeCloseTo(2, 1);
    expect(home.expectedPoints).toBeGreaterThan(2.3);
  });

  it("ranks simulated tables exactly as computeStandings does, the fast path and the full tie-breakers agreeing", () => {
    for (const key of LEAGUE_KEYS) {
      const n = LEAGUES[key].teamCount;
      for (let seed = 1; seed <= 40; seed++) {
        // Low-scoring seasons, part played: many teams level on points, some on everything.
        const { teams, pairings } = league(n, seed);
        const rounds = seed % 3 === 0 ? 2 * (n - 1) : 3 + (seed % 7);
        const results = play(
          pairings.filter((p) => p.round < rounds).map((p) => ({ ...p, lambda: p.lambda / 3, mu: p.mu / 3 })),
          seed * 31,
        );
        const names = Object.fromEntries(teams.map((id) => [id, seed % 2 === 0 ? `Club ${(id * 7) % 23}` : ""]));
        const expected = computeStandings(key, results, { teams, teamNames: names }).map((r) => r.teamId);
        const index = new Map(teams.map((id, i) => [id, i]));
        const totals = {
          points: new Int32Array(n),
          goalsFor: new Int32Array(n),
          goalsAgainst: new Int32Array(n),
          awayGoalsFor: new Int32Array(n),
        };
        const home = new Int32Array(n * n).fill(-1);
        const away = new Int32Array(n * n).fill(-1);
        for (const r of results) {
          const [h, a] = [index.get(r.homeTeamId)!, index.get(r.awayTeamId)!];
          totals.goalsFor[h] += r.homeGoals;
          totals.goalsAgainst[h] += r.awayGoals;
          totals.goalsFor[a] += r.awayGoals;
          totals.goalsAgainst[a] += r.homeGoals;
          totals.awayGoalsFor[a] += r.awayGoals;
          totals.points[h] += r.homeGoals > r.awayGoals ? 3 : r.homeGoals === r.awayGoals ? 1 : 0;
          totals.points[a] += r.awayGoals > r.homeGoals ? 3 : r.homeGoals === r.awayGoals ? 1 : 0;
          home[h * n + a] = r.homeGoals;
          away[h * n + a] = r.awayGoals;
        }
        const ranked = Array.from(new TableRanker(key, teams, names).rank(totals, home, away), (i) => teams[i]);
        expect(ranked, `${key}, seed ${seed}`).toEqual(expected);
      }
    }
  });
});

describe("the stakes of a fixture", () => {
  const teams = [1, 2, 3, 4];
  const result = (homeTeamId: number, awayTeamId: number, homeGoals: number, awayGoals: number) => ({
    homeTeamId,
    awayTeamId,
    homeGoals,
    awayGoals,
  });
  // 1 and 2 level on 6 points with the same goals; 3 and 4 far behind on 0 and 3.
  const results = [result(1, 3, 2, 0), result(2, 4, 2, 0), result(1, 4, 1, 0), result(2, 3, 1, 0), result(4, 3, 1, 0)];
  const fixture = (homeTeamId: number, awayTeamId: number): OutlookFixture => ({
    homeTeamId,
    awayTeamId,
    lambda: 1.4,
    mu: 1.1,
    rho: 0,
  });
  const run = (remaining: OutlookFixture[], stakesFor: number[]) =>
    simulateSeasonOutlook({ league: "premier-league", teams, results, remaining, stakesFor, seasons: 4_000, sigma: 0 });

  it("a title decider: the winner takes the title, the loser cannot", () => {
    const outlook = run([fixture(1, 2), fixture(3, 4)], [0]);
    const [stakes] = outlook.stakes;
    expect(stakes).toMatchObject({ index: 0, homeTeamId: 1, awayTeamId: 2 });
    expect(stakes.home.title).toMatchObject({ win: 1, loss: 0 });
    expect(stakes.away.title).toMatchObject({ win: 1, loss: 0 });
    expect(stakes.home.swing).toBe(1);
    expect(stakes.importance).toBe(2);
    // The results' shares are the simulated seasons', and each club's chance today is the
    // average of its chances under each result, weighted by how often it happened.
    const { home, draw, away } = stakes.results;
    expect(home + draw + away).toBeCloseTo(1, 12);
    for (const [side, teamId] of [
      ["home", 1],
      ["away", 2],
    ] as const) {
      const chances = stakes[side].title;
      const [win, loss] = side === "home" ? [home, away] : [away, home];
      const total = win * chances.win! + draw * chances.draw! + loss * chances.loss!;
      expect(total).toBeCloseTo(outlook.teams.find((t) => t.teamId === teamId)!.title, 12);
    }
  });

  it("a dead rubber: nothing either club can reach or lose changes", () => {
    const outlook = run([fixture(1, 2), fixture(3, 4)], [1]);
    const [stakes] = outlook.stakes;
    expect(stakes).toMatchObject({ index: 1, homeTeamId: 3, awayTeamId: 4, importance: 0 });
    expect(stakes.home.title).toEqual({ win: 0, draw: 0, loss: 0 });
    // Four clubs: every one of them is in the Premier League's Champions League places, whatever happens.
    expect(stakes.away.championsLeague).toEqual({ win: 1, draw: 1, loss: 1 });
  });

  it("watching fixtures changes none of the outlook's own numbers", () => {
    const watched = run([fixture(1, 2), fixture(3, 4)], [0, 1]);
    const unwatched = run([fixture(1, 2), fixture(3, 4)], []);
    expect(watched.teams).toEqual(unwatched.teams);
    expect(unwatched.stakes).toEqual([]);
    expect(watched.stakes.map((s) => s.index)).toEqual([0, 1]);
  });

  it("refuses an index that is not a remaining fixture", () => {
    expect(() => run([fixture(1, 2)], [1])).toThrow("stakesFor: 1 is not the index of a remaining fixture");
  });
});
