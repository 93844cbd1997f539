/**
 * The published ledger's rows (shared/ledger/csv.ts), and the fixture audit published beside it
 * (shared/ledger/audit-csv.ts). The ledger's rows are read in one statement, so that the rows and
 * the chain heads they give are one consistent snapshot. Every hashed value is written by the
 * database itself (pick_ledger_instant for instants, the numeric's own text for confidence, odds
 * and profit), so the CSV carries exactly the strings the hashes were computed over.
 */
import { teamNameById } from "../domain/teams/registry";
import type { FixtureAuditCsvRow } from "../ledger/audit-csv";
import { ledgerBeatClose, ledgerClosingLineValue } from "../ledger/closing-line";
import type { LedgerCsvRow } from "../ledger/csv";
import type { DbHandle } from "./index";

type LedgerQueryRow = Omit<LedgerCsvRow, "home_team" | "away_team" | "clv" | "beat_close">;

export async function readLedgerRows(db: Pick<DbHandle, "execute">): Promise<LedgerCsvRow[]> {
  const rows = await db.execute<LedgerQueryRow>(`
    select l.id::text as id, l.prev_hash, l.row_hash, l.fixture_id::text as fixture_id, f.league, f.season,
           f.home_team_id::text as home_team_id, f.away_team_id::text as away_team_id,
           pick_ledger_instant(l.locked_at) as kickoff, l.pick_kind, l.pick, l.market, l.selection,
           l.confidence::text as confidence, coalesce(l.odds::text, '') as odds, l.source, coalesce(l.source_ref, '') as source_ref,
           pick_ledger_instant(l.recorded_at) as recorded_at,
           (l.recorded_at > l.locked_at + pick_ledger_late_after())::text as late,
           coalesce(l.settlement_seq::text, '') as settlement_seq, coalesce(pick_ledger_instant(l.settled_at), '') as settled_at,
           coalesce(l.final_home_goals::text, '') as final_home_goals, coalesce(l.final_away_goals::text, '') as final_away_goals,
           coalesce(l.outcome, '') as outcome, coalesce(l.profit::text, '') as profit,
           coalesce(l.settlement_version::text, '') as settlement_version, coalesce(l.closing_source, '') as closing_source,
           coalesce(l.closing_odds::text, '') as closing_odds, coalesce(l.closing_probability::text, '') as closing_probability,
           coalesce(l.prev_settlement_hash, '') as prev_settlement_hash, coalesce(l.settlement_hash, '') as settlement_hash
    from pick_ledger l join fixtures f on f.id = l.fixture_id
    order by l.id`);
  const name = (id: string) => teamNameById(Number(id));
  return rows.map((row) => ({
    ...row,
    home_team: name(row.home_team_id),
    away_team: name(row.away_team_id),
    clv: ledgerClosingLineValue(row.odds, row.closing_probability),
    beat_close: ledgerBeatClose(row.odds, row.closing_odds),
  }));
}

type FixtureAuditQueryRow = Omit<FixtureAuditCsvRow, "home_team" | "away_team">;

/**
 * The published fixture audit (shared/ledger/audit-csv.ts): every recorded change of a fixture's
 * kick-off or final score, and every deleted fixture, in id order, instants written by the
 * database as in the ledger.
 */
export async function readFixtureAuditRows(db: Pick<DbHandle, "execute">): Promise<FixtureAuditCsvRow[]> {
  const rows = await db.execute<FixtureAuditQueryRow>(`
    select a.id::text as id, pick_ledger_instant(a.changed_at) as changed_at, a.change, a.by_owner::text as by_owner,
           a.fixture_id::text as fixture_id, a.league, a.season,
           a.home_team_id::text as home_team_id, a.away_team_id::text as away_team_id,
           pick_ledger_instant(a.old_kickoff_at) as old_kickoff, coalesce(pick_ledger_instant(a.new_kickoff_at), '') as new_kickoff,
           a.old_match_state as old_state, coalesce(a.new_match_state, '') as new_state,
           coalesce(a.old_home_score::text, '') as old_home_goals, coalesce(a.old_away_score::text, '') as old_away_goals,
           coalesce(a.new_home_score::text, '') as new_home_goals, coalesce(a.new_away_score::text, '') as new_away_goals
    from fixture_audit a
    order by a.id`);
  const name = (id: string) => teamNameById(Number(id));
  return rows.map((row) => ({ ...row, home_team: name(row.home_team_id), away_team: name(row.away_team_id) }));
}
