/**
 * The engine's settings. The defaults were chosen by `sync-worker/bench/model-tune.ts` on the
 * seasons 2019-20 to 2022-23, before any season the benchmark scores; see
 * docs/decisions/001-prediction-engine.md.
 */
import type { DevigMethod } from "./devig";

export type CalibrationKind = "isotonic" | "platt" | "none";

export interface ModelOptions {
  /** A match this many days old counts half as much as one played today. */
  halfLifeDays: number;
  /** Matches older than this are left out of a rating fit (their weight is small anyway). */
  windowDays: number;
  /** Ridge on each team's attack and defence in the goals model (pulls towards the team's prior). */
  goalsRidge: number;
  /** The same for the shots-on-target model. */
  shotsRidge: number;
  /** How the margin is taken out of pre-match prices. */
  devigMethod: DevigMethod;
  /** The map from blended to published probabilities. */
  calibration: CalibrationKind;
  /** A league's forecasts join the track record the blend learns from once its ratings rest on this many matches. */
  minLeagueMatches: number;
  /** Without a previous fit, how far back from asOf the engine replays the season weeks to learn the blend. */
  coldStartTrackDays: number;
  /** The blend and the calibration learn from tracked forecasts of at most this many days before asOf. */
  poolWindowDays: number;
  /** The pick calibration learns from the blend's tracked forecasts of at most this many days before asOf. */
  calibrationWindowDays: number;
  /** Ridge of the blend's weights towards equal weights, per unit of weight (a few matches' worth). */
  poolRidge: number;
  /** A forecast waits this long after kick-off for its result before it is dropped (postponed match). */
  pendingDays: number;
}

export const DEFAULT_MODEL_OPTIONS: Readonly<ModelOptions> = {
  halfLifeDays: 270,
  windowDays: 1500,
  goalsRidge: 3,
  shotsRidge: 1,
  devigMethod: "shin",
  calibration: "platt",
  minLeagueMatches: 300,
  coldStartTrackDays: 10 * 365,
  poolWindowDays: 10 * 365,
  calibrationWindowDays: 3 * 365,
  poolRidge: 5,
  pendingDays: 60,
};
