/**
 * The half-time part of the odds check: the engine's walk-forward forecasts of every match of the
 * live seasons with a half-time score, turned into the live win probability at half-time as the
 * live job computes it, scored with the RPS beside the pre-match forecast and the half-time
 * leader rule, with its expected calibration error over the three outcomes.
 */
import { performance } from "node:perf_hooks";
import { liveMatchProbability } from "@shared/model/live-match-probability";
import {
  halfTimeLeaderForecast,
  LIVE_ECE_TARGET,
  meanRps,
  resultCalibrationError,
  resultIndex,
  type LiveCheckFigures,
} from "@shared/model/odds-check";
import type { HistoricalMatch } from "./football-data-history";
import { walkForward, type WalkForwardResult } from "./model-walk-forward";
import type { OddsCheckConfig } from "./odds-check";

/** The matches the check may use: those kicked off before its instant. */
export function knownMatches(matches: readonly HistoricalMatch[], config: OddsCheckConfig): HistoricalMatch[] {
  return matches.filter((m) => m.kickoff.getTime() < config.asOf);
}

/** The engine's walk-forward over the live seasons, shared by the half-time and scoreline parts, and its time. */
export interface LiveSeasonsWalk {
  walk: WalkForwardResult;
  elapsedMs: number;
}

/** The walk over the live seasons; null without matches there. */
export function liveSeasonsWalk(known: readonly HistoricalMatch[], config: OddsCheckConfig): LiveSeasonsWalk | null {
  if (!known.some((m) => config.liveSeasons.includes(m.season))) return null;
  const started = performance.now();
  const walk = walkForward(known, config.liveSeasons, config.modelOptions);
  return { walk, elapsedMs: performance.now() - started };
}

/** The half-time part of the check; null when too few matches of `liveSeasons` have a half-time score. */
export function runLiveCheck(
  known: readonly HistoricalMatch[],
  config: OddsCheckConfig,
  walked: LiveSeasonsWalk | null,
): LiveCheckFigures | null {
  const started = performance.now() - (walked?.elapsedMs ?? 0);
  if (
    !walked ||
    known.filter((m) => config.liveSeasons.includes(m.season) && m.halfTime).length < config.minimumLiveMatches
  )
    return null;
  const { walk } = walked;
  const scored: Array<{ ours: number[]; preMatch: number[]; leader: number[]; outcome: number }> = [];
  for (const { match, prediction } of walk.rows) {
    if (!match.halfTime) continue;
    const live = liveMatchProbability(
      {
        state: "live",
        status: "HT",
        minute: 45,
        injuryTime: null,
        homeScore: match.halfTime.home,
        awayScore: match.halfTime.away,
        events: [],
      },
      // As the live job: the model anchored to the forecast published before kick-off.
      { expectedGoals: prediction.expectedGoals, published: prediction.probabilities },
    );
    if (!live) continue;
    const p = prediction.probabilities;
    scored.push({
      ours: [live.home, live.draw, live.away],
      preMatch: [p.home, p.draw, p.away],
      leader: halfTimeLeaderForecast(match.halfTime.home, match.halfTime.away),
      outcome: resultIndex(match.homeGoals, match.awayGoals),
    });
  }
  if (scored.length === 0) return null;
  const as = (key: "ours" | "preMatch" | "leader") =>
    scored.map((s) => ({ probabilities: s[key], outcome: s.outcome }));
  const { ece, bins } = resultCalibrationError(as("ours"));
  const seasons = new Set(
    scored.length > 0 ? walk.rows.filter((r) => r.match.halfTime).map((r) => r.match.season) : [],
  );
  return {
    seasons: config.liveSeasons.filter((s) => seasons.has(s)),
    matches: scored.length,
    rps: { ours: meanRps(as("ours")), preMatch: meanRps(as("preMatch")), leaderRule: meanRps(as("leader")) },
    ece,
    eceTarget: LIVE_ECE_TARGET,
    met: ece <= LIVE_ECE_TARGET,
    reliability: bins,
    elapsedMs: Math.round(performance.now() - started),
  };
}
