import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { ODDS_CHECK_MODEL_KEY } from "@shared/model/odds-check";
import { DEFAULT_ODDS_CHECK_CONFIG, oddsCheckFiles, type OddsCheckConfig } from "../bench/odds-check";
import { runOddsCheckInThread } from "../model/odds-check-client";
import { storeReadModel } from "../store/read-models";
import { emptyResult, skipped, throwIfAborted, type JobDefinition } from "./types";

/** `inputs` of the stored row: "{n} matches, {files} files; inputs:{sha256}; sha256:{payload}". */
function storedInputsHash(inputs: string | undefined): string | null {
  return /inputs:([0-9a-f]{64})/.exec(inputs ?? "")?.[1] ?? null;
}

/**
 * The public check of the season and live odds (sync-worker/bench/odds-check.ts, the code
 * `npm run bench:outlook` prints): the season outlook walk-forward against a points-per-game
 * baseline, and the half-time forecast against the pre-match forecast and the half-time leader,
 * on the football-data.co.uk history in FOOTBALL_DATA_DIR, with only the matches played before
 * the clock. The figures go to read_models under `odds-check` for /algo-results.
 *
 * It runs in its own thread (a minute or two of CPU on the whole history) and only when its
 * inputs changed: the thread reads the files first and stops there when the hash of the
 * matches it would use and of the check's settings is the stored run's. Without a local copy
 * of the files (a fresh clone, the public origin, tests) it records nothing and says so.
 */
export function createOddsCheckJob(
  options: { dataDir?: string | null; config?: Partial<OddsCheckConfig> } = {},
): JobDefinition {
  return {
    name: "odds-check",
    description:
      "The public check of the season outlook and the live odds on the football-data.co.uk history (for /algo-results)",
    cadence: {
      description: "daily at 04:30 UTC (and at start-up); skipped when its inputs are unchanged",
      cron: ["30 4 * * *"],
      everyMs: 24 * 60 * 60_000,
    },
    transactional: false,
    // Its thread reads the CSV files; the database holds only its input hash and its result.
    besideQueue: true,
    async run(ctx) {
      const dir = options.dataDir === undefined ? (ctx.settings.footballDataDir ?? null) : options.dataDir;
      if (!dir || !existsSync(dir))
        return skipped("no local copy of the football-data.co.uk files (FOOTBALL_DATA_DIR) to check the odds on");
      const files = oddsCheckFiles(dir, ctx.settings.leagues);
      if (files.length === 0) return skipped(`no season files of the leagues in ${dir}`);
      const now = ctx.clock.now();
      const config: OddsCheckConfig = { ...DEFAULT_ODDS_CHECK_CONFIG, ...options.config, asOf: now.getTime() };
      const [stored] = await ctx.db.execute<{ inputs: string }>(
        sql`select inputs from read_models where key = ${ODDS_CHECK_MODEL_KEY}`,
      );
      const run = await runOddsCheckInThread(
        {
          dir,
          leagues: [...ctx.settings.leagues],
          config,
          ranAt: now.toISOString(),
          unlessInputs: storedInputsHash(stored?.inputs),
        },
        ctx.signal,
      );
      throwIfAborted(ctx.signal);
      const result = { ...emptyResult(), rowsRead: run.matchesRead };
      if (run.unchanged)
        return { ...result, reason: `inputs unchanged (${run.matchesRead} matches in ${run.files} files)` };
      const { outlook, live } = run.payload;
      if (!outlook && !live) {
        return skipped(
          `no complete league season of ${config.outlookSeasons[0]} to ${config.outlookSeasons.at(-1)} and no half-time score of ${config.liveSeasons.join(", ")} in ${dir}`,
        );
      }
      const source = `${run.matchesRead} matches, ${run.files} files; inputs:${run.inputsHash}`;
      result.rowsWritten = await storeReadModel(ctx.db, ODDS_CHECK_MODEL_KEY, run.payload, source);
      const summary = [
        outlook
          ? `outlook: ${outlook.metrics.map((m) => `${m.key} ${(m.improvement * 100).toFixed(1)}% better`).join(", ")}`
          : "no outlook season",
        live
          ? `half-time RPS ${live.rps.ours.toFixed(4)} (pre-match ${live.rps.preMatch.toFixed(4)}), ECE ${live.ece.toFixed(4)}`
          : "no half-time season",
      ];
      return {
        ...result,
        reason: summary.join("; "),
        details: { outlookMs: outlook?.elapsedMs ?? null, liveMs: live?.elapsedMs ?? null },
      };
    },
  };
}
