/**
 * The prediction engine's state as the worker stores it in `engine_states`, so that a new
 * process starts warm instead of rebuilding ten years of track record. Two rows:
 *
 * - the fit (`ModelFit`: ratings, blend, track record, pending forecasts) with what it has learnt
 *   from, under a key naming the state format, the model version and the settings, so a fit made
 *   by other code or other settings is never read;
 * - the finished league seasons the engine's thread holds, so the first run of a process reads
 *   only the current seasons from the database, as a later run does.
 *
 * Payloads are JSON compressed with gzip: a fit of ten seasons is about 4 MB (its numbers are
 * full-precision doubles, which compress poorly), the finished seasons a few hundred kB.
 * Decoding checks the format and throws StoredStateError on anything it cannot use; the caller
 * then starts from scratch.
 */
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import type { LeagueKey } from "@shared/domain/leagues";
import {
  DEFAULT_MODEL_OPTIONS,
  MODEL_VERSION,
  type ModelFit,
  type ModelOptions,
  type PlayedMatch,
} from "@shared/model";

/** Bump when the stored layout changes (or a stored fit would mean something else): older rows are then ignored. */
export const ENGINE_STATE_FORMAT = 1;

/** Every row the engine stores starts with this, so old formats and versions can be tidied away. */
export const ENGINE_STATE_PREFIX = "predictions-engine:";

/** The stored finished seasons (they do not depend on the model). */
export const SEASONS_STATE_KEY = `${ENGINE_STATE_PREFIX}seasons:v${ENGINE_STATE_FORMAT}`;

/** A stored state that cannot be used: another format or version, other settings, damaged bytes. */
export class StoredStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoredStateError";
  }
}

export function modelOptionsOf(partial?: Partial<ModelOptions>): ModelOptions {
  return { ...DEFAULT_MODEL_OPTIONS, ...partial };
}

function digestOf(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/** The settings in a fixed key order, so equal settings always give the same text. */
function optionsText(options: ModelOptions): string {
  return JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))));
}

/** The key of the stored fit for these settings: another format, model version or setting reads another row. */
export function fitStateKey(options: ModelOptions): string {
  return `${ENGINE_STATE_PREFIX}fit:v${ENGINE_STATE_FORMAT}:${MODEL_VERSION}:${digestOf(optionsText(options))}`;
}

/**
 * What a fit has learnt from: the finished matches of its last call (those kicked off before its
 * asOf), summed up as their number, the latest kick-off and a digest of every one of them. A
 * stored fit is used only while the database still has exactly these results.
 */
export interface LearntResults {
  count: number;
  /** Epoch milliseconds; null when the fit has learnt from no match. */
  latestKickoff: number | null;
  digest: string;
}

function matchLine(m: PlayedMatch): string {
  const r = m.resultOdds;
  const o = m.overUnderOdds;
  return [
    m.id,
    m.league,
    m.season,
    m.kickoff.getTime(),
    m.homeTeamId,
    m.awayTeamId,
    m.homeGoals,
    m.awayGoals,
    m.homeShotsOnTarget ?? "",
    m.awayShotsOnTarget ?? "",
    r ? `${r.home}/${r.draw}/${r.away}` : "",
    o ? `${o.over}/${o.under}` : "",
  ].join(",");
}

/** The results among `matches` kicked off at or before `through` (all of them without it). */
export function learntResults(matches: readonly PlayedMatch[], through: number | null = null): LearntResults {
  const included = through === null ? matches : matches.filter((m) => m.kickoff.getTime() <= through);
  let latest: number | null = null;
  for (const m of included) latest = Math.max(latest ?? -Infinity, m.kickoff.getTime());
  const lines = included.map(matchLine).sort();
  return { count: included.length, latestKickoff: latest, digest: digestOf(lines.join("\n")) };
}

/** The text of `fitted_through`: readable, and equal for equal results. */
export function describeLearnt(learnt: LearntResults): string {
  const latest = learnt.latestKickoff === null ? "none" : new Date(learnt.latestKickoff).toISOString();
  return `${learnt.count} results, latest kick-off ${latest}, digest ${learnt.digest}`;
}

/** Gzipped JSON, in a buffer of its own (a small Buffer may share Node's pool, which cannot be transferred). */
function compress(value: unknown): Uint8Array {
  return new Uint8Array(gzipSync(JSON.stringify(value)));
}

function decompress(payload: Uint8Array): unknown {
  try {
    return JSON.parse(gunzipSync(payload).toString("utf8"));
  } catch (error) {
    throw new StoredStateError(`unreadable payload (${(error as Error).message})`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function isLearntResults(value: unknown): value is LearntResults {
  return (
    isRecord(value) &&
    isFiniteNumber(value.count) &&
    typeof value.digest === "string" &&
    (value.latestKickoff === null || isFiniteNumber(value.latestKickoff))
  );
}

interface FitPayload {
  format: number;
  modelVersion: string;
  options: ModelOptions;
  learnt: LearntResults;
  fit: ModelFit;
}

export function encodeFit(fit: ModelFit, learnt: LearntResults): Uint8Array {
  const payload: FitPayload = {
    format: ENGINE_STATE_FORMAT,
    modelVersion: fit.modelVersion,
    options: fit.options,
    learnt,
    fit,
  };
  return compress(payload);
}

/** The fit's outline: enough to know it is a ModelFit of this code, not to re-check every number. */
function checkFitShape(fit: unknown): asserts fit is ModelFit {
  const ok =
    isRecord(fit) &&
    typeof fit.modelVersion === "string" &&
    isRecord(fit.options) &&
    isFiniteNumber(fit.asOf) &&
    isFiniteNumber(fit.trackedUntil) &&
    isRecord(fit.leagues) &&
    isRecord(fit.blend) &&
    isRecord(fit.blend.withOdds) &&
    isRecord(fit.blend.withoutOdds) &&
    isRecord(fit.blend.calibrationWithOdds) &&
    isRecord(fit.blend.calibrationWithoutOdds) &&
    isFiniteNumber(fit.blend.trainingSize) &&
    Array.isArray(fit.track) &&
    fit.track.every(
      (e: unknown) => isRecord(e) && typeof e.matchId === "string" && isFiniteNumber(e.kickoff) && isRecord(e.goals),
    ) &&
    isRecord(fit.pending);
  if (!ok) throw new StoredStateError("the stored fit does not have the shape of this version's fit");
}

/** Decodes a stored fit made with these settings by this model version; throws StoredStateError otherwise. */
export function decodeFit(payload: Uint8Array, options: ModelOptions): { fit: ModelFit; learnt: LearntResults } {
  const value = decompress(payload);
  if (!isRecord(value)) throw new StoredStateError("the payload is not a stored fit");
  if (value.format !== ENGINE_STATE_FORMAT) {
    throw new StoredStateError(`stored in format ${String(value.format)}, this code reads ${ENGINE_STATE_FORMAT}`);
  }
  if (value.modelVersion !== MODEL_VERSION)
    throw new StoredStateError(`made by model ${String(value.modelVersion)}, this is ${MODEL_VERSION}`);
  if (!isRecord(value.options) || optionsText(value.options as unknown as ModelOptions) !== optionsText(options)) {
    throw new StoredStateError("made with other settings");
  }
  const learnt = value.learnt;
  if (!isLearntResults(learnt)) {
    throw new StoredStateError("the stored fit does not say what it has learnt from");
  }
  const fit = value.fit;
  checkFitShape(fit);
  if (fit.modelVersion !== MODEL_VERSION || optionsText(fit.options) !== optionsText(options)) {
    throw new StoredStateError("the stored fit's version or settings differ from its header");
  }
  return { fit, learnt: { count: learnt.count, latestKickoff: learnt.latestKickoff, digest: learnt.digest } };
}

/**
 * One finished match as a row: id, kick-off, teams, score, shots on target, 1X2 and over/under
 * prices (null when missing). Rows are far smaller than the objects, and every number survives
 * JSON exactly.
 */
type MatchRow = [
  id: string,
  kickoff: number,
  homeTeamId: number,
  awayTeamId: number,
  homeGoals: number,
  awayGoals: number,
  homeShotsOnTarget: number | null,
  awayShotsOnTarget: number | null,
  home: number | null,
  draw: number | null,
  away: number | null,
  over: number | null,
  under: number | null,
];

interface SeasonsPayload {
  format: number;
  seasons: Array<{ key: string; league: LeagueKey; season: string; matches: MatchRow[] }>;
}

function rowOf(m: PlayedMatch): MatchRow {
  const r = m.resultOdds ?? null;
  const o = m.overUnderOdds ?? null;
  return [
    m.id,
    m.kickoff.getTime(),
    m.homeTeamId,
    m.awayTeamId,
    m.homeGoals,
    m.awayGoals,
    m.homeShotsOnTarget ?? null,
    m.awayShotsOnTarget ?? null,
    r?.home ?? null,
    r?.draw ?? null,
    r?.away ?? null,
    o?.over ?? null,
    o?.under ?? null,
  ];
}

const numberOrNull = (value: unknown): value is number | null => value === null || isFiniteNumber(value);

function matchOf(row: unknown, league: LeagueKey, season: string): PlayedMatch {
  const ok =
    Array.isArray(row) &&
    row.length === 13 &&
    typeof row[0] === "string" &&
    row.slice(1, 6).every(isFiniteNumber) &&
    row.slice(6).every(numberOrNull);
  if (!ok) {
    throw new StoredStateError("a stored match is damaged");
  }
  const [
    id,
    kickoff,
    homeTeamId,
    awayTeamId,
    homeGoals,
    awayGoals,
    homeShots,
    awayShots,
    home,
    draw,
    away,
    over,
    under,
  ] = row as MatchRow;
  // The same fields in the same order as the rows the predictions job reads from the database.
  return {
    id,
    league,
    season,
    kickoff: new Date(kickoff),
    homeTeamId,
    awayTeamId,
    resultOdds: home !== null && draw !== null && away !== null ? { home, draw, away } : null,
    overUnderOdds: over !== null && under !== null ? { over, under } : null,
    homeGoals,
    awayGoals,
    homeShotsOnTarget: homeShots,
    awayShotsOnTarget: awayShots,
  };
}

function isStoredSeason(value: unknown): value is { key: string; league: string; season: string; matches: unknown[] } {
  return (
    isRecord(value) &&
    typeof value.key === "string" &&
    typeof value.league === "string" &&
    typeof value.season === "string" &&
    Array.isArray(value.matches)
  );
}

export function encodeSeasons(seasons: ReadonlyMap<string, readonly PlayedMatch[]>): Uint8Array {
  const payload: SeasonsPayload = {
    format: ENGINE_STATE_FORMAT,
    seasons: [...seasons].map(([key, matches]) => {
      const [league, season] = key.split("|");
      return { key, league: league as LeagueKey, season, matches: matches.map(rowOf) };
    }),
  };
  return compress(payload);
}

/** Decodes stored seasons, keeping only those in `wanted` (the ones still as stored in the database). */
export function decodeSeasons(payload: Uint8Array, wanted: ReadonlySet<string>): Map<string, PlayedMatch[]> {
  const value = decompress(payload);
  if (!isRecord(value) || value.format !== ENGINE_STATE_FORMAT || !Array.isArray(value.seasons)) {
    throw new StoredStateError("the payload is not stored seasons of this format");
  }
  const seasons = new Map<string, PlayedMatch[]>();
  for (const entry of value.seasons as unknown[]) {
    if (!isStoredSeason(entry)) {
      throw new StoredStateError("a stored season is damaged");
    }
    if (!wanted.has(entry.key)) continue;
    const league = entry.league as LeagueKey;
    const season = entry.season;
    seasons.set(
      entry.key,
      entry.matches.map((row) => matchOf(row, league, season)),
    );
  }
  return seasons;
}
