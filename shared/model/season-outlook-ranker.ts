/**
 * TableRanker: ranks a simulated league table with the league's own tie-breakers, fast enough to
 * run once per simulated season, and in the same order computeStandings gives for the same
 * results.
 */
import type { LeagueKey } from "../domain/leagues";
import { leadingTiebreakers, orderLevelTeams, type RankingTotals, type ScoredMatch } from "../domain/standings";

/**
 * Ranks one table: sorts on the league's leading overall measures (points, then goal difference
 * and goals where the league compares them before head-to-head), and orders each run of teams
 * level on all of them with the league's full rules (standings.ts), so the order is the one
 * computeStandings gives for the same results.
 */
export class TableRanker {
  private readonly measures: Array<(t: RankingTotals) => number>;
  private readonly order: Int32Array;
  private readonly keys: Float64Array;

  constructor(
    private readonly league: LeagueKey,
    private readonly teamIds: readonly number[],
    private readonly names: Readonly<Record<number, string>>,
  ) {
    this.measures = leadingTiebreakers(league);
    // Kept between calls: the previous table is a good start for the next sort. The order of
    // teams level on the keys never depends on it (orderLevelTeams decides them).
    this.order = Int32Array.from(teamIds, (_, i) => i);
    this.keys = new Float64Array(teamIds.length);
  }

  /**
   * The final order (team indexes, best first) from per-team totals and the score of every
   * pairing (homeGoals[h * n + a], -1 while unplayed).
   */
  rank(
    totals: { points: Int32Array; goalsFor: Int32Array; goalsAgainst: Int32Array; awayGoalsFor: Int32Array },
    homeGoals: Int32Array,
    awayGoals: Int32Array,
  ): Int32Array {
    const n = this.teamIds.length;
    const { order, keys, measures } = this;
    const view: RankingTotals = { points: 0, goalsFor: 0, goalsAgainst: 0, awayGoalsFor: 0 };
    for (let i = 0; i < n; i++) {
      view.points = totals.points[i];
      view.goalsFor = totals.goalsFor[i];
      view.goalsAgainst = totals.goalsAgainst[i];
      view.awayGoalsFor = totals.awayGoalsFor[i];
      // Mixed radix: every measure is a whole number well inside ±500.
      let key = 0;
      for (const measure of measures) key = key * 1000 + (measure(view) + 500);
      keys[i] = key;
    }
    // Insertion sort: a table has 18 or 20 rows, mostly in order from the previous season.
    for (let i = 1; i < n; i++) {
      const team = order[i];
      const key = keys[team];
      let j = i - 1;
      while (j >= 0 && keys[order[j]] < key) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = team;
    }
    let start = 0;
    while (start < n) {
      let end = start + 1;
      while (end < n && keys[order[end]] === keys[order[start]]) end++;
      if (end - start > 1) this.orderLevel(order, start, end, totals, homeGoals, awayGoals);
      start = end;
    }
    return order;
  }

  private orderLevel(
    order: Int32Array,
    start: number,
    end: number,
    totals: { points: Int32Array; goalsFor: Int32Array; goalsAgainst: Int32Array; awayGoalsFor: Int32Array },
    homeGoals: Int32Array,
    awayGoals: Int32Array,
  ): void {
    const n = this.teamIds.length;
    const indexes = Array.from(order.subarray(start, end));
    const overall = new Map<number, RankingTotals>();
    const matches: ScoredMatch[] = [];
    for (const i of indexes) {
      overall.set(this.teamIds[i], {
        points: totals.points[i],
        goalsFor: totals.goalsFor[i],
        goalsAgainst: totals.goalsAgainst[i],
        awayGoalsFor: totals.awayGoalsFor[i],
      });
      for (const j of indexes) {
        const cell = i * n + j;
        if (i !== j && homeGoals[cell] >= 0) {
          matches.push({
            homeTeamId: this.teamIds[i],
            awayTeamId: this.teamIds[j],
            homeGoals: homeGoals[cell],
            awayGoals: awayGoals[cell],
          });
        }
      }
    }
    const indexOf = new Map(indexes.map((i) => [this.teamIds[i], i]));
    const ordered = orderLevelTeams(
      this.league,
      indexes.map((i) => this.teamIds[i]),
      overall,
      matches,
      this.names,
    );
    ordered.forEach((teamId, k) => {
      order[start + k] = indexOf.get(teamId)!;
    });
  }
}
