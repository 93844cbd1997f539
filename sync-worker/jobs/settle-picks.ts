import { sql } from "drizzle-orm";
import { pickProfit } from "@shared/domain/picks";
import { isLedgerMarket, ledgerOutcome } from "@shared/ledger/selection";
import { emptyResult, throwIfAborted, type JobDefinition } from "./types";

/** Ledger rows per update statement. */
const SETTLE_BATCH_ROWS = 500;

/**
 * After the final whistle, settles each locked pick of the match: hit, miss or void against the
 * final score, and the profit of one unit at the locked odds. The outcome is the one of the
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
      market: string;
      selection: string;
      odds: string | null;
      home_score: number;
      away_score: number;
    }>(sql`
      select l.id, l.market, l.selection, l.odds, f.home_score, f.away_score
      from pick_ledger l join fixtures f on f.id = l.fixture_id
      where l.settled_at is null and f.match_state = 'post-match'
        and f.home_score is not null and f.away_score is not null
      order by l.id`);
    const settled = rows.flatMap((row) => {
      const outcome = isLedgerMarket(row.market)
        ? ledgerOutcome(row.market, row.selection, { home: row.home_score, away: row.away_score })
        : null;
      // A pending pick has nothing to settle.
      if (outcome === null) return [];
      return [{ id: row.id, outcome, profit: pickProfit(outcome, row.odds === null ? null : Number(row.odds)) }];
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
        update pick_ledger l set settled_at = ${ctx.clock.now().toISOString()}::timestamptz, outcome = t.outcome, profit = t.profit
        from json_to_recordset(${JSON.stringify(settled.slice(start, start + SETTLE_BATCH_ROWS))}::json) as t(id int, outcome text, profit numeric)
        where l.id = t.id and l.settled_at is null
        returning 1`);
      written += updated.length;
    }
    return { ...emptyResult(), rowsRead: rows.length, rowsWritten: written, next: ["performance"] };
  },
};
