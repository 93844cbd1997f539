/**
 * The public check of the season outlook and the live win probability, walk-forward on
 * football-data.co.uk history (HistoricalMatch, football-data-history.ts). `npm run bench:outlook`
 * prints it and the worker's odds-check job stores it; both call runOddsCheck.
 *
 * Season outlook. For every complete league season of `outlookSeasons` and every checkpoint k
 * (after matchweeks 10, 19 and 28): the state after the first k × (teams / 2) matches in kick-off
 * order (with any others kicked off at the same instant). Only what was known then is used: the
 * results before that instant, the fixtures left (teams only), and the engine's goals ratings
 * fitted on the league's matches before that instant (league-ratings.ts) for every fixture left,
 * as the season-outlook job rates fixtures beyond the forecasts' two weeks. The outlook
 * (season-outlook.ts, with its rating uncertainty) and the points-per-game baseline
 * (odds-check.ts) are each simulated `simulations` times; each team's P(title), P(Champions
 * League places) and P(relegation) are scored with the Brier score against the final table of
 * that season, ranked from its results with the league's tie-breakers (no point deductions:
 * the files do not record them). Bands: the domain's current ones (leagues.ts) for every
 * season; relegation counts the same number of places from the bottom, so the bottom three of a
 * 20-club Ligue 1 season are its relegation band when today's 18-club league has 17th and 18th.
 *
 * Live probability at half-time. The engine's walk-forward forecasts (model-walk-forward.ts:
 * weekly calls, Dixon-Coles plus the market blend, as the production forecasts) of every match
 * of `liveSeasons` with a half-time score; the half-time forecast is liveMatchProbability's from
 * that score and the forecast's expected goals, exactly as the live job computes it. It is scored
 * with the RPS beside the pre-match forecast and the half-time leader rule, on the same matches,
 * and its expected calibration error over the three outcomes (odds-check.ts).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { ODDS_CHECK_VERSION, type OddsCheckPayload } from "@shared/model/odds-check";
import type { ModelOptions } from "@shared/model/options";
import { OUTLOOK_CARRY } from "@shared/model/outlook-carry";
import { OUTLOOK_RATING_SIGMA } from "@shared/model/season-outlook";
import { loadFootballDataHistory, seasonCodes, type HistoricalMatch } from "./football-data-history";
import { knownMatches, liveSeasonsWalk, runLiveCheck } from "./odds-check-live";
import { runClosingLineCheck } from "./odds-check-close";
import { runScorelineCheck } from "./odds-check-scoreline";
import { runOutlookCheck, type ScoredTeamForecast } from "./odds-check-outlook";

export interface OddsCheckConfig {
  /** Seasons whose outlook is checked (complete league seasons only). */
  outlookSeasons: readonly string[];
  /** Matchweeks after which the outlook is computed. */
  checkpoints: readonly number[];
  /** Seasons whose half-time forecasts are checked. */
  liveSeasons: readonly string[];
  /**
   * Simulated seasons per checkpoint. 2,000 rather than the outlook's 20,000: the Monte Carlo's
   * own noise adds p(1 − p) / 2,000 ≤ 0.000125 to a probability's expected Brier score (under 1%
   * of the smallest score, the title's 0.015, and far less for the many p near 0), and the 132
   * checkpoints of 2016-17 to 2024-25 take about 20 s instead of over 3 minutes.
   */
  simulations: number;
  /** The outlook's rating uncertainty (season-outlook.ts); the production value unless a study asks for another. */
  sigma: number;
  /**
   * Weight of the shots-on-target ratings in each fixture's log scoring rates (0: the goals
   * ratings alone, as the season-outlook job rates fixtures beyond the forecasts).
   */
  shotsWeight: number;
  /** The half-time check needs at least this many matches with a half-time score (else it is left out). */
  minimumLiveMatches: number;
  /**
   * The market's view of the next `horizonDays` carried into the later fixtures (outlook-carry.ts),
   * as the season-outlook job does with its forecasts; null: the ratings alone for every fixture.
   */
  carry: { horizonDays: number; gain: number; ridge: number } | null;
  modelOptions: Partial<ModelOptions>;
  /** Matches at or after this instant (epoch ms) are not used: the clock's "now". */
  asOf: number;
}

export const DEFAULT_ODDS_CHECK_CONFIG: Readonly<OddsCheckConfig> = {
  outlookSeasons: seasonCodes("1617", "2425"),
  checkpoints: [10, 19, 28],
  liveSeasons: ["2324", "2425", "2526"],
  simulations: 2_000,
  sigma: OUTLOOK_RATING_SIGMA,
  shotsWeight: 0,
  minimumLiveMatches: 100,
  carry: { ...OUTLOOK_CARRY },
  modelOptions: {},
  asOf: Number.POSITIVE_INFINITY,
};

/** Seasons read for the check: the engine's history from 2005-06 up to the last season checked. */
export const ODDS_CHECK_HISTORY_SEASONS = seasonCodes("0506", "2526");

/** The season files of `dir` the check reads (those that exist), in a fixed order. */
export function oddsCheckFiles(dir: string, leagues: readonly LeagueKey[]): string[] {
  return ODDS_CHECK_HISTORY_SEASONS.flatMap((season) =>
    leagues.map((league) => path.join(dir, season, `${LEAGUES[league].footballDataCode}.csv`)),
  ).filter((file) => existsSync(file));
}

/**
 * What a run of the check depends on, as a SHA-256: the check's version and settings (not the
 * clock) and every played match known before `asOf` with the fields the check reads.
 */
export function oddsCheckInputsHash(matches: readonly HistoricalMatch[], config: OddsCheckConfig): string {
  const hash = createHash("sha256");
  const { asOf, ...settings } = config;
  hash.update(JSON.stringify({ version: ODDS_CHECK_VERSION, ...settings }));
  for (const m of matches) {
    if (m.kickoff.getTime() >= asOf) continue;
    hash.update(
      JSON.stringify([
        m.id,
        m.kickoff.getTime(),
        m.homeGoals,
        m.awayGoals,
        m.halfTime,
        m.homeShotsOnTarget,
        m.awayShotsOnTarget,
        m.resultOdds,
        m.overUnderOdds,
        m.closingResultOdds,
        m.closingOverUnderOdds,
      ]),
    );
  }
  return hash.digest("hex");
}

export type OddsCheckRun =
  | { unchanged: true; inputsHash: string; matchesRead: number; files: number }
  | { unchanged: false; inputsHash: string; matchesRead: number; files: number; payload: OddsCheckPayload };

/**
 * Reads the history in `dir` (missing files left out) and runs both checks, unless the inputs'
 * hash is `unlessInputs` (the stored run's): then it returns at once, before any fit. `study` is
 * the bench's: the outlook part alone (no half-time part) and every scored team forecast.
 */
export async function runOddsCheck(
  dir: string,
  leagues: readonly LeagueKey[],
  config: OddsCheckConfig,
  ranAt: Date,
  unlessInputs: string | null = null,
  study: { outlookOnly?: boolean; onScored?: (forecast: ScoredTeamForecast) => void } = {},
): Promise<OddsCheckRun> {
  const history = await loadFootballDataHistory(dir, ODDS_CHECK_HISTORY_SEASONS, { leagues, skipMissing: true });
  const inputsHash = oddsCheckInputsHash(history.matches, config);
  const counts = { inputsHash, matchesRead: history.matches.length, files: history.files };
  if (inputsHash === unlessInputs) return { unchanged: true, ...counts };
  const outlook = runOutlookCheck(history.matches, config, study.onScored);
  const known = knownMatches(history.matches, config);
  const walked = study.outlookOnly ? null : liveSeasonsWalk(known, config);
  const live = runLiveCheck(known, config, walked);
  const scoreline = walked ? runScorelineCheck(walked.walk.rows, config.liveSeasons) : null;
  const closingLine = walked ? runClosingLineCheck(walked.walk.rows, config.liveSeasons) : null;
  return {
    unchanged: false,
    ...counts,
    payload: { version: ODDS_CHECK_VERSION, ranAt: ranAt.toISOString(), outlook, live, scoreline, closingLine },
  };
}
