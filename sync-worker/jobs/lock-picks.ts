import { sql } from "drizzle-orm";
import { bttsPickText, overUnderLong, parseOverUnder, resultPickText } from "../../shared/domain/picks";
import { lockablePick } from "../../shared/domain/resolution";
import { getTeamById } from "../../shared/domain/teams/registry";
import { emptyResult, type JobDefinition } from "./types";

/** Statuses of a match that will not be played at its kick-off time: nothing to lock yet. */
const NOT_PLAYED = ["PST", "CANC", "ABD", "TBD"];

interface KickedOff {
  fixture_id: number;
  home_team_id: number;
  away_team_id: number;
  model_version: string;
  best_pick: string;
  confidence: string;
  result_pick: string;
  over_under_pick: string;
  btts_pick: string;
  btts_confidence: string | null;
  result_confidence: string | null;
  over_under_confidence: string | null;
  projected_home_score: number;
  projected_away_score: number;
  best_pick_odds: string | null;
  result_odds: string | null;
  over_under_odds: string | null;
  btts_odds: string | null;
  market_home: string | null;
  market_draw: string | null;
  market_away: string | null;
  market_over: string | null;
  market_under: string | null;
}

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * At kick-off, freezes the effective pick of every match into the append-only ledger: the best
 * pick and the three tracked picks, with confidence, odds and source. Only a prediction made
 * before kick-off can be locked. A pick's odds are the ones the prediction was made against, or
 * else the market's pre-match price for it.
 */
export const lockPicksJob: JobDefinition = {
  name: "lock-picks",
  description: "Freezes each match's effective pick into the ledger at kick-off",
  cadence: {
    description: "every minute while a match has kicked off without a locked pick",
    cron: ["* * * * *"],
    everyMs: 60_000,
    async due({ db, clock }) {
      const [row] = await db.execute<{ due: boolean }>(sql`
        select exists (
          select 1 from fixtures f join predictions p on p.fixture_id = f.id
          where f.kickoff_at <= ${clock.now().toISOString()}::timestamptz
            and not exists (select 1 from pick_ledger l where l.fixture_id = f.id)) as due`);
      return row.due;
    },
  },
  transactional: true,
  async run(ctx) {
    const now = ctx.clock.now().toISOString();
    const rows = await ctx.db.execute<KickedOff>(sql`
      select f.id as fixture_id, f.home_team_id, f.away_team_id, p.model_version, p.best_pick, p.confidence,
             p.result_pick, p.over_under_pick, p.btts_pick, p.btts_confidence, p.result_confidence,
             p.over_under_confidence, p.projected_home_score, p.projected_away_score, p.best_pick_odds,
             p.result_odds, p.over_under_odds, p.btts_odds,
             r.home_price as market_home, r.draw_price as market_draw, r.away_price as market_away,
             o.over_price as market_over, o.under_price as market_under
      from fixtures f
      join predictions p on p.fixture_id = f.id
      left join fixture_odds r on r.fixture_id = f.id and r.source = 'market-average' and r.market = '1x2' and r.kind = 'opening'
      left join fixture_odds o on o.fixture_id = f.id and o.source = 'market-average' and o.market = 'ou25' and o.kind = 'opening'
      where f.kickoff_at <= ${now}::timestamptz
        and p.predicted_at <= f.kickoff_at
        and coalesce(f.status, '') not in (${sql.join(NOT_PLAYED.map((s) => sql`${s}`), sql`, `)})
        and not exists (select 1 from pick_ledger l where l.fixture_id = f.id)
      order by f.kickoff_at, f.id`);

    const entries = rows.flatMap((row) => {
      const home = getTeamById(row.home_team_id)?.name ?? `Team #${row.home_team_id}`;
      const away = getTeamById(row.away_team_id)?.name ?? `Team #${row.away_team_id}`;
      // Editorial content does not reach the worker yet, so the effective pick is the algorithm's.
      const locked = lockablePick({
        editorial: null,
        prediction: {
          bestPick: row.best_pick,
          confidence: num(row.confidence),
          result: row.result_pick,
          overUnder: row.over_under_pick,
          btts: row.btts_pick,
          bttsConfidence: num(row.btts_confidence),
          projectedScore: `${row.projected_home_score}-${row.projected_away_score}`,
        },
      });
      if (!locked) return [];
      const base = { fixture_id: row.fixture_id, source: locked.source, source_ref: row.model_version };
      const entries = [{ ...base, pick_kind: "best", pick: locked.bestPick, confidence: locked.confidence, odds: num(row.best_pick_odds) }];
      if (locked.result) {
        const market = { "1": row.market_home, X: row.market_draw, "2": row.market_away }[locked.result];
        entries.push({
          ...base,
          pick_kind: "result",
          pick: resultPickText(locked.result, home, away),
          confidence: num(row.result_confidence) ?? locked.confidence,
          odds: num(row.result_odds) ?? num(market),
        });
      }
      const overUnder = locked.overUnder && overUnderLong(locked.overUnder);
      if (overUnder) {
        const line = parseOverUnder(overUnder);
        const market = line?.line === 2.5 ? (line.side === "over" ? row.market_over : row.market_under) : null;
        entries.push({
          ...base,
          pick_kind: "over-under",
          pick: overUnder,
          confidence: num(row.over_under_confidence) ?? locked.confidence,
          odds: num(row.over_under_odds) ?? num(market),
        });
      }
      if (locked.btts) {
        entries.push({
          ...base,
          pick_kind: "btts",
          pick: bttsPickText(locked.btts),
          confidence: locked.bttsConfidence ?? locked.confidence,
          odds: num(row.btts_odds),
        });
      }
      return entries;
    });
    if (entries.length === 0) return { ...emptyResult(), rowsRead: rows.length };

    const inserted = await ctx.db.execute(sql`
      insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source, source_ref, locked_at)
      select fixture_id, pick_kind, pick, confidence, odds, source, source_ref, ${now}::timestamptz
      from json_to_recordset(${JSON.stringify(entries)}::json) as t(fixture_id int, pick_kind text, pick text,
        confidence numeric, odds numeric, source text, source_ref text)
      on conflict on constraint pick_ledger_fixture_kind_key do nothing
      returning 1`);
    return { ...emptyResult(), rowsRead: rows.length, rowsWritten: inserted.length };
  },
};
