import { sql } from "drizzle-orm";
import type { Content } from "@shared/content/content";
import type { MatchPreview } from "@shared/content/documents";
import { editorialPickContent, previewKey, previewsByMatch } from "@shared/content/editorial";
import { isContentSeason } from "@shared/content/rules";
import { roundTo } from "@shared/domain/format";
import type { LeagueKey } from "@shared/domain/leagues";
import { bttsPickText, overUnderLong, parseOverUnder, resultPickText } from "@shared/domain/picks";
import { predictionPickContent } from "@shared/domain/pick-inputs";
import { lockablePick, type LockedPick } from "@shared/domain/resolution";
import { getTeamById, teamNameById } from "@shared/domain/teams/registry";
import { ledgerSelection, type LedgerMarket } from "@shared/ledger/selection";
import { LEDGER_LATE_LOCK_AFTER_MS } from "@shared/ledger/verify";
import { analyzeAfterWrites } from "./job-db";
import { emptyResult, throwIfAborted, type JobDefinition } from "./types";

/** Statuses of a match that will not be played at its kick-off time: nothing to lock yet. */
export const NOT_PLAYED_STATUSES = ["PST", "CANC", "ABD", "TBD"];

/**
 * A lock this long after kick-off is late (the worker was down, or a fresh installation catches
 * up on the season): the published preview read now may have been edited since kick-off, so it
 * counts only if it was last updated before kick-off.
 */
export const LATE_LOCK_AFTER_MS = LEDGER_LATE_LOCK_AFTER_MS;

/**
 * Whether the database still takes a pick for the match `f` from this role: up to
 * LATE_LOCK_AFTER_MS after kick-off by the database clock, unless the match is already final or
 * its kick-off changed in the last 24 hours (fixture_audit); any time for the role that owns the
 * ledger (migrations 0007_ledger_integrity, 0009_fixture_audit). A lock the database would refuse
 * is not attempted, so it cannot hold up the matches locked on time.
 */
const LOCK_OPEN = sql`pick_ledger_lock_open(f.id, f.kickoff_at)`;

/** Matches per insert statement. */
const LOCK_BATCH_MATCHES = 100;

interface KickedOff {
  fixture_id: number;
  league: LeagueKey;
  season: string;
  kickoff_at: string | Date;
  home_team_id: number;
  away_team_id: number;
  model_version: string;
  prob_home: number;
  prob_draw: number;
  prob_away: number;
  prob_over25: number;
  prob_btts: number;
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

interface LedgerEntry {
  fixture_id: number;
  pick_kind: "best" | "result" | "over-under" | "btts";
  pick: string;
  confidence: number;
  odds: number | null;
  source: LockedPick["source"];
  source_ref: string;
  /** What the pick claims, read from its text with every name the teams go by (shared/ledger/selection.ts). */
  market: LedgerMarket;
  selection: string;
}

const num = (value: string | null) => (value === null ? null : Number(value));
const percent = (probability: number) => roundTo(100 * probability, 1);

/** The published match previews of the seasons of the rows, by fixture. */
async function publishedPreviews(content: Content, rows: readonly KickedOff[]): Promise<Map<string, MatchPreview>> {
  const documents: MatchPreview[] = [];
  for (const season of new Set(rows.map((row) => row.season))) {
    if (isContentSeason(season)) documents.push(...(await content.listMatchPreviews({ season }, { preview: false })));
  }
  return previewsByMatch(documents);
}

/** Every name a pick text may use for a club: display name first, then short name, source name, aliases. */
function teamNames(id: number): string[] {
  const team = getTeamById(id);
  return team ? [team.name, team.shortName, team.footballDataName, ...team.aliases] : [teamNameById(id)];
}

/**
 * The ledger rows of one match: the effective best pick and the three tracked picks (after the
 * resolution order). A tracked pick that is the algorithm's own keeps its calibrated confidence
 * and the price it was made against; one an editor changed is the editor's, with the model's
 * probability of that outcome as its confidence and the market's pre-match price.
 */
function ledgerEntries(row: KickedOff, preview: MatchPreview | null): LedgerEntry[] {
  const home = teamNameById(row.home_team_id);
  const away = teamNameById(row.away_team_id);
  const teams = { homeTeam: teamNames(row.home_team_id), awayTeam: teamNames(row.away_team_id) };
  const prediction = predictionPickContent({
    bestPick: row.best_pick,
    confidence: num(row.confidence),
    resultPick: row.result_pick,
    overUnderPick: row.over_under_pick,
    bttsPick: row.btts_pick,
    bttsConfidence: num(row.btts_confidence),
    projectedHomeScore: row.projected_home_score,
    projectedAwayScore: row.projected_away_score,
  });
  const locked = lockablePick({ editorial: editorialPickContent(preview), prediction });
  const algorithm = lockablePick({ prediction });
  if (!locked || !algorithm) return [];
  const ref = (source: LockedPick["source"]) => (source === "editorial" && preview ? preview.id : row.model_version);
  const entry = (
    kind: LedgerEntry["pick_kind"],
    pick: string,
    own: boolean,
    confidence: number,
    odds: number | null,
  ): LedgerEntry => ({
    fixture_id: row.fixture_id,
    pick_kind: kind,
    pick,
    confidence,
    odds,
    source: own ? "algorithm" : "editorial",
    source_ref: ref(own ? "algorithm" : "editorial"),
    ...ledgerSelection(pick, teams),
  });

  const tracked: LedgerEntry[] = [];
  if (locked.result) {
    const own = locked.result === algorithm.result;
    const [probability, market] = {
      "1": [row.prob_home, row.market_home],
      X: [row.prob_draw, row.market_draw],
      "2": [row.prob_away, row.market_away],
    }[locked.result] as [number, string | null];
    tracked.push(
      entry(
        "result",
        resultPickText(locked.result, home, away),
        own,
        own ? (num(row.result_confidence) ?? percent(probability)) : percent(probability),
        (own ? num(row.result_odds) : null) ?? num(market),
      ),
    );
  }
  const overUnder = locked.overUnder && overUnderLong(locked.overUnder);
  if (overUnder) {
    const own = locked.overUnder === algorithm.overUnder;
    const line = parseOverUnder(overUnder);
    const at25 = line?.line === 2.5;
    const market = at25 ? (line.side === "over" ? row.market_over : row.market_under) : null;
    const probability = at25 ? (line.side === "over" ? row.prob_over25 : 1 - row.prob_over25) : null;
    tracked.push(
      entry(
        "over-under",
        overUnder,
        own,
        own
          ? (num(row.over_under_confidence) ?? locked.confidence)
          : probability === null
            ? locked.confidence
            : percent(probability),
        (own ? num(row.over_under_odds) : null) ?? num(market),
      ),
    );
  }
  if (locked.btts) {
    const own = locked.btts === algorithm.btts;
    const probability = locked.btts === "YES" ? row.prob_btts : 1 - row.prob_btts;
    tracked.push(
      entry(
        "btts",
        bttsPickText(locked.btts),
        own,
        own ? (num(row.btts_confidence) ?? percent(probability)) : percent(probability),
        own ? num(row.btts_odds) : null,
      ),
    );
  }

  const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const bestIsAlgorithms = locked.source === "algorithm";
  const bestOdds =
    tracked.find((t) => sameText(t.pick, locked.bestPick))?.odds ??
    (sameText(locked.bestPick, row.best_pick) ? num(row.best_pick_odds) : null);
  return [entry("best", locked.bestPick, bestIsAlgorithms, locked.confidence, bestOdds), ...tracked];
}

/**
 * At kick-off, freezes the effective pick of every match into the append-only ledger: the best
 * pick and the three tracked picks, with confidence, odds and source (editorial: the published
 * match preview's document id; algorithm: the model version). Drafts never count. Only a
 * prediction made before kick-off can be locked.
 *
 * locked_at is the kick-off: the instant the frozen pick stands for. recorded_at is when the row
 * was written (database time). The database sets both, whatever is sent. They differ by up to a
 * minute for a lock on time; for a late lock (catch-up after a fresh start or an outage) the
 * difference shows it, and such a lock only takes a preview last updated before kick-off
 * (LATE_LOCK_AFTER_MS). The database accepts a late lock only from the ledger's owner.
 */
export const lockPicksJob: JobDefinition = {
  name: "lock-picks",
  description: "Freezes each match's effective pick into the ledger at kick-off",
  cadence: {
    description: "every minute while a match has kicked off without a locked pick",
    cron: ["* * * * *"],
    everyMs: 60_000,
    async due({ db, clock }) {
      // The lock check (a function call per match) only for the matches without a locked pick:
      // `offset 0` keeps the planner from checking it first for every match that kicked off
      // (1,067 calls, 16 to 36 ms on the embedded database, every minute, on the web process's
      // event loop; 94 calls and 5 ms this way).
      const [row] = await db.execute<{ due: boolean }>(sql`
        select exists (
          select 1 from (
            select f.id, f.kickoff_at from fixtures f join predictions p on p.fixture_id = f.id
            where f.kickoff_at <= ${clock.now().toISOString()}::timestamptz
              and not exists (select 1 from pick_ledger l where l.fixture_id = f.id)
            offset 0
          ) f
          where ${LOCK_OPEN}) as due`);
      return row.due;
    },
  },
  // Each statement locks whole matches, complete on its own; a rerun adds only what is missing.
  transactional: false,
  async run(ctx) {
    const now = ctx.clock.now();
    const rows = await ctx.db.execute<KickedOff>(sql`
      select f.id as fixture_id, f.league, f.season, f.kickoff_at, f.home_team_id, f.away_team_id, p.model_version,
             p.prob_home, p.prob_draw, p.prob_away, p.prob_over25, p.prob_btts, p.best_pick, p.confidence,
             p.result_pick, p.over_under_pick, p.btts_pick, p.btts_confidence, p.result_confidence,
             p.over_under_confidence, p.projected_home_score, p.projected_away_score, p.best_pick_odds,
             p.result_odds, p.over_under_odds, p.btts_odds,
             r.home_price as market_home, r.draw_price as market_draw, r.away_price as market_away,
             o.over_price as market_over, o.under_price as market_under
      from fixtures f
      join predictions p on p.fixture_id = f.id
      left join fixture_odds r on r.fixture_id = f.id and r.source = 'market-average' and r.market = '1x2' and r.kind = 'opening'
      left join fixture_odds o on o.fixture_id = f.id and o.source = 'market-average' and o.market = 'ou25' and o.kind = 'opening'
      where f.kickoff_at <= ${now.toISOString()}::timestamptz
        and p.predicted_at <= f.kickoff_at
        and coalesce(f.status, '') not in (${sql.join(
          NOT_PLAYED_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        and not exists (select 1 from pick_ledger l where l.fixture_id = f.id)
        and ${LOCK_OPEN}
      order by f.kickoff_at, f.id`);
    if (rows.length === 0) return emptyResult();

    // A content source that cannot be read fails the run: locking the algorithm's pick over a
    // published preview would record a pick the site did not show. The next run retries.
    const previews = await publishedPreviews(ctx.content, rows);
    let late = 0;
    const byMatch = rows.map((row) => {
      const home = getTeamById(row.home_team_id)?.slug;
      const away = getTeamById(row.away_team_id)?.slug;
      const kickoff = new Date(row.kickoff_at).getTime();
      const found = home && away ? (previews.get(previewKey(row.league, row.season, home, away)) ?? null) : null;
      const isLate = now.getTime() - kickoff > LATE_LOCK_AFTER_MS;
      if (isLate) late += 1;
      const editedAfterKickoff =
        found !== null && (found.updatedAt === null || new Date(found.updatedAt).getTime() > kickoff);
      return ledgerEntries(row, isLate && editedAfterKickoff ? null : found);
    });
    const entries = byMatch.flat();
    if (entries.length === 0) return { ...emptyResult(), rowsRead: rows.length };

    // A catch-up locks a season at once: in statements of a few matches each (a match's rows
    // always together), so that on the embedded database no single one holds the site up.
    let written = 0;
    for (let start = 0; start < byMatch.length; start += LOCK_BATCH_MATCHES) {
      throwIfAborted(ctx.signal);
      const batch = byMatch.slice(start, start + LOCK_BATCH_MATCHES).flat();
      if (batch.length === 0) continue;
      const inserted = await ctx.db.execute(sql`
        insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source, source_ref, market, selection)
        select fixture_id, pick_kind, pick, confidence, odds, source, source_ref, market, selection
        from json_to_recordset(${JSON.stringify(batch)}::json) as t(fixture_id int, pick_kind text, pick text,
          confidence numeric, odds numeric, source text, source_ref text, market text, selection text)
        on conflict on constraint pick_ledger_fixture_kind_key do nothing
        returning 1`);
      written += inserted.length;
    }
    await analyzeAfterWrites(ctx.db, "pick_ledger", written);
    const editorial = new Set(
      entries.filter((e) => e.pick_kind === "best" && e.source === "editorial").map((e) => e.fixture_id),
    ).size;
    return {
      ...emptyResult(),
      rowsRead: rows.length,
      rowsWritten: written,
      reason: `${rows.length} matches locked (${editorial} editorial, ${late} late)`,
      details: { editorialMatches: editorial, lateLocks: late },
    };
  },
};
