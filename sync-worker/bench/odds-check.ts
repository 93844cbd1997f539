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
import { performance } from "node:perf_hooks";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { computeStandings } from "@shared/domain/standings";
import { getTeamById } from "@shared/domain/teams/registry";
import { liveMatchProbability } from "@shared/model/live-match-probability";
import { fitLeagueRatings, ratesFor } from "@shared/model/league-ratings";
import {
  halfTimeLeaderForecast,
  improvement,
  LIVE_ECE_TARGET,
  meanBrier,
  meanRps,
  ODDS_CHECK_VERSION,
  OUTLOOK_BRIER_TARGET,
  OUTLOOK_PROBABILITY_KEYS,
  OUTLOOK_PROBABILITY_LABELS,
  pointsPerGameBaseline,
  pointsPerGameVariance,
  resultCalibrationError,
  resultIndex,
  type LiveCheckFigures,
  type OddsCheckPayload,
  type OutlookBands,
  type OutlookCheckFigures,
  type OutlookProbabilities,
  type OutlookProbabilityKey,
} from "@shared/model/odds-check";
import { DEFAULT_MODEL_OPTIONS, type ModelOptions } from "@shared/model/options";
import { reliabilityBins, type ProbabilityOutcome } from "@shared/model/reliability";
import { OUTLOOK_RATING_SIGMA, outlookSeed, simulateSeasonOutlook, type OutlookFixture } from "@shared/model/season-outlook";
import { loadFootballDataHistory, seasonCodes, type HistoricalMatch } from "./football-data-history";
import { walkForward } from "./model-walk-forward";

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
  modelOptions: {},
  asOf: Number.POSITIVE_INFINITY,
};

/** What one checkpoint forecast, per team: ours and the baseline's probabilities. */
export interface CheckpointForecast {
  league: LeagueKey;
  season: string;
  checkpoint: number;
  /** The instant of the state: results before it are known. */
  cut: Date;
  teams: Array<{ teamId: number; ours: OutlookProbabilities; baseline: OutlookProbabilities }>;
}

/** The domain's current bands for a table of `teamCount` clubs (relegation counted from the bottom). */
export function historicalBands(league: LeagueKey, teamCount: number): OutlookBands {
  const band = (key: string) => LEAGUES[league].bands.find((b) => b.key === key)!;
  const cl = band("champions-league");
  const relegation = band("relegation");
  const size = relegation.to - relegation.from + 1;
  return { championsLeague: [cl.from, cl.to], relegation: [teamCount - size + 1, teamCount] };
}

function mixSeed(league: LeagueKey, season: string, checkpoint: number): number {
  let h = outlookSeed(league);
  for (const c of `${season}:${checkpoint}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

const teamsOf = (matches: readonly HistoricalMatch[]) => [...new Set(matches.flatMap((m) => [m.homeTeamId, m.awayTeamId]))].sort((a, b) => a - b);

/**
 * The outlook and the baseline after matchweek `checkpoint` of a league season, or null when the
 * season has fewer matches. `leagueMatches`: the league's matches of every season, by kick-off.
 * Reads the scores of matches before the cut only.
 */
export function outlookCheckpoint(
  leagueMatches: readonly HistoricalMatch[],
  league: LeagueKey,
  season: string,
  checkpoint: number,
  config: Pick<OddsCheckConfig, "simulations" | "modelOptions" | "sigma" | "shotsWeight">,
): CheckpointForecast | null {
  const seasonMatches = leagueMatches.filter((m) => m.season === season);
  const teams = teamsOf(seasonMatches);
  const cutIndex = (checkpoint * teams.length) / 2;
  if (!Number.isInteger(cutIndex) || cutIndex < 1 || cutIndex >= seasonMatches.length) return null;
  const cutTime = seasonMatches[cutIndex - 1].kickoff.getTime() + 1;
  const played = seasonMatches.filter((m) => m.kickoff.getTime() < cutTime);
  const left = seasonMatches.filter((m) => m.kickoff.getTime() >= cutTime);
  const ratings = fitLeagueRatings({
    league,
    matches: leagueMatches.filter((m) => m.kickoff.getTime() < cutTime),
    asOf: cutTime,
    season,
    seasonTeamIds: teams,
    options: { ...DEFAULT_MODEL_OPTIONS, ...config.modelOptions },
  });
  const rho = ratings.goals.rho;
  const w = ratings.shots ? config.shotsWeight : 0;
  const remaining: OutlookFixture[] = left.map((m) => {
    const goals = ratesFor(ratings.goals, m.homeTeamId, m.awayTeamId);
    if (w === 0) return { homeTeamId: m.homeTeamId, awayTeamId: m.awayTeamId, ...goals, rho };
    const shots = ratesFor(ratings.shots!, m.homeTeamId, m.awayTeamId);
    return {
      homeTeamId: m.homeTeamId,
      awayTeamId: m.awayTeamId,
      lambda: goals.lambda ** (1 - w) * shots.lambda ** w,
      mu: goals.mu ** (1 - w) * shots.mu ** w,
      rho,
    };
  });
  const seed = mixSeed(league, season, checkpoint);
  const bands = historicalBands(league, teams.length);
  const outlook = simulateSeasonOutlook({
    league,
    teams,
    teamNames: Object.fromEntries(teams.map((id) => [id, getTeamById(id)?.name ?? String(id)])),
    results: played,
    remaining,
    seasons: config.simulations,
    seed,
    sigma: config.sigma,
  });
  const baseline = pointsPerGameBaseline(
    outlook.teams.map((t) => ({ teamId: t.teamId, points: t.currentPoints, played: t.played, remaining: t.remaining })),
    pointsPerGameVariance(played),
    bands,
    config.simulations,
    seed ^ 0x5bd1e995,
  );
  return {
    league,
    season,
    checkpoint,
    cut: new Date(cutTime),
    teams: outlook.teams.map((t) => {
      const between = ([from, to]: [number, number]) => t.positions.slice(from - 1, to).reduce((sum, x) => sum + x, 0);
      return {
        teamId: t.teamId,
        ours: { title: t.title, championsLeague: between(bands.championsLeague), relegation: between(bands.relegation) },
        baseline: baseline.get(t.teamId)!,
      };
    }),
  };
}

function byLeague(matches: readonly HistoricalMatch[]): Map<LeagueKey, HistoricalMatch[]> {
  const leagues = new Map<LeagueKey, HistoricalMatch[]>();
  for (const m of matches) {
    const list = leagues.get(m.league) ?? [];
    if (list.length === 0) leagues.set(m.league, list);
    list.push(m);
  }
  return leagues;
}

/** One team's scored forecast at one checkpoint: what a breakdown of the check groups. */
export interface ScoredTeamForecast {
  league: LeagueKey;
  season: string;
  checkpoint: number;
  teamId: number;
  /** Not in the league the season before (false when the data has no season before). */
  promoted: boolean;
  ours: OutlookProbabilities;
  baseline: OutlookProbabilities;
  happened: Record<OutlookProbabilityKey, boolean>;
}

/** The season code before `season` ('1617' → '1516'). */
function previousSeason(season: string): string {
  const year = Number(season.slice(0, 2));
  return `${String((year + 99) % 100).padStart(2, "0")}${String(year).padStart(2, "0")}`;
}

/**
 * The outlook part of the check; null when no league season of `outlookSeasons` is complete.
 * `onScored`, when given, receives every scored team forecast (the bench's breakdowns).
 */
export function runOutlookCheck(
  matches: readonly HistoricalMatch[],
  config: OddsCheckConfig,
  onScored?: (forecast: ScoredTeamForecast) => void,
): OutlookCheckFigures | null {
  const started = performance.now();
  const known = matches.filter((m) => m.kickoff.getTime() < config.asOf);
  const points: Record<"ours" | "baseline", Record<string, ProbabilityOutcome[]>> = {
    ours: { title: [], championsLeague: [], relegation: [] },
    baseline: { title: [], championsLeague: [], relegation: [] },
  };
  const seasons = new Set<string>();
  let leagueSeasons = 0;
  let forecasts = 0;
  for (const [league, leagueMatches] of byLeague(known)) {
    for (const season of config.outlookSeasons) {
      const seasonMatches = leagueMatches.filter((m) => m.season === season);
      const teams = teamsOf(seasonMatches);
      // Complete seasons only: every pairing played (and known by asOf).
      if (teams.length < 4 || seasonMatches.length !== teams.length * (teams.length - 1)) continue;
      const bands = historicalBands(league, teams.length);
      const final = computeStandings(
        league,
        seasonMatches.map((m) => ({ ...m, kickoffAt: m.kickoff })),
        { teamNames: Object.fromEntries(teams.map((id) => [id, getTeamById(id)?.name ?? String(id)])) },
      );
      const position = new Map(final.map((row) => [row.teamId, row.position]));
      const happened = (teamId: number, [from, to]: [number, number]) => position.get(teamId)! >= from && position.get(teamId)! <= to;
      const before = new Set(teamsOf(leagueMatches.filter((m) => m.season === previousSeason(season))));
      let counted = false;
      for (const checkpoint of config.checkpoints) {
        const forecast = outlookCheckpoint(leagueMatches, league, season, checkpoint, config);
        if (!forecast) continue;
        counted = true;
        forecasts += 1;
        for (const team of forecast.teams) {
          const outcome = {
            title: position.get(team.teamId) === 1,
            championsLeague: happened(team.teamId, bands.championsLeague),
            relegation: happened(team.teamId, bands.relegation),
          };
          for (const key of OUTLOOK_PROBABILITY_KEYS) {
            points.ours[key].push({ probability: team.ours[key], happened: outcome[key] });
            points.baseline[key].push({ probability: team.baseline[key], happened: outcome[key] });
          }
          onScored?.({
            league,
            season,
            checkpoint,
            teamId: team.teamId,
            promoted: before.size > 0 && !before.has(team.teamId),
            ours: team.ours,
            baseline: team.baseline,
            happened: outcome,
          });
        }
      }
      if (counted) {
        leagueSeasons += 1;
        seasons.add(season);
      }
    }
  }
  if (forecasts === 0) return null;
  return {
    seasons: config.outlookSeasons.filter((s) => seasons.has(s)),
    checkpoints: [...config.checkpoints],
    leagueSeasons,
    forecasts,
    teamForecasts: points.ours.title.length,
    simulations: config.simulations,
    metrics: OUTLOOK_PROBABILITY_KEYS.map((key) => {
      const ours = meanBrier(points.ours[key]);
      const baseline = meanBrier(points.baseline[key]);
      const better = improvement(ours, baseline);
      return {
        key,
        label: OUTLOOK_PROBABILITY_LABELS[key],
        ours,
        baseline,
        improvement: better,
        target: OUTLOOK_BRIER_TARGET,
        met: better >= OUTLOOK_BRIER_TARGET,
        reliability: reliabilityBins(points.ours[key]),
      };
    }),
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** The half-time part of the check; null when no match of `liveSeasons` has a half-time score. */
export function runLiveCheck(matches: readonly HistoricalMatch[], config: OddsCheckConfig): LiveCheckFigures | null {
  const started = performance.now();
  const known = matches.filter((m) => m.kickoff.getTime() < config.asOf);
  if (known.filter((m) => config.liveSeasons.includes(m.season) && m.halfTime).length < config.minimumLiveMatches) return null;
  const walk = walkForward(known, config.liveSeasons, config.modelOptions);
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
  const as = (key: "ours" | "preMatch" | "leader") => scored.map((s) => ({ probabilities: s[key], outcome: s.outcome }));
  const { ece, bins } = resultCalibrationError(as("ours"));
  const seasons = new Set(scored.length > 0 ? walk.rows.filter((r) => r.match.halfTime).map((r) => r.match.season) : []);
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
      JSON.stringify([m.id, m.kickoff.getTime(), m.homeGoals, m.awayGoals, m.halfTime, m.homeShotsOnTarget, m.awayShotsOnTarget, m.resultOdds, m.overUnderOdds]),
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
  const live = study.outlookOnly ? null : runLiveCheck(history.matches, config);
  return { unchanged: false, ...counts, payload: { version: ODDS_CHECK_VERSION, ranAt: ranAt.toISOString(), outlook, live } };
}
