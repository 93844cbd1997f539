/**
 * The predictions job: predicts the matches of the next two weeks, and walk-forward any kicked-off
 * match of the current season without a prediction, with the prediction engine in its own
 * thread. What it reads is in predictions-matches.ts, how it stores the forecasts in
 * predictions-store.ts, and how the engine's state is restored and saved in
 * predictions-engine-state.ts.
 */
import { sql } from "drizzle-orm";
import { weekStart } from "@shared/model";
import { engineThread, type EngineStep, type EngineStepResult, type PredictionEngine } from "../model/engine-client";
import { fitStateKey, modelOptionsOf } from "../model/engine-state";
import { memoryOf, restoreEngine, saveEngineState } from "./predictions-engine-state";
import { historyUpdate, matches, unpredictedKickedOff, upcomingMatch, type MatchRow } from "./predictions-matches";
import { storePredictions } from "./predictions-store";
import { analyzeAfterWrites } from "./job-db";
import { emptyResult, skipped, throwIfAborted, type JobDefinition } from "./types";

/** Matches predicted ahead of kick-off. */
const HORIZON_DAYS = 14;

/** How the engine started on the first call of a run, for the run log. */
function engineStart(first: EngineStepResult | undefined): string {
  if (!first) return "none";
  if (first.restored) return first.restored.adopted ? "stored fit" : "from scratch (stored fit not used)";
  return first.warm ? "warm" : "from scratch";
}

/**
 * Predicts every match of the next two weeks and stores the engine's probabilities, picks,
 * projected score and confidence; a prediction is replaced until kick-off, and the ledger is
 * never touched here.
 *
 * Catch-up: a match of the current season that kicked off without a prediction made before it
 * (on a fresh installation, the whole season up to the clock) is predicted walk-forward, as
 * the benchmark does: one engine call per week, as of the Monday 00:00 UTC starting the
 * match's week, from the matches finished before then. Its predicted_at is that Monday, the
 * instant whose information it uses, so the pick-locking job can lock it as a pick made before
 * kick-off.
 *
 * The engine's state: after a run whose fit learnt from new results, the fit and the finished
 * seasons are stored (engine_states); a run whose engine thread is fresh (the first of a process,
 * or any after a run that ended its thread: `releaseEngine`) restores them into it, and it then
 * starts warm instead of fitting from scratch.
 */
export function createPredictionsJob(
  options: {
    engine?: PredictionEngine;
    /**
     * End the engine's thread after each run whose state was stored; the next run starts a new
     * thread from that state (restoreEngine), warm, in about a second. Between hourly runs an idle
     * thread would hold its history and fit: 40 to 55 MB of the process's memory, measured on
     * the embedded default, where that process is also the web server's. Default: true for the
     * engine the job makes, false for one handed in (its owner decides when it ends).
     */
    releaseEngine?: boolean;
  } = {},
): JobDefinition {
  const engine = options.engine ?? engineThread();
  const releaseEngine = options.releaseEngine ?? !options.engine;
  const fitKey = fitStateKey(modelOptionsOf(engine.modelOptions));
  const memory = memoryOf(engine);
  return {
    name: "predictions",
    description:
      "The prediction engine's forecasts for the matches of the next two weeks (and any kicked-off match of the season without one)",
    cadence: { description: "hourly, after fixtures and results", cron: ["20 * * * *"], everyMs: 60 * 60_000 },
    transactional: false,
    async run(ctx) {
      const now = ctx.clock.now();
      const at = now.toISOString();
      if (engine.isFresh()) {
        try {
          await restoreEngine(ctx, engine, fitKey, memory);
        } catch (error) {
          // A stored state that cannot even be read only costs a fit from scratch.
          throwIfAborted(ctx.signal);
          ctx.log.warn(`could not restore the prediction engine's stored state: ${(error as Error).message}`);
        }
      }
      const history = await historyUpdate(ctx.db, engine, at, memory.seasonStates);
      if (history.read === 0 && engine.heldSeasons().size === 0)
        return skipped("no finished matches to learn from yet");
      const upcoming = await matches(
        ctx.db,
        sql`f.match_state = 'pre-match' and f.kickoff_at > ${at}::timestamptz
            and f.kickoff_at <= ${at}::timestamptz + make_interval(days => ${HORIZON_DAYS})`,
      );
      const catchUp = await unpredictedKickedOff(ctx.db, at);
      const weeks = new Map<number, MatchRow[]>();
      for (const row of catchUp) {
        const week = weekStart(new Date(row.kickoff_at).getTime());
        weeks.set(week, [...(weeks.get(week) ?? []), row]);
      }
      const steps: EngineStep[] = [...weeks.keys()]
        .sort((a, b) => a - b)
        .map((week) => ({ asOf: new Date(week), upcoming: weeks.get(week)!.map(upcomingMatch) }));
      if (upcoming.length > 0) steps.push({ asOf: now, upcoming: upcoming.map(upcomingMatch) });
      const result = { ...emptyResult(), rowsRead: history.read + upcoming.length + catchUp.length };
      if (steps.length === 0) return { ...result, reason: "nothing to predict", next: [] };
      if (catchUp.length > 0) {
        ctx.log.info(
          `catching up ${catchUp.length} kicked-off matches without a prediction, walk-forward over ${weeks.size} weeks`,
        );
      }
      // One message to the thread: the history is copied across once, whatever the number of weeks.
      const answers = await engine.predict({ history: history.update, steps }, ctx.signal);
      const restored = answers[0]?.restored;
      if (restored?.adopted)
        ctx.log.info(`prediction engine started from its stored fit in ${answers[0].durationMs} ms`);
      if (restored && !restored.adopted) {
        memory.savedFit = null;
        ctx.log.warn(`prediction engine's stored fit not used: ${restored.reason}`);
      }
      for (const answer of answers) {
        if (!answer.warm) {
          ctx.log.info(
            `prediction engine fitted from scratch as of ${answer.asOf.toISOString()} in ${answer.durationMs} ms (in its own thread)`,
          );
        }
        throwIfAborted(ctx.signal);
        result.rowsWritten += await storePredictions(ctx.db, answer.predictions, answer.asOf);
      }
      await analyzeAfterWrites(ctx.db, "predictions", result.rowsWritten);
      let saved: { fitBytes: number; seasonsBytes: number } | { error: string };
      try {
        saved = await saveEngineState(ctx, engine, fitKey, history.current, memory);
      } catch (error) {
        // The forecasts are stored; an engine state that could not be is only a slower next start.
        throwIfAborted(ctx.signal);
        saved = { error: (error as Error).message };
        ctx.log.warn(`could not store the prediction engine's state: ${saved.error}`);
      }
      // Only once the state is stored: otherwise the next run would fit from scratch.
      if (releaseEngine && !("error" in saved)) await engine.close();
      return {
        ...result,
        reason: `${upcoming.length} upcoming matches predicted; ${catchUp.length} kicked-off matches caught up over ${weeks.size} weeks`,
        details: {
          engineCalls: answers.length,
          coldStarts: answers.filter((a) => !a.warm).length,
          engineStart: engineStart(answers[0]),
          engineMs: answers.reduce((sum, a) => sum + a.durationMs, 0),
          catchUpMatches: catchUp.length,
          catchUpWeeks: weeks.size,
          engineStateSaved: saved,
        },
        next:
          catchUp.length > 0
            ? ["lock-picks", "match-of-the-week", "season-outlook"]
            : ["match-of-the-week", "season-outlook"],
      };
    },
  };
}
