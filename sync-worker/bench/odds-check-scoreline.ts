/**
 * The scoreline part of the odds check: the engine's walk-forward forecasts of every match of the
 * walk-forward seasons with the market's 1X2 and over/under prices, each scored by the log score
 * of its actual final score under our published grid and under independent Poisson goals fitted
 * to those prices (shared/model/scoreline-check.ts).
 */
import { performance } from "node:perf_hooks";
import {
  marketPoissonGrid,
  marketTargets,
  scorelineLogScore,
  type ScorelineCheckFigures,
} from "@shared/model/scoreline-check";
import { improvement } from "@shared/model/odds-check";
import type { WalkForwardRow } from "./model-walk-forward";

/** The check over the walk's rows; null when no row has both markets' prices. */
export function runScorelineCheck(
  rows: readonly WalkForwardRow[],
  seasons: readonly string[],
): ScorelineCheckFigures | null {
  const started = performance.now();
  let ours = 0;
  let baseline = 0;
  let oursHigher = 0;
  let matches = 0;
  const scoredSeasons = new Set<string>();
  for (const { match, prediction } of rows) {
    const target = marketTargets(
      match.resultOdds ? [match.resultOdds.home, match.resultOdds.draw, match.resultOdds.away] : null,
      match.overUnderOdds ? [match.overUnderOdds.over, match.overUnderOdds.under] : null,
    );
    if (!target || prediction.grid.length === 0) continue;
    const our = scorelineLogScore(prediction.grid, match.homeGoals, match.awayGoals);
    const their = scorelineLogScore(marketPoissonGrid(target), match.homeGoals, match.awayGoals);
    ours += our;
    baseline += their;
    if (our < their) oursHigher += 1;
    matches += 1;
    scoredSeasons.add(match.season);
  }
  if (matches === 0) return null;
  return {
    seasons: seasons.filter((season) => scoredSeasons.has(season)),
    matches,
    logScore: { ours: ours / matches, baseline: baseline / matches },
    improvement: improvement(ours / matches, baseline / matches),
    oursHigher: oursHigher / matches,
    elapsedMs: Math.round(performance.now() - started),
  };
}
