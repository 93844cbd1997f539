import { sql } from "drizzle-orm";
import { pickProfit } from "@shared/domain/picks";
import { isLedgerMarket, ledgerOutcome } from "@shared/ledger/selection";
import { closingLine } from "@shared/ledger/closing-line";
import type { PriceRow } from "@shared/model/odds-movement";
import { emptyResult, throwIfAborted, type JobContext, type JobDefinition } from "./types";

/** Ledger rows per update statement. */
const SETTLE_BATCH_ROWS = 500;

/** The closing prices of these fixtures (fixture_odds, kind closing), by fixture. */
async function closingPrices(ctx: JobContext, fixtureIds: readonly number[]): Promise<Map<number, PriceRow[]>> {
  const byFixture = new Map<number, PriceRow[]>();
  if (fixtureIds.length === 0) return byFixture;
  const rows = await ctx.db.execute<{
    fixture_id: number;
    source: string;
    market: string;
    kind: string;
    home_price: string | null;
    draw_price: string | null;
    away_price: string | null;
    over_price: string | null;
    under_price: string | null;
    yes_price: string | null;
    no_price: string | null;
  }>(sql`
    select fixture_id, source, market, kind, home_price, draw_price, away_price, over_price, under_price, yes_price, no_price
    from fixture_odds
    where kind = 'closing' and fixture_id = any(${`{${fixtureIds.join(",")}}`}::int[])`);
  const num = (value: string | null) => (value === null ? null : Number(value));
  for (const row of rows) {
    const prices: PriceRow = {
      source: row.source,
      market: row.market,
      kind: row.kind,
      homePrice: num(row.home_price),
      drawPrice: num(row.draw_price),
      awayPrice: num(row.away_price),
      overPrice: num(row.over_price),
      underPrice: num(row.under_price),
      yesPrice: num(row.yes_price),
      noPrice: num(row.no_price),
    };
    const list = byFixture.get(row.fixture_id);
    if (list) list.push(prices);
    else byFixture.set(row.fixture_id, [prices]);
  }
  return byFixture;
}

/**
 * After the final whistle, settles each locked pick of the match: hit, miss or void against the
 * final score, the profit of one unit at the locked odds, and the closing line of its selection
 * (the closing price and its fair probability, shared/ledger/closing-line.ts) when the match has
 * closing prices for its market. The outcome is the one of the
 * market and selection locked with the pick (read from its text at kick-off with settlePick's
 * rules), which is what the database checks: it allows one settlement, agreeing with the score.
 */
export const settlePicksJob: JobDefinition = {
  name: "settle-picks",
  description: "Settles locked picks (hit, miss, void, profit) once their match is final",
  cadence: {
    description: "after the final whistle (after results and live), and every 5 minutes",
    cron: ["*/5 * * * *"],
    everyMs: 5 * 60_000,
    async due({ db }) {
      const [row] = await db.execute<{ due: boolean }>(sql`
        select exists (
          select 1 from pick_ledger l join fixtures f on f.id = l.fixture_id
          where l.settled_at is null and f.match_state = 'post-match' and f.home_score is not null) as due`);
      return row.due;
    },
  },
  transactional: false,
  async run(ctx) {
    const rows = await ctx.db.execute<{
      id: number;
      fixture_id: number;
      market: string;
      selection: string;
      odds: string | null;
      home_score: number;
      away_score: number;
    }>(sql`
      select l.id, l.fixture_id, l.market, l.selection, l.odds, f.home_score, f.away_score
      from pick_ledger l join fixtures f on f.id = l.fixture_id
      where l.settled_at is null and f.match_state = 'post-match'
        and f.home_score is not null and f.away_score is not null
      order by l.id`);
    const prices = await closingPrices(ctx, [...new Set(rows.map((row) => row.fixture_id))]);
    const settled = rows.flatMap((row) => {
      if (!isLedgerMarket(row.market)) return [];
      const outcome = ledgerOutcome(row.market, row.selection, { home: row.home_score, away: row.away_score });
      // A pending pick has nothing to settle.
      if (outcome === null) return [];
      const close = closingLine(row.market, row.selection, prices.get(row.fixture_id) ?? []);
      return [
        {
          id: row.id,
          outcome,
          profit: pickProfit(outcome, row.odds === null ? null : Number(row.odds)),
          closing_source: close?.source ?? null,
          closing_odds: close?.odds ?? null,
          closing_probability: close?.probability ?? null,
        },
      ];
    });
    if (settled.length === 0) return { ...emptyResult(), rowsRead: rows.length };
    // Settling a season at once (a catch-up) goes in statements of a few hundred rows, so that on
    // the embedded database no single one holds the site up; each row settles on its own. The
    // database stamps settled_at with its own time for the application's role (0009_fixture_audit);
    // the clock's time sent here stands only for the owner (the embedded database, a replay).
    let written = 0;
    for (let start = 0; start < settled.length; start += SETTLE_BATCH_ROWS) {
      throwIfAborted(ctx.signal);
      const updated = await ctx.db.execute(sql`
        update pick_ledger l set settled_at = ${ctx.clock.now().toISOString()}::timestamptz, outcome = t.outcome, profit = t.profit,
          closing_source = t.closing_source, closing_odds = t.closing_odds, closing_probability = t.closing_probability
        from json_to_recordset(${JSON.stringify(settled.slice(start, start + SETTLE_BATCH_ROWS))}::json)
          as t(id int, outcome text, profit numeric, closing_source text, closing_odds numeric, closing_probability numeric)
        where l.id = t.id and l.settled_at is null
        returning 1`);
      written += updated.length;
    }
    return { ...emptyResult(), rowsRead: rows.length, rowsWritten: written, next: ["performance"] };
  },
};
