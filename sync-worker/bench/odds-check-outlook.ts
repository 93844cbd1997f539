/**
 * The season-outlook part of the odds check: for every complete league season checked and every
 * checkpoint, the outlook and the points-per-game baseline simulated from what was known then
 * (results before the cut, the fixtures left rated by the goals ratings fitted before it), each
 * team's P(title), P(Champions League places) and P(relegation) scored with the Brier score
 * against the season's final table, with the bands the domain has today.
 */
import { performance } from "node:perf_hooks";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonBefore } from "@shared/domain/matchweek";
import { computeStandings } from "@shared/domain/standings";
import { getTeamById } from "@shared/domain/teams/registry";
import { fitLeagueRatings, ratesFor } from "@shared/model/league-ratings";
import {
  improvement,
  meanBrier,
  OUTLOOK_BRIER_TARGET,
  OUTLOOK_PROBABILITY_KEYS,
  OUTLOOK_PROBABILITY_LABELS,
  pointsPerGameBaseline,
  pointsPerGameVariance,
  type OutlookBands,
  type OutlookCheckFigures,
  type OutlookProbabilities,
  type OutlookProbabilityKey,
} from "@shared/model/odds-check";
import { DEFAULT_MODEL_OPTIONS } from "@shared/model/options";
import { carriedRates, clubGaps, type GapFixture } from "@shared/model/outlook-carry";
import { fitPoissonToMarket, marketTargets } from "@shared/model/scoreline-check";
import { reliabilityBins, type ProbabilityOutcome } from "@shared/model/reliability";
import { outlookSeed, simulateSeasonOutlook, type OutlookFixture } from "@shared/model/season-outlook";
import type { HistoricalMatch } from "./football-data-history";
import type { OddsCheckConfig } from "./odds-check";

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

const teamsOf = (matches: readonly HistoricalMatch[]) =>
  [...new Set(matches.flatMap((m) => [m.homeTeamId, m.awayTeamId]))].sort((a, b) => a - b);

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
  config: Pick<OddsCheckConfig, "simulations" | "modelOptions" | "sigma" | "shotsWeight" | "carry">,
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
  if (config.carry) carryMarketView(left, remaining, cutTime, config.carry);
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
        ours: {
          title: t.title,
          championsLeague: between(bands.championsLeague),
          relegation: between(bands.relegation),
        },
        baseline: baseline.get(t.teamId)!,
      };
    }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * As the season-outlook job does with the forecasts of the next two weeks: the fixtures within
 * `horizonDays` of the cut take the market's view (here its opening prices, the forecasts' main
 * input: replaying the engine at every checkpoint would take minutes), and every later fixture
 * takes each club's gap between that view and the ratings (outlook-carry.ts). In place.
 */
function carryMarketView(
  left: readonly HistoricalMatch[],
  remaining: OutlookFixture[],
  cutTime: number,
  carry: NonNullable<OddsCheckConfig["carry"]>,
): void {
  const near: GapFixture[] = [];
  const isNear = left.map((m, i) => {
    if (m.kickoff.getTime() >= cutTime + carry.horizonDays * DAY_MS) return false;
    const target = marketTargets(
      m.resultOdds && [m.resultOdds.home, m.resultOdds.draw, m.resultOdds.away],
      m.overUnderOdds && [m.overUnderOdds.over, m.overUnderOdds.under],
    );
    if (!target) return false;
    const market = fitPoissonToMarket(target);
    const rated = remaining[i];
    near.push({
      ...market,
      homeTeamId: m.homeTeamId,
      awayTeamId: m.awayTeamId,
      ratedLambda: rated.lambda,
      ratedMu: rated.mu,
    });
    remaining[i] = { ...rated, ...market };
    return true;
  });
  const gaps = clubGaps(near, carry.ridge);
  remaining.forEach((fixture, i) => {
    if (!isNear[i]) remaining[i] = { ...fixture, ...carriedRates(fixture, gaps, carry.gain) };
  });
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
      const happened = (teamId: number, [from, to]: [number, number]) =>
        position.get(teamId)! >= from && position.get(teamId)! <= to;
      const before = new Set(teamsOf(leagueMatches.filter((m) => m.season === seasonBefore(season))));
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
