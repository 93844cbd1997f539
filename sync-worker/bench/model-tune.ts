/**
 * How the engine's settings were chosen, reproducibly and only on seasons before the benchmark
 * (2019-20 to 2022-23):
 *
 *   node --import tsx sync-worker/bench/model-tune.ts ratings ['{"halfLifeDays":300}' ...]
 *   node --import tsx sync-worker/bench/model-tune.ts engine ['{"calibration":"isotonic"}' ...]
 *
 * `ratings` scores the goals and shots models alone (weekly refits, RPS and log-loss of their
 * 1X2 forecasts, seconds per setting); `engine` runs the whole walk-forward engine and prints
 * the benchmark's headline numbers (minutes per setting). Without settings, `ratings` runs a
 * grid around the defaults and `engine` the defaults. Reads FOOTBALL_DATA_DIR like the benchmark.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "@shared/config/env";
import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { fitLeagueRatings, ratesFor, type LeagueRatings } from "@shared/model/league-ratings";
import { DEFAULT_MODEL_OPTIONS, type ModelOptions } from "@shared/model/options";
import { weekStart } from "@shared/model/predict-matches";
import { gridMarkets, scorelineGrid } from "@shared/model/scoreline-grid";
import { logLoss, rankedProbabilityScore } from "@shared/model/scoring-rules";
import { outcomeOf } from "@shared/model/track";
import { loadFootballDataHistory, seasonCodes, type HistoricalMatch } from "./football-data-history";
import { baseRates, scorecard, scoredMatches } from "./model-scorecard";
import { walkForward } from "./model-walk-forward";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TUNING_SEASONS = ["1920", "2021", "2122", "2223"];
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const RATINGS_GRID: Array<Partial<ModelOptions>> = [
  ...[180, 270, 365, 540].map((halfLifeDays) => ({ halfLifeDays })),
  ...[2, 3, 5, 10].map((goalsRidge) => ({ goalsRidge, shotsRidge: goalsRidge / 3 })),
  ...[730, 1100, 1500].map((windowDays) => ({ windowDays })),
];

/** RPS and log-loss of the goals and shots models' own 1X2 forecasts, refitted weekly. */
function scoreRatings(matches: readonly HistoricalMatch[], options: ModelOptions) {
  const scored = matches.filter((m) => TUNING_SEASONS.includes(m.season));
  const byLeague = new Map<LeagueKey, HistoricalMatch[]>(
    ALL_LEAGUES.map((l) => [l.key, matches.filter((m) => m.league === l.key)]),
  );
  const previous = new Map<LeagueKey, LeagueRatings>();
  const totals = { count: 0, goalsRps: 0, goalsLogLoss: 0, shotsRps: 0, shotsLogLoss: 0 };
  const first = weekStart(Math.min(...scored.map((m) => m.kickoff.getTime())));
  const last = Math.max(...scored.map((m) => m.kickoff.getTime()));
  for (let week = first; week <= last; week += WEEK_MS) {
    const upcoming = scored.filter((m) => m.kickoff.getTime() >= week && m.kickoff.getTime() < week + WEEK_MS);
    for (const league of ALL_LEAGUES) {
      const games = upcoming.filter((m) => m.league === league.key);
      if (games.length === 0) continue;
      const ratings = fitLeagueRatings({
        league: league.key,
        matches: byLeague.get(league.key)!,
        asOf: week,
        season: games[0].season,
        seasonTeamIds: games.flatMap((m) => [m.homeTeamId, m.awayTeamId]),
        options,
        previous: previous.get(league.key),
      });
      previous.set(league.key, ratings);
      for (const m of games) {
        const outcome = outcomeOf(m).result;
        for (const [model, key] of [
          [ratings.goals, "goals"],
          [ratings.shots ?? ratings.goals, "shots"],
        ] as const) {
          const { lambda, mu } = ratesFor(model, m.homeTeamId, m.awayTeamId);
          const p = gridMarkets(scorelineGrid(lambda, mu, ratings.goals.rho));
          totals[`${key}Rps`] += rankedProbabilityScore([p.home, p.draw, p.away], outcome);
          totals[`${key}LogLoss`] += logLoss([p.home, p.draw, p.away], outcome);
        }
        totals.count += 1;
      }
    }
  }
  const n = totals.count;
  return `goals RPS ${(totals.goalsRps / n).toFixed(5)} log-loss ${(totals.goalsLogLoss / n).toFixed(5)} | shots RPS ${(totals.shotsRps / n).toFixed(5)} log-loss ${(totals.shotsLogLoss / n).toFixed(5)} (${n} matches)`;
}

function scoreEngine(matches: readonly HistoricalMatch[], options: ModelOptions): string {
  const walk = walkForward(matches, TUNING_SEASONS, options);
  const { scored } = scoredMatches(walk.rows, baseRates(matches, TUNING_SEASONS), options.devigMethod);
  const c = scorecard(scored);
  const f = (value: number) => value.toFixed(4);
  const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
  return [
    `${c.matches} matches; RPS published ${f(c.result.published.rps)}, model without odds ${f(c.result.modelOnly.rps)}, opening ${f(c.result.opening.rps)}, closing ${f(c.result.closing.rps)}`,
    `  published / opening ${f(c.result.published.rps / c.result.opening.rps)}, model without odds / closing ${f(c.result.modelOnly.rps / c.result.closing.rps)}`,
    `  hit rates: best pick ${pct(c.bestPick.hitRate)} (market ${pct(c.marketFavourite.best)}), over/under ${pct(c.ourPicks.overUnder)} (market ${pct(c.marketFavourite.overUnder)}), BTTS ${pct(c.ourPicks.btts)} (base rate ${pct(c.btts.baseRate.accuracy)})`,
    `  ECE: 1X2 ${f(c.calibration.result.ece)}, over/under ${f(c.calibration.overUnder.ece)}, BTTS ${f(c.calibration.btts.ece)}; picks ${f(c.calibration.resultPick.ece)} / ${f(c.calibration.overUnderPick.ece)} / ${f(c.calibration.bttsPick.ece)}, best pick ${f(c.calibration.bestPick.ece)}`,
  ].join("\n");
}

async function main(): Promise<void> {
  const [mode, ...settings] = process.argv.slice(2);
  if (mode !== "ratings" && mode !== "engine")
    throw new Error("usage: model-tune.ts ratings|engine ['{\"halfLifeDays\":300}' ...]");
  const candidates: Array<Partial<ModelOptions>> =
    settings.length > 0
      ? settings.map((s) => JSON.parse(s) as Partial<ModelOptions>)
      : mode === "ratings"
        ? [{}, ...RATINGS_GRID]
        : [{}];
  const configured = parseEnv(process.env).FOOTBALL_DATA_DIR;
  const dir = configured
    ? path.resolve(PROJECT_ROOT, configured)
    : path.resolve(PROJECT_ROOT, "..", "shared", "data", "football-data", "mmz4281");
  if (!existsSync(dir)) throw new Error(`the directory ${dir} does not exist: set FOOTBALL_DATA_DIR`);
  // Only seasons up to the last tuning season are read: the benchmark seasons stay unseen.
  const history = await loadFootballDataHistory(dir, seasonCodes("0506", TUNING_SEASONS[TUNING_SEASONS.length - 1]));
  console.log(`tuning on ${TUNING_SEASONS.join(", ")} (${history.matches.length} matches read, seasons 0506 to 2223)`);
  for (const candidate of candidates) {
    const options = { ...DEFAULT_MODEL_OPTIONS, ...candidate };
    const started = Date.now();
    const result = mode === "ratings" ? scoreRatings(history.matches, options) : scoreEngine(history.matches, options);
    console.log(`${JSON.stringify(candidate)} (${((Date.now() - started) / 1000).toFixed(0)} s): ${result}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
