/**
 * `FOOTBALL_DATA_DIR=… node --import tsx sync-worker/bench/live-rate-fit.ts`: the goal-rate profile of the live win
 * probability (shared/model/live-probability.ts), fitted from the half-time and full-time
 * scores of every season file of the five leagues.
 *
 * With only the two scores, the rate is piecewise constant per half. Given a match's goals,
 * each one fell in the first half with the same probability p whatever the teams' strengths,
 * so the maximum-likelihood p is the first half's goals over all goals (a binomial share, its
 * standard error sqrt(p(1 - p) / goals)). It is printed per side, per league and for the early
 * and late seasons, to show how stable it is, and as goals per minute with the match clock's
 * typical added time (45 + 3 and 45 + 7), which the data does not record.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ALL_LEAGUES } from "@shared/domain/leagues";
import { FIRST_HALF_PLAYED_MINUTES, SECOND_HALF_PLAYED_MINUTES } from "@shared/model/live-probability";
import { parseFootballDataCsv } from "../providers/football-data-csv/parse";
import { seasonCodes } from "./football-data-history";

interface Tally {
  matches: number;
  firstHalf: { home: number; away: number };
  fullTime: { home: number; away: number };
}

const emptyTally = (): Tally => ({ matches: 0, firstHalf: { home: 0, away: 0 }, fullTime: { home: 0, away: 0 } });

function share(firstHalf: number, total: number): string {
  const p = firstHalf / total;
  const standardError = Math.sqrt((p * (1 - p)) / total);
  return `${p.toFixed(4)} ± ${standardError.toFixed(4)}`;
}

function report(label: string, t: Tally): void {
  const first = t.firstHalf.home + t.firstHalf.away;
  const total = t.fullTime.home + t.fullTime.away;
  console.log(
    `${label.padEnd(22)} matches ${String(t.matches).padStart(6)}  goals ${String(total).padStart(6)}  goals/match ${(total / t.matches).toFixed(3)}  ` +
      `first-half share: all ${share(first, total)}, home ${share(t.firstHalf.home, t.fullTime.home)}, away ${share(t.firstHalf.away, t.fullTime.away)}`,
  );
}

async function main(): Promise<void> {
  const dir = process.env.FOOTBALL_DATA_DIR;
  if (!dir)
    throw new Error(
      "Set FOOTBALL_DATA_DIR to a football-data.co.uk copy (…/mmz4281) to fit the live goal-rate profile.",
    );
  const seasons = seasonCodes(process.env.LIVE_FIT_FIRST_SEASON ?? "0506", process.env.LIVE_FIT_LAST_SEASON ?? "2526");
  const overall = emptyTally();
  const byLeague = new Map<string, Tally>();
  const byEra = new Map<string, Tally>();
  let skipped = 0;
  for (const season of seasons) {
    for (const league of ALL_LEAGUES) {
      const file = path.join(dir, season, `${league.footballDataCode}.csv`);
      const parsed = parseFootballDataCsv(await readFile(file, "utf8"), file, {
        kind: "season",
        league: league.key,
        season,
      });
      const era =
        Number(season.slice(0, 2)) < 15
          ? "2005-06 to 2014-15"
          : Number(season.slice(0, 2)) < 23
            ? "2015-16 to 2022-23"
            : "2023-24 to 2025-26";
      for (const match of parsed.matches) {
        if (
          !match.fullTime ||
          !match.halfTime ||
          match.halfTime.home > match.fullTime.home ||
          match.halfTime.away > match.fullTime.away
        ) {
          skipped += match.fullTime ? 1 : 0;
          continue;
        }
        for (const tally of [overall, getOrAdd(byLeague, league.name), getOrAdd(byEra, era)]) {
          tally.matches += 1;
          tally.firstHalf.home += match.halfTime.home;
          tally.firstHalf.away += match.halfTime.away;
          tally.fullTime.home += match.fullTime.home;
          tally.fullTime.away += match.fullTime.away;
        }
      }
    }
  }
  console.log(
    `Seasons ${seasons[0]} to ${seasons.at(-1)}, five leagues; ${skipped} played rows without a usable half-time score left out.\n`,
  );
  report("all", overall);
  for (const [name, tally] of byEra) report(name, tally);
  for (const [name, tally] of byLeague) report(name, tally);

  const first = (overall.firstHalf.home + overall.firstHalf.away) / (overall.fullTime.home + overall.fullTime.away);
  const goalsPerMatch = (overall.fullTime.home + overall.fullTime.away) / overall.matches;
  const perMinute = (halfShare: number, minutes: number) => ((goalsPerMatch * halfShare) / minutes).toFixed(5);
  console.log(
    `\nFIRST_HALF_GOAL_SHARE = ${first.toFixed(4)}; SECOND_HALF_GOAL_SHARE = ${(1 - first).toFixed(4)}` +
      `\ngoals per minute, both sides: first half ${perMinute(first, FIRST_HALF_PLAYED_MINUTES)} (over ${FIRST_HALF_PLAYED_MINUTES} min), ` +
      `second half ${perMinute(1 - first, SECOND_HALF_PLAYED_MINUTES)} (over ${SECOND_HALF_PLAYED_MINUTES} min)` +
      `\nsecond half's rate per minute / first half's: ${((1 - first) / SECOND_HALF_PLAYED_MINUTES / (first / FIRST_HALF_PLAYED_MINUTES)).toFixed(3)}`,
  );
}

function getOrAdd(map: Map<string, Tally>, key: string): Tally {
  let tally = map.get(key);
  if (!tally) map.set(key, (tally = emptyTally()));
  return tally;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
