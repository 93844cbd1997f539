/**
 * The prediction engine's stored state (engine_states), as the predictions job keeps it: what the
 * job remembers of each engine's stored fit and seasons, restoring them into a fresh engine
 * thread so it starts warm, and storing them again after a run whose fit learnt from new results.
 */
import { sql } from "drizzle-orm";
import type { PredictionEngine } from "../model/engine-client";
import { ENGINE_STATE_PREFIX, SEASONS_STATE_KEY } from "../model/engine-state";
import { deleteEngineStatesExcept, readEngineStates, writeEngineState } from "../store/engine-states";
import { seasonDataStates, seasonKey } from "./predictions-matches";
import { throwIfAborted, type JobContext } from "./types";

/** What the job knows about an engine's stored state (per engine: a job may be made again for the same engine). */
export interface EngineMemory {
  /** Data state of each league season the thread holds, as it was when read. */
  seasonStates: Map<string, string>;
  /** fitted_through of the stored fit, when it is the thread's fit or one it started from. */
  savedFit: string | null;
  /** fitted_through of the stored seasons. */
  savedSeasons: string | null;
}

const memories = new WeakMap<PredictionEngine, EngineMemory>();

export function memoryOf(engine: PredictionEngine): EngineMemory {
  let memory = memories.get(engine);
  if (!memory) {
    memory = { seasonStates: new Map(), savedFit: null, savedSeasons: null };
    memories.set(engine, memory);
  }
  return memory;
}

/**
 * Gives a fresh engine thread (a new process) the stored state: the finished seasons whose data
 * has not changed since they were stored, and the fit, which the thread checks against the
 * results at its first call. Anything unusable is left out: the engine then reads or fits again.
 */
export async function restoreEngine(
  ctx: JobContext,
  engine: PredictionEngine,
  fitKey: string,
  memory: EngineMemory,
): Promise<void> {
  memory.seasonStates.clear();
  memory.savedFit = null;
  memory.savedSeasons = null;
  const stored = await readEngineStates(ctx.db, [fitKey, SEASONS_STATE_KEY]);
  const fitRow = stored.get(fitKey);
  const seasonsRow = stored.get(SEASONS_STATE_KEY);
  if (!fitRow && !seasonsRow) return;
  let storedStates: Record<string, string> = {};
  try {
    const parsed: unknown = seasonsRow ? JSON.parse(seasonsRow.fittedThrough) : {};
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      storedStates = parsed as Record<string, string>;
  } catch {
    // An unreadable description: no stored season is trusted.
  }
  const finished = new Set(
    (
      await ctx.db.execute<{ league: string; season: string }>(
        sql`select league, season from seasons where not is_current`,
      )
    ).map((s) => seasonKey(s.league, s.season)),
  );
  const states = await seasonDataStates(ctx.db);
  const valid = Object.entries(storedStates)
    .filter(([key, state]) => finished.has(key) && typeof state === "string" && states.get(key) === state)
    .map(([key]) => key);
  const restored = await engine.restore(
    { fit: fitRow?.payload ?? null, seasons: seasonsRow?.payload ?? null, validSeasons: valid },
    ctx.signal,
  );
  for (const key of restored.seasons) memory.seasonStates.set(key, storedStates[key]);
  // Stored seasons left out (changed since, or unreadable) are read again, and stored again after the run.
  const allRestored = Object.keys(storedStates).every((key) => restored.seasons.includes(key));
  memory.savedSeasons = seasonsRow && allRestored ? seasonsRow.fittedThrough : null;
  memory.savedFit = restored.fit.pending ? fitRow!.fittedThrough : null;
  const fit = restored.fit.pending ? `its fit (${fitRow!.fittedThrough})` : `no fit (${restored.fit.reason})`;
  ctx.log.info(
    `restored the prediction engine's stored state: ${restored.seasons.length} of ${Object.keys(storedStates).length} finished league seasons, ${fit}`,
  );
}

/**
 * Stores the engine's state after a run: the fit when it has learnt from other results than the
 * stored one (a run with no new result stores nothing), the finished seasons when they changed.
 * Rows of another format, model version or settings are deleted. Returns the bytes written.
 */
export async function saveEngineState(
  ctx: JobContext,
  engine: PredictionEngine,
  fitKey: string,
  current: ReadonlySet<string>,
  memory: EngineMemory,
): Promise<{ fitBytes: number; seasonsBytes: number }> {
  const finished = [...engine.heldSeasons()].filter((key) => !current.has(key) && memory.seasonStates.has(key)).sort();
  const seasonsThrough = JSON.stringify(Object.fromEntries(finished.map((key) => [key, memory.seasonStates.get(key)])));
  const snapshot = await engine.snapshot(
    { unlessFittedThrough: memory.savedFit, seasons: seasonsThrough !== memory.savedSeasons ? finished : null },
    ctx.signal,
  );
  const fitBytes = snapshot.fit?.byteLength ?? 0;
  const seasonsBytes = snapshot.seasons?.byteLength ?? 0;
  if (!snapshot.fit && !snapshot.seasons) return { fitBytes, seasonsBytes };
  throwIfAborted(ctx.signal);
  await ctx.db.transaction(async (tx) => {
    if (snapshot.fit && snapshot.fittedThrough)
      await writeEngineState(tx, { key: fitKey, fittedThrough: snapshot.fittedThrough, payload: snapshot.fit });
    if (snapshot.seasons)
      await writeEngineState(tx, { key: SEASONS_STATE_KEY, fittedThrough: seasonsThrough, payload: snapshot.seasons });
    await deleteEngineStatesExcept(tx, ENGINE_STATE_PREFIX, [fitKey, SEASONS_STATE_KEY]);
  });
  if (snapshot.fit) memory.savedFit = snapshot.fittedThrough;
  if (snapshot.seasons) memory.savedSeasons = seasonsThrough;
  return { fitBytes, seasonsBytes };
}
