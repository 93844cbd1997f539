/**
 * Recording the live win probability of matches as the worker reads them: after each live
 * update (minute, score, red cards) one tick per match, keyed by fixture, period, minute and
 * added minute, so a repeated reading or a replay writes nothing new and the latest reading of
 * a minute wins. The first reading also writes the kick-off tick (the published pre-match
 * forecast) and the whistle the full-time tick (the result). At most LIVE_TICKS_PER_FIXTURE rows
 * per fixture: past the bound a match's later in-play readings are dropped, its full-time tick
 * still fits.
 */
import { sql } from "drizzle-orm";
import { LIVE_TICKS_PER_FIXTURE } from "@shared/db/schema/fixtures";
import type { MatchState } from "@shared/domain/match-state";
import { preMatchForecast } from "@shared/model/live-match-probability";
import { kickOffTick, liveTickOf, type LiveProbabilityTick } from "@shared/model/live-probability-history";
import type { JobDb } from "../jobs/types";

/** Advisory lock key of the tick rows: the live and live-events jobs take turns, so the bound holds. */
const LIVE_TICKS_LOCK = 4_521_773_090_121;

interface MatchRow {
  id: number;
  match_state: MatchState;
  status: string | null;
  live_minute: number | null;
  injury_time: number | null;
  home_score: number | null;
  away_score: number | null;
  prob_home: number | null;
  prob_draw: number | null;
  prob_away: number | null;
  prob_over25: number | null;
  prob_btts: number | null;
  expected_goals_home: number | null;
  expected_goals_away: number | null;
  cards: { side: "home" | "away"; type: string; detail: string | null }[] | null;
}

/** The ticks the current state of these fixtures gives: kick-off and now, for each with a prediction. */
export async function currentTicks(
  db: JobDb,
  fixtureIds: readonly number[],
): Promise<{ fixtureId: number; tick: LiveProbabilityTick }[]> {
  if (fixtureIds.length === 0) return [];
  const rows = await db.execute<MatchRow>(sql`
    select f.id, f.match_state, f.status, f.live_minute, f.injury_time, f.home_score, f.away_score,
      p.prob_home, p.prob_draw, p.prob_away, p.prob_over25, p.prob_btts, p.expected_goals_home, p.expected_goals_away,
      (select json_agg(json_build_object('side', e.side, 'type', e.type, 'detail', e.detail))
         from live_events e where e.fixture_id = f.id and e.type = 'Card') as cards
    from fixtures f join predictions p on p.fixture_id = f.id
    where f.id in (${sql.join(
      fixtureIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and f.match_state in ('live', 'post-match')`);
  return rows.flatMap((row) => {
    const forecast = preMatchForecast({
      home: Number(row.prob_home),
      draw: Number(row.prob_draw),
      away: Number(row.prob_away),
      over25: Number(row.prob_over25),
      btts: Number(row.prob_btts),
      expectedGoalsHome: Number(row.expected_goals_home),
      expectedGoalsAway: Number(row.expected_goals_away),
    })!;
    const now = liveTickOf(
      {
        state: row.match_state,
        status: row.status,
        minute: row.live_minute,
        injuryTime: row.injury_time,
        homeScore: row.home_score,
        awayScore: row.away_score,
        events: row.cards ?? [],
      },
      forecast,
    );
    if (!now) return [];
    return [
      { fixtureId: row.id, tick: kickOffTick(forecast) },
      { fixtureId: row.id, tick: now },
    ];
  });
}

/**
 * Writes ticks (new, or a minute's values changed), keeping the bound: a fixture's ticks before
 * the whistle fill at most LIVE_TICKS_PER_FIXTURE - 1 rows (the kick-off tick first, as the
 * worker records it with the first reading), its full-time tick always fits. Returns the rows written.
 */
export async function storeTicks(
  db: JobDb,
  ticks: readonly { fixtureId: number; tick: LiveProbabilityTick }[],
): Promise<number> {
  // One row per key in a statement (a later tick of the same key wins): an upsert cannot touch a row twice.
  const unique = [
    ...new Map(
      ticks.map((t) => [`${t.fixtureId}:${t.tick.period}:${t.tick.minute}:${t.tick.addedMinute}`, t]),
    ).values(),
  ];
  if (unique.length === 0) return 0;
  // Each fixture's rows other than the full-time tick, numbered in the batch: a row fits while the
  // fixture's stored rows plus its number stay within the bound less the full-time tick's place.
  const numbered = new Map<number, number>();
  const records = unique.map(({ fixtureId, tick }) => ({
    fixture_id: fixtureId,
    batch_rank:
      tick.period === "full-time" ? 0 : numbered.set(fixtureId, (numbered.get(fixtureId) ?? 0) + 1).get(fixtureId)!,
    period: tick.period,
    minute: tick.minute,
    added_minute: tick.addedMinute,
    home_score: tick.score.home,
    away_score: tick.score.away,
    home_red_cards: tick.redCards.home,
    away_red_cards: tick.redCards.away,
    prob_home: tick.home,
    prob_draw: tick.draw,
    prob_away: tick.away,
    prob_over25: tick.over25,
    prob_btts: tick.btts,
  }));
  await db.execute(sql`select pg_advisory_xact_lock(${LIVE_TICKS_LOCK})`);
  const written = await db.execute<{ fixture_id: number }>(sql`
    insert into live_probability_ticks as t (fixture_id, period, minute, added_minute, home_score, away_score,
      home_red_cards, away_red_cards, prob_home, prob_draw, prob_away, prob_over25, prob_btts)
    select r.fixture_id, r.period, r.minute, r.added_minute, r.home_score, r.away_score, r.home_red_cards,
      r.away_red_cards, r.prob_home, r.prob_draw, r.prob_away, r.prob_over25, r.prob_btts
    from json_to_recordset(${JSON.stringify(records)}::json) as r(fixture_id int, batch_rank int, period text, minute int,
      added_minute int, home_score int, away_score int, home_red_cards int, away_red_cards int,
      prob_home float8, prob_draw float8, prob_away float8, prob_over25 float8, prob_btts float8)
    where r.batch_rank = 0
      or (select count(*) from live_probability_ticks c where c.fixture_id = r.fixture_id) + r.batch_rank
         <= ${LIVE_TICKS_PER_FIXTURE - 1}
    on conflict (fixture_id, period, minute, added_minute) do update set
      home_score = excluded.home_score, away_score = excluded.away_score,
      home_red_cards = excluded.home_red_cards, away_red_cards = excluded.away_red_cards,
      prob_home = excluded.prob_home, prob_draw = excluded.prob_draw, prob_away = excluded.prob_away,
      prob_over25 = excluded.prob_over25, prob_btts = excluded.prob_btts, recorded_at = now()
    where (t.home_score, t.away_score, t.home_red_cards, t.away_red_cards, t.prob_home, t.prob_draw, t.prob_away,
      t.prob_over25, t.prob_btts) is distinct from (excluded.home_score, excluded.away_score, excluded.home_red_cards,
      excluded.away_red_cards, excluded.prob_home, excluded.prob_draw, excluded.prob_away, excluded.prob_over25,
      excluded.prob_btts)
    returning t.fixture_id`);
  return written.length;
}

/**
 * Records the current tick (and the kick-off tick) of these fixtures; returns the rows written
 * or removed. A match in play has no full-time tick: one left from a later moment (a replay
 * restarted earlier) is removed, and the whistle records it again.
 */
export async function recordLiveTicks(db: JobDb, fixtureIds: readonly number[]): Promise<number> {
  const ticks = await currentTicks(db, fixtureIds);
  const inPlay = [
    ...new Set(ticks.filter(({ tick }) => tick.period !== "full-time").map(({ fixtureId }) => fixtureId)),
  ];
  const finished = new Set(ticks.filter(({ tick }) => tick.period === "full-time").map(({ fixtureId }) => fixtureId));
  const stillInPlay = inPlay.filter((id) => !finished.has(id));
  const removed =
    stillInPlay.length === 0
      ? []
      : await db.execute<{ fixture_id: number }>(sql`
          delete from live_probability_ticks
          where period = 'full-time' and fixture_id in (${sql.join(
            stillInPlay.map((id) => sql`${id}`),
            sql`, `,
          )})
          returning fixture_id`);
  return removed.length + (await storeTicks(db, ticks));
}
