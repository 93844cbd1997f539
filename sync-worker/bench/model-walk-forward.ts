/**
 * The walk-forward backtest: the engine is called once per week (Monday 00:00 UTC) with every
 * match before that moment as history and the week's matches as upcoming, each call passing
 * the previous call's fit, exactly as the worker's prediction job chains them. The first call
 * has no previous fit, so it rebuilds the track record the blend learns from, as a fresh
 * worker would.
 */
import { performance } from "node:perf_hooks";
import type { ModelOptions } from "@shared/model/options";
import { predictMatches, weekStart, type ModelFit } from "@shared/model/predict-matches";
import type { MatchPrediction, PlayedMatch, UpcomingMatch } from "@shared/model/types";
import type { HistoricalMatch } from "./football-data-history";

export interface WalkForwardRow {
  match: HistoricalMatch;
  prediction: MatchPrediction;
}

export interface WalkForwardResult {
  rows: WalkForwardRow[];
  weeks: number;
  /** The first call: a cold start that replays the track window. */
  coldStartMs: number;
  /** Every later weekly call. */
  weeklyCallMs: number[];
  lastFit: ModelFit | null;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function asUpcomingMatch(m: HistoricalMatch): UpcomingMatch {
  return {
    id: m.id,
    league: m.league,
    season: m.season,
    kickoff: m.kickoff,
    homeTeamId: m.homeTeamId,
    awayTeamId: m.awayTeamId,
    homeTeam: m.homeTeam,
    awayTeam: m.awayTeam,
    resultOdds: m.resultOdds,
    overUnderOdds: m.overUnderOdds,
  };
}

function asPlayedMatch(m: HistoricalMatch): PlayedMatch {
  return {
    id: m.id,
    league: m.league,
    season: m.season,
    kickoff: m.kickoff,
    homeTeamId: m.homeTeamId,
    awayTeamId: m.awayTeamId,
    resultOdds: m.resultOdds,
    overUnderOdds: m.overUnderOdds,
    homeGoals: m.homeGoals,
    awayGoals: m.awayGoals,
    homeShotsOnTarget: m.homeShotsOnTarget,
    awayShotsOnTarget: m.awayShotsOnTarget,
  };
}

export function walkForward(
  matches: readonly HistoricalMatch[],
  seasons: readonly string[],
  options: Partial<ModelOptions> = {},
): WalkForwardResult {
  const scored = matches.filter((m) => seasons.includes(m.season));
  if (scored.length === 0) throw new Error(`no matches in the seasons ${seasons.join(", ")}`);
  const first = weekStart(Math.min(...scored.map((m) => m.kickoff.getTime())));
  const last = Math.max(...scored.map((m) => m.kickoff.getTime()));

  // The engine sees only what it would see in production: results of earlier matches, and
  // for the week's matches their teams and pre-match prices (no score, no closing price).
  const engineHistory: PlayedMatch[] = matches.map(asPlayedMatch);
  const rows: WalkForwardRow[] = [];
  const weeklyCallMs: number[] = [];
  let coldStartMs = 0;
  let previousFit: ModelFit | null = null;
  let weeks = 0;
  let historyEnd = 0;
  for (let week = first; week <= last; week += WEEK_MS) {
    const upcoming = scored.filter((m) => m.kickoff.getTime() >= week && m.kickoff.getTime() < week + WEEK_MS);
    if (upcoming.length === 0) continue;
    while (historyEnd < matches.length && matches[historyEnd].kickoff.getTime() < week) historyEnd++;
    const started = performance.now();
    const result = predictMatches({
      history: engineHistory.slice(0, historyEnd),
      upcoming: upcoming.map(asUpcomingMatch),
      asOf: new Date(week),
      previousFit,
      options,
    });
    const elapsed = performance.now() - started;
    if (previousFit === null) coldStartMs = elapsed;
    else weeklyCallMs.push(elapsed);
    previousFit = result.fit;
    weeks += 1;
    result.predictions.forEach((prediction, i) => rows.push({ match: upcoming[i], prediction }));
  }
  return { rows, weeks, coldStartMs, weeklyCallMs, lastFit: previousFit };
}
