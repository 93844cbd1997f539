/**
 * What the hash chains cannot prove: that the kick-off and the final score a ledger row was locked
 * and settled against are the match's real ones (docs/decisions/011-ledger-against-fixture-edits.md).
 * These checks hold a verified ledger (verify.ts) against
 * - the time and the calendar: a kick-off inside the row's season, no settlement or record after
 *   the time of the check;
 * - the public record of the matches (public-results.ts): the date of every row's match, and the
 *   final score of every settled one;
 * - the published fixture audit (audit-csv.ts): no lock just after its match's kick-off was moved,
 *   no settlement against a final score the audit later contradicts or recorded too soon after
 *   kick-off to be a real one.
 * Each returns problems (the ledger is not what it claims) and notes (for the reader, not failures),
 * one line per match and finding, naming every row concerned. Pure.
 */
import type { FixtureAuditCsvRow } from "./audit-csv";
import type { LedgerCsvRow } from "./csv";
import { isLeagueKey, pairingKey, publicResultsPath, ukDate, type PublicResultsFile } from "./public-results";

export interface MatchCheckReport {
  problems: string[];
  notes: string[];
}

/** A clock this far behind the server's is not taken for a settlement in the future. */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;
/** A settled match the public files do not have yet is a note for this long after kick-off, then a problem. */
export const PUBLIC_RESULTS_GRACE_MS = 7 * 24 * 3_600_000;
/** No real match is final sooner after kick-off: 90 minutes and half-time. */
export const MIN_MATCH_MS = 95 * 60_000;
/** The database refuses the application a lock this soon after a change of kick-off (pick_ledger_kickoff_settle_time). */
export const KICKOFF_SETTLE_MS = 24 * 3_600_000;

const SEASON_CODE = /^(\d{2})(\d{2})$/;

/** A season's dates: '2425' is 1 July 2024 (included) to 1 July 2025 (excluded), as shared/domain/matchweek.ts has it. */
export function seasonWindow(code: string): { start: number; end: number; label: string } | null {
  const match = SEASON_CODE.exec(code);
  if (!match || (Number(match[1]) + 1) % 100 !== Number(match[2])) return null;
  const startYear = 2000 + Number(match[1]);
  return { start: Date.UTC(startYear, 6, 1), end: Date.UTC(startYear + 1, 6, 1), label: `${startYear}/${match[2]}` };
}

const time = (instant: string) => new Date(instant).getTime();
const score = (home: string, away: string) => `${home}-${away}`;
const by = (audit: FixtureAuditCsvRow) => (audit.by_owner === "true" ? "by the owner" : "by the application");
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function hoursOrMinutes(ms: number): string {
  if (ms < 60_000) return "less than a minute";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `${Math.round(minutes / 60)} hours`;
}

/**
 * Findings of rows, grouped: one line per match (fixture) and message, naming its rows in id order.
 */
class Findings {
  private readonly lines = new Map<string, { rows: LedgerCsvRow[]; message: string }>();

  add(row: LedgerCsvRow, message: string): void {
    const key = `${row.fixture_id}\u0000${message}`;
    const entry = this.lines.get(key);
    if (entry) entry.rows.push(row);
    else this.lines.set(key, { rows: [row], message });
  }

  list(): string[] {
    return [...this.lines.values()].map(({ rows, message }) => {
      const [first] = rows;
      const ids = rows.length === 1 ? `row ${first.id}` : `rows ${rows.map((row) => row.id).join(", ")}`;
      return `${ids} (fixture ${first.fixture_id}, ${first.home_team} v ${first.away_team}, ${first.league} ${first.season}): ${message}`;
    });
  }
}

/** Every kick-off in its row's season; no settlement, no record after `now` (with CLOCK_TOLERANCE_MS). */
export function checkLedgerTimes(rows: readonly LedgerCsvRow[], now: Date): MatchCheckReport {
  const problems = new Findings();
  const latest = now.getTime() + CLOCK_TOLERANCE_MS;
  for (const row of rows) {
    const season = seasonWindow(row.season);
    if (!season) {
      problems.add(row, `its season "${row.season}" is not a season code such as 2526`);
    } else if (time(row.kickoff) < season.start || time(row.kickoff) >= season.end) {
      problems.add(
        row,
        `kicked off at ${row.kickoff}, outside its season ${season.label} (${isoDay(season.start)} to ${isoDay(season.end - 1)})`,
      );
    }
    if (time(row.recorded_at) > latest) {
      problems.add(row, `was recorded at ${row.recorded_at}, after the time of this check (${now.toISOString()})`);
    }
    if (row.settled_at !== "" && time(row.settled_at) > latest) {
      problems.add(row, `was settled at ${row.settled_at}, after the time of this check (${now.toISOString()})`);
    }
  }
  return { problems: problems.list(), notes: [] };
}

export interface PublicResultsReport extends MatchCheckReport {
  /** Settled rows whose final score the public results confirm. */
  confirmed: number;
}

/**
 * Holds every row against the public results of its league season (`files`, by
 * `${league}:${season}`; null for a file the source does not have): the date of its match, and for
 * a settled row its final score. A settled row whose match the file does not have (or has without
 * a score) is a note while its kick-off is recent (PUBLIC_RESULTS_GRACE_MS), a problem after.
 */
export function checkAgainstResults(
  rows: readonly LedgerCsvRow[],
  files: ReadonlyMap<string, PublicResultsFile | null>,
  now: Date,
): PublicResultsReport {
  const problems = new Findings();
  const notes = new Findings();
  const uncovered = new Map<string, number>();
  let confirmed = 0;
  for (const row of rows) {
    if (!isLeagueKey(row.league)) {
      notes.add(row, `not checked: "${row.league}" is not a league the public results cover`);
      continue;
    }
    const file = files.get(`${row.league}:${row.season}`);
    if (!file) {
      const path = publicResultsPath(row.league, row.season);
      uncovered.set(path, (uncovered.get(path) ?? 0) + 1);
      continue;
    }
    const where = (line: number) => `${file.path} line ${line}`;
    const candidates = file.matches.get(pairingKey(row.home_team_id, row.away_team_id)) ?? [];
    const date = ukDate(row.kickoff);
    const match = candidates.find((candidate) => candidate.date === date);
    const settled = row.settlement_seq !== "";
    if (!match && candidates.length > 0) {
      const elsewhere = candidates.map((candidate) => `${candidate.date} (${where(candidate.line)})`).join(" and ");
      problems.add(
        row,
        `kicked off on ${date} (UK date), but the public results have ${row.home_team} v ${row.away_team} on ${elsewhere}`,
      );
      continue;
    }
    if (!settled) continue;
    if (!match || match.home === null || match.away === null) {
      const unknown =
        file.unknownTeams.length > 0
          ? ` (it has team names the registry does not know: ${file.unknownTeams.join(", ")})`
          : "";
      const missing = match
        ? `${where(match.line)} has no final score for ${row.home_team} v ${row.away_team} yet`
        : `${file.path} has no ${row.home_team} v ${row.away_team} on ${date}${unknown}`;
      if (now.getTime() - time(row.kickoff) < PUBLIC_RESULTS_GRACE_MS) notes.add(row, `not checked yet: ${missing}`);
      else problems.add(row, `is settled, but ${missing}`);
      continue;
    }
    if (Number(row.final_home_goals) !== match.home || Number(row.final_away_goals) !== match.away) {
      problems.add(
        row,
        `was settled against a final score of ${score(row.final_home_goals, row.final_away_goals)}, ` +
          `but the public result (${where(match.line)}) is ${match.home}-${match.away}`,
      );
      continue;
    }
    confirmed += 1;
  }
  const notesList = notes.list();
  for (const [path, count] of uncovered)
    notesList.push(`${count} rows not checked: the public results have no ${path}`);
  return { problems: problems.list(), notes: notesList, confirmed };
}

const changesKickoff = (audit: FixtureAuditCsvRow) =>
  audit.change === "kickoff" || audit.change === "kickoff+final-score";
const changesScore = (audit: FixtureAuditCsvRow) =>
  audit.change === "final-score" || audit.change === "kickoff+final-score";
const natural = (row: { league: string; season: string; home_team_id: string; away_team_id: string }) =>
  `${row.league}:${row.season}:${row.home_team_id}:${row.away_team_id}`;

function finalOf(audit: FixtureAuditCsvRow): string {
  if (audit.change === "deleted") return "deleted";
  if (audit.new_state !== "post-match") return `no final score (${audit.new_state || "no state"})`;
  return score(audit.new_home_goals || "?", audit.new_away_goals || "?");
}

/**
 * Holds every row against the fixture audit: a lock less than KICKOFF_SETTLE_MS after its match's
 * kick-off changed (or a fixture of the same match was deleted), a settlement against a final
 * score other than the last one the audit has for the match, or one recorded sooner than
 * MIN_MATCH_MS after kick-off, is a problem; a kick-off changed after the lock is a note.
 */
export function checkAgainstAudit(
  rows: readonly LedgerCsvRow[],
  audit: readonly FixtureAuditCsvRow[],
): MatchCheckReport {
  const problems = new Findings();
  const notes = new Findings();
  const byFixture = new Map<string, FixtureAuditCsvRow[]>();
  const deletions = new Map<string, FixtureAuditCsvRow[]>();
  for (const entry of audit) {
    if (entry.change === "deleted") deletions.set(natural(entry), [...(deletions.get(natural(entry)) ?? []), entry]);
    else byFixture.set(entry.fixture_id, [...(byFixture.get(entry.fixture_id) ?? []), entry]);
  }
  for (const row of rows) {
    const entries = byFixture.get(row.fixture_id) ?? [];
    const recorded = time(row.recorded_at);
    for (const entry of [...entries.filter(changesKickoff), ...(deletions.get(natural(row)) ?? [])]) {
      const changed = time(entry.changed_at);
      const what =
        entry.change === "deleted"
          ? `a fixture of its match was deleted at ${entry.changed_at} (${by(entry)}; kick-off ${entry.old_kickoff})`
          : `its match's kick-off was changed at ${entry.changed_at} from ${entry.old_kickoff} to ${entry.new_kickoff} (${by(entry)})`;
      if (changed <= recorded && recorded - changed < KICKOFF_SETTLE_MS) {
        problems.add(
          row,
          `was locked ${hoursOrMinutes(recorded - changed)} after ${what}: a lock the database refuses the application`,
        );
      } else if (changed > recorded && entry.change !== "deleted") {
        notes.add(row, `after the pick was locked, ${what}`);
      }
    }
    if (row.settlement_seq === "") continue;
    const settledScore = score(row.final_home_goals, row.final_away_goals);
    const finals = entries.filter(changesScore);
    const last = finals.at(-1);
    if (last && finalOf(last) !== settledScore) {
      problems.add(
        row,
        `was settled against a final score of ${settledScore}, but the fixture audit's last word on its match is ` +
          `${finalOf(last)} at ${last.changed_at} (${by(last)})`,
      );
    }
    const kickoff = time(row.kickoff);
    for (const entry of finals) {
      if (finalOf(entry) !== settledScore) continue;
      const after = time(entry.changed_at) - kickoff;
      if (after < MIN_MATCH_MS) {
        const when =
          after < 0
            ? `${hoursOrMinutes(-after)} before its kick-off`
            : `only ${hoursOrMinutes(after)} after its kick-off`;
        problems.add(
          row,
          `its match was recorded final at ${settledScore} at ${entry.changed_at} (${by(entry)}), ${when}: ` +
            `no match is over in less than ${MIN_MATCH_MS / 60_000} minutes`,
        );
      }
    }
  }
  return { problems: problems.list(), notes: notes.list() };
}
