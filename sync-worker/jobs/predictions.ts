import { sql } from "drizzle-orm";
import type { LeagueKey } from "../../shared/domain/leagues";
import { getTeamById } from "../../shared/domain/teams/registry";
import { weekStart, type MatchInput, type MatchPrediction, type PlayedMatch, type UpcomingMatch } from "../../shared/model";
import { engineThread, type EngineStep, type HistoryUpdate, type PredictionEngine } from "../model/engine-client";
import { NOT_PLAYED_STATUSES } from "./lock-picks";
import { emptyResult, skipped, throwIfAborted, type JobDb, type JobDefinition } from "./types";

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
 * The finished matches before an instant, as an update of what the engine's thread holds: the
 * seasons it does not have yet, and the current seasons (where results arrive). A finished season
 * never changes, so after the first run a call reads one season per league, not ten: on the
 * embedded database a query blocks the process it shares with the site.
 */
async function historyUpdate(db: JobDb, engine: PredictionEngine, at: string): Promise<{ update: HistoryUpdate; read: number }> {
  const seasons = await db.execute<{ league: string; season: string; is_current: boolean }>(sql`select league, season, is_current from seasons`);
  const held = engine.heldSeasons();
  const keep = seasons.map((s) => seasonKey(s.league, s.season));
  const wanted = seasons.filter((s) => s.is_current || !held.has(seasonKey(s.league, s.season)));
  const update: HistoryUpdate = { seasons: Object.fromEntries(wanted.map((s) => [seasonKey(s.league, s.season), [] as PlayedMatch[]])), keep };
  if (wanted.length === 0) return { update, read: 0 };
  const onlyWanted =
    wanted.length === seasons.length
      ? sql`true`
      : sql`(f.league || '|' || f.season) in (${sql.join(wanted.map((s) => sql`${seasonKey(s.league, s.season)}`), sql`, `)})`;
  const rows = await matches(
    db,
    sql`f.match_state = 'post-match' and f.home_score is not null and f.away_score is not null and f.kickoff_at < ${at}::timestamptz and ${onlyWanted}`,
  );
  for (const row of rows) (update.seasons[seasonKey(row.league, row.season)] as PlayedMatch[]).push(playedMatch(row));
  return { update, read: rows.length };
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
  const name = (id: number) => getTeamById(id)?.name ?? `Team #${id}`;
  return { ...matchInput(row), homeTeam: name(row.home_team_id), awayTeam: name(row.away_team_id) };
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
 */
export function createPredictionsJob(options: { engine?: PredictionEngine } = {}): JobDefinition {
  const engine = options.engine ?? engineThread();
  return {
    name: "predictions",
    description: "The prediction engine's forecasts for the matches of the next two weeks (and any kicked-off match of the season without one)",
    cadence: { description: "hourly, after fixtures and results", cron: ["20 * * * *"], everyMs: 60 * 60_000 },
    transactional: false,
    async run(ctx) {
      const now = ctx.clock.now();
      const at = now.toISOString();
      const history = await historyUpdate(ctx.db, engine, at);
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
      for (const answer of answers) {
        if (!answer.warm) ctx.log.info(`prediction engine fitted from scratch as of ${answer.asOf.toISOString()} in ${answer.durationMs} ms (in its own thread)`);
        throwIfAborted(ctx.signal);
        result.rowsWritten += await storePredictions(ctx.db, answer.predictions, answer.asOf);
      }
      return {
        ...result,
        reason: `${upcoming.length} upcoming matches predicted; ${catchUp.length} kicked-off matches caught up over ${weeks.size} weeks`,
        details: {
          engineCalls: answers.length,
          coldStarts: answers.filter((a) => !a.warm).length,
          engineMs: answers.reduce((sum, a) => sum + a.durationMs, 0),
          catchUpMatches: catchUp.length,
          catchUpWeeks: weeks.size,
        },
        next: catchUp.length > 0 ? ["lock-picks", "match-of-the-week"] : ["match-of-the-week"],
      };
    },
  };
}
