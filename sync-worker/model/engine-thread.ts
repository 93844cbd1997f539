/**
 * The prediction engine in its own thread. predictMatches is synchronous and CPU-bound: the
 * first call of a process without a stored fit rebuilds ten years of track record (tens of
 * seconds), which would stall the web server sharing the worker's process. Here it blocks only
 * this thread. The fit stays in the thread between calls, so later calls start warm (a few
 * hundred milliseconds); a new thread can start warm too, from a fit the worker stored
 * (restore), and encoding or decoding that state happens here as well, off the main thread.
 */
import { parentPort } from "node:worker_threads";
import { predictMatches, type ModelFit, type PlayedMatch } from "@shared/model";
import type {
  EngineRequest,
  EngineResponse,
  EngineSnapshot,
  EngineStepResult,
  PredictRequest,
  RestoreRequest,
  RestoreResult,
  RestoredFit,
  SnapshotRequest,
} from "./engine-messages";
import {
  decodeFit,
  decodeSeasons,
  describeLearnt,
  encodeFit,
  encodeSeasons,
  learntResults,
  modelOptionsOf,
  type LearntResults,
} from "./engine-state";

const port = parentPort;
if (!port) throw new Error("engine-thread.ts runs as a worker thread (see engine-client.ts)");

let fit: ModelFit | null = null;
/** The history of the call that made `fit` (what it has learnt from), and its summary once computed. */
let fitHistory: readonly PlayedMatch[] = [];
let fitLearnt: LearntResults | null = null;
/** A fit restored from storage, until the next call checks it against the history. */
let restoredFit: { fit: ModelFit; learnt: LearntResults } | null = null;
/** Finished matches by league season, as the worker last sent them. */
const seasons = new Map<string, readonly PlayedMatch[]>();

/**
 * Every finished match in one order, whatever order the seasons arrived in (read from the
 * database or restored): league seasons by first kick-off, each in the order it was sent. Sums
 * over matches then run in the same order in every thread, so a restored thread predicts
 * exactly what the thread that stored its state would have.
 */
function playedInOrder(): PlayedMatch[] {
  const first = (matches: readonly PlayedMatch[]) => (matches.length > 0 ? matches[0].kickoff.getTime() : Infinity);
  return [...seasons]
    .sort(([a, x], [b, y]) => first(x) - first(y) || (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([, matches]) => matches);
}

/**
 * Whether a restored fit can continue on this history from `asOf`: the results it learnt from
 * are all still there, unchanged, and none kicked off at or after asOf (a replay restarted at an
 * earlier moment takes later results away). Results that arrived since are fine: the next call
 * learns them, as it would have in the thread that stored the fit.
 */
function checkRestored(
  restored: { fit: ModelFit; learnt: LearntResults },
  played: readonly PlayedMatch[],
  asOf: number,
): string | null {
  const { learnt } = restored;
  if (learnt.latestKickoff !== null && learnt.latestKickoff >= asOf)
    return "it learnt from results after this call's moment";
  const now = learntResults(played, learnt.latestKickoff ?? -Infinity);
  if (now.count !== learnt.count || now.digest !== learnt.digest)
    return "the results it learnt from have changed since it was stored";
  return null;
}

function predict(request: PredictRequest): EngineStepResult[] {
  for (const key of [...seasons.keys()]) if (!request.history.keep.includes(key)) seasons.delete(key);
  for (const [key, matches] of Object.entries(request.history.seasons)) seasons.set(key, matches);
  const played = playedInOrder();
  const results: EngineStepResult[] = [];
  let restored: RestoredFit | undefined;
  if (restoredFit && request.steps.length > 0) {
    const asOf = request.steps[0].asOf.getTime();
    const refused = checkRestored(restoredFit, played, asOf);
    if (refused === null) {
      // A fit stored a little later than this call's moment (a replay restarted at the same
      // instant) is the fit of this moment: nothing it learnt from came after it.
      fit = { ...restoredFit.fit, asOf: Math.min(restoredFit.fit.asOf, asOf) };
      restored = { adopted: true };
    } else {
      restored = { adopted: false, reason: refused };
    }
    restoredFit = null;
  }
  for (const { asOf, upcoming } of request.steps) {
    const started = performance.now();
    const time = asOf.getTime();
    const history = played.filter((match) => match.kickoff.getTime() < time);
    let warm = fit !== null && fit.asOf <= time;
    let result;
    try {
      result = predictMatches({ history, upcoming, asOf, previousFit: fit, options: request.options });
    } catch (error) {
      // A restored fit this code cannot continue from (it passed every check, yet the engine
      // throws on it): start from scratch rather than fail. Errors in the input still fail.
      if (!(restored?.adopted && results.length === 0) || (error instanceof Error && error.name === "ModelInputError"))
        throw error;
      restored = { adopted: false, reason: `the engine could not continue from it (${(error as Error).message})` };
      warm = false;
      result = predictMatches({ history, upcoming, asOf, options: request.options });
    }
    fit = result.fit;
    fitHistory = history;
    fitLearnt = null;
    results.push({
      asOf,
      predictions: result.predictions,
      warm,
      durationMs: Math.round(performance.now() - started),
      ...(results.length === 0 && restored ? { restored } : {}),
    });
  }
  return results;
}

function restore(request: RestoreRequest): RestoreResult {
  const options = modelOptionsOf(request.options);
  const reasons: string[] = [];
  if (request.seasons) {
    try {
      for (const [key, matches] of decodeSeasons(request.seasons, new Set(request.validSeasons)))
        seasons.set(key, matches);
    } catch (error) {
      reasons.push(`stored seasons not used: ${(error as Error).message}`);
    }
  }
  if (!request.fit) return { seasons: [...seasons.keys()], fit: { pending: false, reason: "no stored fit" } };
  try {
    restoredFit = decodeFit(request.fit, options);
    return { seasons: [...seasons.keys()], fit: { pending: true } };
  } catch (error) {
    return {
      seasons: [...seasons.keys()],
      fit: { pending: false, reason: [...reasons, (error as Error).message].join("; ") },
    };
  }
}

function snapshot(request: SnapshotRequest): { value: EngineSnapshot; transfer: ArrayBuffer[] } {
  let fittedThrough: string | null = null;
  let fitBytes: Uint8Array | null = null;
  if (fit) {
    fitLearnt ??= learntResults(fitHistory);
    fittedThrough = describeLearnt(fitLearnt);
    if (fittedThrough !== request.unlessFittedThrough) fitBytes = encodeFit(fit, fitLearnt);
  }
  const asked = request.seasons?.flatMap((key): Array<[string, readonly PlayedMatch[]]> =>
    seasons.has(key) ? [[key, seasons.get(key)!]] : [],
  );
  const seasonBytes = asked ? encodeSeasons(new Map(asked)) : null;
  const transfer = [fitBytes, seasonBytes].flatMap((bytes) => (bytes ? [bytes.buffer as ArrayBuffer] : []));
  return { value: { fittedThrough, fit: fitBytes, seasons: seasonBytes }, transfer };
}

port.on("message", (request: EngineRequest) => {
  let response: EngineResponse;
  let transfer: ArrayBuffer[] = [];
  try {
    if (request.kind === "restore") {
      response = { id: request.id, restored: restore(request) };
    } else if (request.kind === "snapshot") {
      const taken = snapshot(request);
      response = { id: request.id, snapshot: taken.value };
      transfer = taken.transfer;
    } else {
      response = { id: request.id, results: predict(request) };
    }
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    response = { id: request.id, error: { name, message } };
  }
  port.postMessage(response, transfer);
});
