import { sql } from "drizzle-orm";
import type { LeagueKey } from "@shared/domain/leagues";
import { teamNameById } from "@shared/domain/teams/registry";
import { weekStart, type MatchInput, type MatchPrediction, type PlayedMatch, type UpcomingMatch } from "@shared/model";
import { engineThread, type EngineStep, type EngineStepResult, type HistoryUpdate, type PredictionEngine } from "../model/engine-client";
import { ENGINE_STATE_PREFIX, fitStateKey, modelOptionsOf, SEASONS_STATE_KEY } from "../model/engine-state";
import { deleteEngineStatesExcept, readEngineStates, writeEngineState } from "../store/engine-states";
import { NOT_PLAYED_STATUSES } from "./lock-picks";
import { emptyResult, skipped, throwIfAborted, type JobContext, type JobDb, type JobDefinition } from "./types";

/** Matches predicted ahead of kick-off. */
const HORIZON_DAYS = 14;

interface MatchRow {
  id: number;
  league: LeagueKey;
  season: string;
  kickoff_at: string | Date;
  home_team_id: number;
  away_team_id: number;
  home_score: number | null;
  away_score: number | null;
  home_shots_on_target: number | null;
  away_shots_on_target: number | null;
  home_price: string | null;
  draw_price: string | null;
  away_price: string | null;
  over_price: string | null;
  under_price: string | null;
}

/** Matches with their pre-match market-average prices (never closing prices: not known before kick-off). */
async function matches(db: JobDb, where: ReturnType<typeof sql>): Promise<MatchRow[]> {
  return db.execute<MatchRow>(sql`
    select f.id, f.league, f.season, f.kickoff_at, f.home_team_id, f.away_team_id, f.home_score, f.away_score,
           f.home_shots_on_target, f.away_shots_on_target,
           r.home_price, r.draw_price, r.away_price, o.over_price, o.under_price
    from fixtures f
    left join fixture_odds r on r.fixture_id = f.id and r.source = 'market-average' and r.market = '1x2' and r.kind = 'opening'
    left join fixture_odds o on o.fixture_id = f.id and o.source = 'market-average' and o.market = 'ou25' and o.kind = 'opening'
    where ${where}
    order by f.kickoff_at, f.id`);
}

const seasonKey = (league: string, season: string) => `${league}|${season}`;

/**
 * The state of every league season with stored matches: their number and latest change, in one
 * statement. It changes whenever any writer changes one of them, so a season stored with the
 * engine's state is trusted only while its state is the same.
 */
async function seasonDataStates(db: JobDb): Promise<Map<string, string>> {
  const rows = await db.execute<{ league: string; season: string; state: string }>(sql`
    select league, season, concat_ws(':', count(*), (extract(epoch from max(updated_at)) * 1000000)::bigint) as state
    from fixtures group by league, season`);
  return new Map(rows.map((row) => [seasonKey(row.league, row.season), row.state]));
}

interface HistoryRead {
  update: HistoryUpdate;
  /** Finished matches read. */
  read: number;
  /** The current league seasons (read every run, never stored with the engine's state). */
  current: Set<string>;
}

/**
 * The finished matches before an instant, as an update of what the engine's thread holds: the
 * seasons it does not have yet, and the current seasons (where results arrive). A finished season
 * never changes, so after the first run a call reads one season per league, not ten (nor does
 * the first run of a process whose thread was restored from the stored state). On the embedded
 * database a query blocks the process it shares with the site, so seasons are read one at a
 * time: pages are served between them. The data state of every season read is noted in
 * `states`, to be stored with it.
 */
async function historyUpdate(db: JobDb, engine: PredictionEngine, at: string, states: Map<string, string>): Promise<HistoryRead> {
  const seasons = await db.execute<{ league: string; season: string; is_current: boolean }>(sql`select league, season, is_current from seasons`);
  const held = engine.heldSeasons();
  const keep = seasons.map((s) => seasonKey(s.league, s.season));
  const current = new Set(seasons.filter((s) => s.is_current).map((s) => seasonKey(s.league, s.season)));
  const wanted = seasons.filter((s) => s.is_current || !held.has(seasonKey(s.league, s.season)));
  const update: HistoryUpdate = { seasons: {}, keep };
  let read = 0;
  // The states first: a change made while the rows are read then shows as a different state later.
  const stored = wanted.length > 0 ? await seasonDataStates(db) : new Map<string, string>();
  for (const { league, season } of wanted) {
    const key = seasonKey(league, season);
    const state = stored.get(key);
    // The registry knows every season since 2005/06; one without a stored match has nothing to read.
    const rows = state
      ? await matches(
          db,
          sql`f.league = ${league} and f.season = ${season} and f.match_state = 'post-match'
              and f.home_score is not null and f.away_score is not null and f.kickoff_at < ${at}::timestamptz`,
        )
      : [];
    update.seasons[key] = rows.map(playedMatch);
    read += rows.length;
    if (state && rows.length > 0) states.set(key, state);
    else states.delete(key);
  }
  for (const key of [...states.keys()]) if (!keep.includes(key)) states.delete(key);
  return { update, read, current };
}

/** What the job knows about an engine's stored state (per engine: a job may be made again for the same engine). */
interface EngineMemory {
  /** Data state of each league season the thread holds, as it was when read. */
  seasonStates: Map<string, string>;
  /** fitted_through of the stored fit, when it is the thread's fit or one it started from. */
  savedFit: string | null;
  /** fitted_through of the stored seasons. */
  savedSeasons: string | null;
}

const memories = new WeakMap<PredictionEngine, EngineMemory>();

function memoryOf(engine: PredictionEngine): EngineMemory {
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
async function restoreEngine(ctx: JobContext, engine: PredictionEngine, fitKey: string, memory: EngineMemory): Promise<void> {
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
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) storedStates = parsed as Record<string, string>;
  } catch {
    // An unreadable description: no stored season is trusted.
  }
  const finished = new Set(
    (await ctx.db.execute<{ league: string; season: string }>(sql`select league, season from seasons where not is_current`)).map((s) =>
      seasonKey(s.league, s.season),
    ),
  );
  const states = await seasonDataStates(ctx.db);
  const valid = Object.entries(storedStates)
    .filter(([key, state]) => finished.has(key) && typeof state === "string" && states.get(key) === state)
    .map(([key]) => key);
  const restored = await engine.restore({ fit: fitRow?.payload ?? null, seasons: seasonsRow?.payload ?? null, validSeasons: valid }, ctx.signal);
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
async function saveEngineState(
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
    if (snapshot.fit && snapshot.fittedThrough) await writeEngineState(tx, { key: fitKey, fittedThrough: snapshot.fittedThrough, payload: snapshot.fit });
    if (snapshot.seasons) await writeEngineState(tx, { key: SEASONS_STATE_KEY, fittedThrough: seasonsThrough, payload: snapshot.seasons });
    await deleteEngineStatesExcept(tx, ENGINE_STATE_PREFIX, [fitKey, SEASONS_STATE_KEY]);
  });
  if (snapshot.fit) memory.savedFit = snapshot.fittedThrough;
  if (snapshot.seasons) memory.savedSeasons = seasonsThrough;
  return { fitBytes, seasonsBytes };
}

function matchInput(row: MatchRow): MatchInput {
  const price = (value: string | null) => (value === null ? null : Number(value));
  const [home, draw, away, over, under] = [row.home_price, row.draw_price, row.away_price, row.over_price, row.under_price].map(price);
  return {
    id: String(row.id),
    league: row.league,
    season: row.season,
    kickoff: new Date(row.kickoff_at),
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    resultOdds: home !== null && draw !== null && away !== null ? { home, draw, away } : null,
    overUnderOdds: over !== null && under !== null ? { over, under } : null,
  };
}

function playedMatch(row: MatchRow): PlayedMatch {
  return {
    ...matchInput(row),
    homeGoals: row.home_score!,
    awayGoals: row.away_score!,
    homeShotsOnTarget: row.home_shots_on_target,
    awayShotsOnTarget: row.away_shots_on_target,
  };
}

function upcomingMatch(row: MatchRow): UpcomingMatch {
  return { ...matchInput(row), homeTeam: teamNameById(row.home_team_id), awayTeam: teamNameById(row.away_team_id) };
}

const TEXT_COLUMNS = new Set(["model_version", "result_pick", "over_under_pick", "btts_pick", "best_pick"]);

/**
 * Stores the forecasts as of `asOf` (predicted_at: the instant whose information they use).
 * Only matches kicking off at or after asOf are written; a stored prediction is replaced.
 */
async function storePredictions(db: JobDb, predictions: readonly MatchPrediction[], asOf: Date): Promise<number> {
  if (predictions.length === 0) return 0;
  const records = predictions.map((p) => ({
    fixture_id: Number(p.matchId),
    model_version: p.modelVersion,
    prob_home: p.probabilities.home,
    prob_draw: p.probabilities.draw,
    prob_away: p.probabilities.away,
    prob_over25: p.probabilities.over25,
    prob_btts: p.probabilities.btts,
    model_only_home: p.modelOnly.home,
    model_only_draw: p.modelOnly.draw,
    model_only_away: p.modelOnly.away,
    model_only_over25: p.modelOnly.over25,
    model_only_btts: p.modelOnly.btts,
    expected_goals_home: p.expectedGoals.home,
    expected_goals_away: p.expectedGoals.away,
    projected_home_score: p.projectedScore.home,
    projected_away_score: p.projectedScore.away,
    result_pick: p.picks.result.code,
    over_under_pick: p.picks.overUnder.text,
    btts_pick: p.picks.btts.code,
    best_pick: p.bestPick.text,
    confidence: p.confidence,
    result_confidence: p.picks.result.confidence,
    over_under_confidence: p.picks.overUnder.confidence,
    btts_confidence: p.picks.btts.confidence,
    best_pick_odds: p.bestPick.odds,
    result_odds: p.picks.result.odds,
    over_under_odds: p.picks.overUnder.odds,
    btts_odds: p.picks.btts.odds,
  }));
  const columns = Object.keys(records[0]);
  const typeOf = (c: string) => (TEXT_COLUMNS.has(c) ? "text" : c === "fixture_id" || c.startsWith("projected") ? "int" : "double precision");
  const updated = columns.filter((c) => c !== "fixture_id");
  const at = asOf.toISOString();
  return db.transaction(async (tx) => {
    const rows = await tx.execute(sql`
      insert into predictions (${sql.raw(columns.join(", "))}, predicted_at)
      select ${sql.raw(columns.map((c) => `t.${c}`).join(", "))}, ${at}::timestamptz
      from json_to_recordset(${JSON.stringify(records)}::json)
        as t(${sql.raw(columns.map((c) => `${c} ${typeOf(c)}`).join(", "))})
      join fixtures f on f.id = t.fixture_id and f.kickoff_at >= ${at}::timestamptz
      on conflict (fixture_id) do update set ${sql.raw(updated.map((c) => `${c} = excluded.${c}`).join(", "))}, predicted_at = excluded.predicted_at
      where (${sql.raw(updated.map((c) => `predictions.${c}`).join(", "))}) is distinct from (${sql.raw(updated.map((c) => `excluded.${c}`).join(", "))})
      returning 1`);
    return rows.length;
  });
}

/**
 * Matches of the current season that kicked off with nothing to lock: no ledger row and no
 * prediction made before kick-off (a fresh installation, or a worker that was down). The
 * pick-locking job locks them once they have one.
 */
async function unpredictedKickedOff(db: JobDb, now: string): Promise<MatchRow[]> {
  return matches(
    db,
    sql`f.kickoff_at <= ${now}::timestamptz
        and exists (select 1 from seasons s where s.league = f.league and s.season = f.season and s.is_current)
        and coalesce(f.status, '') not in (${sql.join(NOT_PLAYED_STATUSES.map((s) => sql`${s}`), sql`, `)})
        and not exists (select 1 from pick_ledger l where l.fixture_id = f.id)
        and not exists (select 1 from predictions p where p.fixture_id = f.id and p.predicted_at <= f.kickoff_at)`,
  );
}

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
 * seasons are stored (engine_states); the first run of a process restores them into its fresh
 * engine thread, which then starts warm instead of fitting from scratch.
 */
export function createPredictionsJob(options: { engine?: PredictionEngine } = {}): JobDefinition {
  const engine = options.engine ?? engineThread();
  const fitKey = fitStateKey(modelOptionsOf(engine.modelOptions));
  const memory = memoryOf(engine);
  return {
    name: "predictions",
    description: "The prediction engine's forecasts for the matches of the next two weeks (and any kicked-off match of the season without one)",
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
      if (history.read === 0 && engine.heldSeasons().size === 0) return skipped("no finished matches to learn from yet");
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
        ctx.log.info(`catching up ${catchUp.length} kicked-off matches without a prediction, walk-forward over ${weeks.size} weeks`);
      }
      // One message to the thread: the history is copied across once, whatever the number of weeks.
      const answers = await engine.predict({ history: history.update, steps }, ctx.signal);
      const restored = answers[0]?.restored;
      if (restored?.adopted) ctx.log.info(`prediction engine started from its stored fit in ${answers[0].durationMs} ms`);
      if (restored && !restored.adopted) {
        memory.savedFit = null;
        ctx.log.warn(`prediction engine's stored fit not used: ${restored.reason}`);
      }
      for (const answer of answers) {
        if (!answer.warm) {
          ctx.log.info(`prediction engine fitted from scratch as of ${answer.asOf.toISOString()} in ${answer.durationMs} ms (in its own thread)`);
        }
        throwIfAborted(ctx.signal);
        result.rowsWritten += await storePredictions(ctx.db, answer.predictions, answer.asOf);
      }
      let saved: { fitBytes: number; seasonsBytes: number } | { error: string };
      try {
        saved = await saveEngineState(ctx, engine, fitKey, history.current, memory);
      } catch (error) {
        // The forecasts are stored; an engine state that could not be is only a slower next start.
        throwIfAborted(ctx.signal);
        saved = { error: (error as Error).message };
        ctx.log.warn(`could not store the prediction engine's state: ${saved.error}`);
      }
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
        next: catchUp.length > 0 ? ["lock-picks", "match-of-the-week", "season-outlook"] : ["match-of-the-week", "season-outlook"],
      };
    },
  };
}
