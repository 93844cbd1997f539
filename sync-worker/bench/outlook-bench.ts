/**
 * `npm run bench:outlook [-- --quick]`: first the season outlook's Monte Carlo
 * (shared/model/season-outlook.ts), OUTLOOK_SEASONS simulated seasons in each of the five
 * leagues, from a mid-February table (the season about 60% played) and scoring rates drawn from
 * a fixed seed. Three runs; prints the time per league and in total, with the minimum and the
 * median of the runs.
 *
 * Then the public check of the season and live odds (odds-check.ts, the code the worker's
 * odds-check job runs) on FOOTBALL_DATA_DIR (default ../shared/data/football-data/mmz4281 beside
 * the project): the outlook's Brier scores against the points-per-game baseline with reliability
 * bins and where it beats the baseline (per checkpoint, per league, promoted clubs), and the
 * half-time forecast's RPS and calibration. `--quick` checks the outlook on 2022-23 to 2024-25
 * and the half-time forecasts on 2025-26 only; `--outlook-only` leaves the half-time part out.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseEnv } from "@shared/config/env";
import { ALL_LEAGUES, LEAGUE_KEYS, type League } from "@shared/domain/leagues";
import { OUTLOOK_SEASONS, simulateSeasonOutlook, type OutlookFixture } from "@shared/model/season-outlook";
import { mulberry32 } from "@shared/model/season-outlook-draws";
import { DEFAULT_ODDS_CHECK_CONFIG, runOddsCheck, type OddsCheckConfig } from "./odds-check";
import type { ScoredTeamForecast } from "./odds-check-outlook";
import { seasonCodes } from "./football-data-history";
import { oddsCheckReport, outlookBreakdownReport } from "./odds-check-report";

const RUNS = 3;
const PLAYED_SHARE = 0.6;

function seasonOf(league: League, seed: number) {
  const random = mulberry32(seed);
  const n = league.teamCount;
  const teams = Array.from({ length: n }, (_, i) => 1000 + i);
  const rating = teams.map(() => ({ attack: (random() - 0.5) * 0.8, defence: (random() - 0.5) * 0.8 }));
  const pairings: Array<{ h: number; a: number; round: number }> = [];
  const ring = teams.map((_, i) => i);
  for (let round = 0; round < n - 1; round++) {
    for (let k = 0; k < n / 2; k++) {
      const [x, y] = [ring[k], ring[n - 1 - k]];
      pairings.push({ h: x, a: y, round }, { h: y, a: x, round: round + n - 1 });
    }
    ring.splice(1, 0, ring.pop()!);
  }
  pairings.sort((p, q) => p.round - q.round);
  const rates = (p: { h: number; a: number }) => ({
    lambda: Math.exp(0.4 + rating[p.h].attack - rating[p.a].defence),
    mu: Math.exp(0.3 + rating[p.a].attack - rating[p.h].defence),
  });
  const goals = (rate: number) => {
    let k = 0;
    let q = Math.exp(-rate);
    let s = q;
    const u = random();
    while (u >= s) {
      k++;
      q *= rate / k;
      s += q;
    }
    return k;
  };
  const playedRounds = Math.round(2 * (n - 1) * PLAYED_SHARE);
  const results = pairings
    .filter((p) => p.round < playedRounds)
    .map((p) => {
      const r = rates(p);
      return { homeTeamId: teams[p.h], awayTeamId: teams[p.a], homeGoals: goals(r.lambda), awayGoals: goals(r.mu) };
    });
  const remaining: OutlookFixture[] = pairings
    .filter((p) => p.round >= playedRounds)
    .map((p) => ({ homeTeamId: teams[p.h], awayTeamId: teams[p.a], ...rates(p), rho: -0.1 }));
  return { teams, results, remaining };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;

const inputs = ALL_LEAGUES.map((league, i) => ({ league, ...seasonOf(league, 100 + i) }));
const times = new Map<string, number[]>(ALL_LEAGUES.map((l) => [l.key, []]));
const totals: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  for (const input of inputs) {
    const t0 = performance.now();
    simulateSeasonOutlook({
      league: input.league.key,
      teams: input.teams,
      results: input.results,
      remaining: input.remaining,
    });
    times.get(input.league.key)!.push(performance.now() - t0);
  }
  totals.push(performance.now() - started);
}

console.log(`Season outlook: ${OUTLOOK_SEASONS} simulated seasons per league, ${RUNS} runs (min / median)`);
for (const input of inputs) {
  const t = times.get(input.league.key)!;
  console.log(
    `${input.league.name.padEnd(16)} ${String(input.remaining.length).padStart(4)} fixtures left  ${ms(Math.min(...t))} / ${ms(median(t))}`,
  );
}
console.log(`${"Total".padEnd(16)} ${" ".repeat(21)}${ms(Math.min(...totals))} / ${ms(median(totals))}`);

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

function dataDirectory(): string {
  const configured = parseEnv(process.env).FOOTBALL_DATA_DIR;
  const dir = configured
    ? path.resolve(PROJECT_ROOT, configured)
    : path.resolve(PROJECT_ROOT, "..", "shared", "data", "football-data", "mmz4281");
  if (!existsSync(dir)) {
    throw new Error(
      `the directory ${dir} does not exist: set FOOTBALL_DATA_DIR to a directory of football-data.co.uk season files`,
    );
  }
  return dir;
}

async function check(): Promise<void> {
  const quick = process.argv.includes("--quick");
  const outlookOnly = process.argv.includes("--outlook-only");
  const base: OddsCheckConfig = quick
    ? { ...DEFAULT_ODDS_CHECK_CONFIG, outlookSeasons: ["2223", "2324", "2425"], liveSeasons: ["2526"] }
    : { ...DEFAULT_ODDS_CHECK_CONFIG };
  // A study: --carry-gain <g> [--carry-ridge <r>] [--carry-days <d>] [--seasons <first>-<last>].
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const gain = option("--carry-gain");
  const seasonRange = option("--seasons");
  const config: OddsCheckConfig = {
    ...base,
    ...(gain === undefined
      ? {}
      : {
          carry: {
            gain: Number(gain),
            ridge: Number(option("--carry-ridge") ?? 1),
            horizonDays: Number(option("--carry-days") ?? 14),
          },
        }),
    ...(seasonRange ? { outlookSeasons: seasonCodes(...(seasonRange.split("-") as [string, string])) } : {}),
  };
  const dir = dataDirectory();
  const started = performance.now();
  const scored: ScoredTeamForecast[] = [];
  const run = await runOddsCheck(dir, LEAGUE_KEYS, config, new Date(), null, {
    outlookOnly,
    onScored: (f) => scored.push(f),
  });
  console.log();
  const flags = [quick && "--quick", outlookOnly && "--outlook-only"].filter(Boolean).join(" ");
  console.log(`== How good are our season and live odds?${flags ? ` (${flags})` : ""}`);
  console.log(`data: ${dir} (${run.files} files, ${run.matchesRead} played matches)`);
  if (run.unchanged) throw new Error("unreachable: the bench always runs the check");
  const report = oddsCheckReport(run.payload);
  // The breakdown goes after the outlook's part, before the half-time part.
  const live = report.findIndex((line) => line.startsWith("live probability at half-time"));
  const outlookPart = live >= 0 ? report.slice(0, live) : report;
  const livePart = outlookOnly
    ? ["live probability at half-time: left out (--outlook-only)"]
    : live >= 0
      ? report.slice(live)
      : [];
  for (const line of [...outlookPart, ...outlookBreakdownReport(scored), "", ...livePart]) console.log(line);
  console.log();
  console.log(`check total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

check().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
