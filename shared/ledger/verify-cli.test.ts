import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_AUDIT_CSV_COLUMNS, fixtureAuditCsv, type FixtureAuditCsvRow } from "./audit-csv";
import { ledgerCsv, type LedgerCsvRow } from "./csv";
import { ledgerCsvRow, rechained } from "./test-ledger";
import { verifyCommand } from "./verify-cli";

const CLI = fileURLToPath(new URL("./verify-cli.ts", import.meta.url));

const row = ledgerCsvRow;

/** Two rows settled out of id order, an editorial pick locked late with an awkward source_ref, unsettled. */
const EARLIER: LedgerCsvRow[] = rechained([
  row({
    id: "1",
    pick_kind: "best",
    pick: "Arsenal to Win",
    market: "result",
    selection: "1",
    confidence: "61.5",
    odds: "1.95",
    settlement_seq: "2",
    settled_at: "2026-02-07T17:05:00.000000Z",
    final_home_goals: "2",
    final_away_goals: "1",
    outcome: "hit",
    profit: "0.95",
  }),
  row({
    id: "2",
    pick_kind: "over-under",
    pick: "Over 2.5 Goals",
    market: "over-under",
    selection: "over 2.5",
    confidence: "58.0",
    odds: "1.80",
    settlement_seq: "1",
    settled_at: "2026-02-07T17:04:00.000000Z",
    final_home_goals: "2",
    final_away_goals: "1",
    outcome: "hit",
    profit: "0.80",
  }),
  row({
    id: "4",
    fixture_id: "11",
    home_team_id: "40",
    home_team: "Liverpool",
    away_team_id: "45",
    away_team: "Everton",
    kickoff: "2026-02-07T17:30:00.000000Z",
    pick_kind: "btts",
    pick: "BTTS: Yes",
    market: "btts",
    selection: "yes",
    confidence: "55.0",
    source: "editorial",
    source_ref: 'matchPreview-2526, "final"\nsecond line \\ backslash',
    recorded_at: "2026-02-07T18:00:00.000000Z",
    late: "true",
  }),
]);

/** The earlier copy, one settlement and one row later. */
const LATER: LedgerCsvRow[] = rechained([
  ...EARLIER.slice(0, 2),
  {
    ...EARLIER[2],
    settlement_seq: "3",
    settled_at: "2026-02-07T19:25:00.000000Z",
    final_home_goals: "1",
    final_away_goals: "1",
    outcome: "hit",
    profit: "",
  },
  row({
    id: "5",
    fixture_id: "11",
    home_team_id: "40",
    home_team: "Liverpool",
    away_team_id: "45",
    away_team: "Everton",
    kickoff: "2026-02-07T17:30:00.000000Z",
    pick_kind: "best",
    pick: "Liverpool or Draw",
    market: "double-chance",
    selection: "1X",
    confidence: "70.0",
    odds: "1.30",
    recorded_at: "2026-02-07T17:30:20.000000Z",
  }),
]);

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", CLI, ...args],
      { cwd: fileURLToPath(new URL("../../", import.meta.url)) },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("npm run ledger:verify", () => {
  let directory: string;
  let server: Server;
  let origin: string;
  const file = (name: string, text: string) => {
    const target = path.join(directory, name);
    writeFileSync(target, text);
    return target;
  };

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "ledger-verify-"));
    server = createServer((request, response) => {
      if (request.url === "/algo-results/ledger.csv") {
        response.writeHead(200, { "Content-Type": "text/csv; charset=utf-8" });
        response.end(ledgerCsv(LATER));
      } else {
        response.writeHead(404).end("not found");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  it("verifies a saved file and prints the rows and both chain heads", async () => {
    const result = await run(file("ledger.csv", ledgerCsv(EARLIER)));
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout.split("\n")).toEqual([
      "Ledger OK: 3 rows (ids 1 to 4), 2 settled, 1 late locks",
      `  chain head:      ${EARLIER[2].row_hash}`,
      `  settlement head: ${EARLIER[0].settlement_hash}`,
      "",
    ]);
  });

  it("fails a tampered copy, naming the first bad row, whatever hashes the file carries", async () => {
    const edited = ledgerCsv(EARLIER).replace("Over 2.5 Goals", "Under 2.5 Goals");
    const result = await run(file("tampered.csv", edited));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^Ledger NOT OK \(.*tampered\.csv\): row 2 \(record 2 of 3\) does not match its row_hash: its content hashes to [0-9a-f]{64}, the file says [0-9a-f]{64}\n$/,
    );
  });

  it("downloads the ledger from a URL", async () => {
    const result = await run(`${origin}/algo-results/ledger.csv`);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^Ledger OK: 4 rows \(ids 1 to 5\), 3 settled, 1 late locks\n/);
    const missing = await run(`${origin}/elsewhere.csv`);
    expect(missing).toMatchObject({
      code: 2,
      stderr: `ledger:verify: could not download ${origin}/elsewhere.csv: HTTP 404 Not Found\n`,
    });
  });

  it("proves a new copy extends an earlier one, and fails one that rewrote a past row", async () => {
    const earlier = file("earlier.csv", ledgerCsv(EARLIER));
    const extended = await run(`${origin}/algo-results/ledger.csv`, "--previous", earlier);
    expect(extended.code).toBe(0);
    expect(extended.stdout).toContain(
      `extends the earlier copy ${earlier}: its 3 rows are unchanged (its chain head ${EARLIER[2].row_hash}), 1 rows added, 1 settled since`,
    );

    // Rewritten and re-hashed throughout: consistent on its own, but not the history saved earlier.
    const rewritten = rechained(LATER.map((r) => (r.id === "1" ? { ...r, confidence: "75.0" } : r)));
    const alone = await run(file("rewritten.csv", ledgerCsv(rewritten)));
    expect(alone.code).toBe(0);
    const compared = await run(file("rewritten.csv", ledgerCsv(rewritten)), `--previous=${earlier}`);
    expect(compared.code).toBe(1);
    expect(compared.stderr).toContain('row 1 changed since the earlier copy: confidence was "61.5", now "75.0"');
  });

  it("checks outcomes against the final score and the chains' order, in process", async () => {
    const lines: string[] = [];
    const check = async (rows: LedgerCsvRow[]) => {
      lines.length = 0;
      const code = await verifyCommand(
        [file("case.csv", ledgerCsv(rows))],
        (line) => lines.push(line),
        (line) => lines.push(line),
      );
      return { code, output: lines.join("\n") };
    };
    const flipped = rechained(EARLIER.map((r) => (r.id === "2" ? { ...r, outcome: "miss", profit: "-1.00" } : r)));
    expect(await check(flipped)).toEqual({
      code: 1,
      output: expect.stringContaining(
        'row 2 (record 2 of 3) says miss, but the pick "Over 2.5 Goals" (over-under over 2.5) is a hit with the final score 2-1',
      ),
    });
    const overpaid = rechained(EARLIER.map((r) => (r.id === "1" ? { ...r, profit: "9.95" } : r)));
    expect((await check(overpaid)).output).toContain(
      'row 1 (record 1 of 3) has profit "9.95", but a hit at odds "1.95" pays "0.95"',
    );
    const gap = rechained(EARLIER.map((r) => (r.id === "1" ? { ...r, settlement_seq: "3" } : r)));
    expect((await check(gap)).output).toContain(
      "row 1's settlement (settlement_seq 3) follows settlement 1: settlements must be numbered 1, 2, 3... without gaps",
    );
    const notLate = rechained(EARLIER.map((r) => (r.id === "4" ? { ...r, late: "false" } : r)));
    expect((await check(notLate)).output).toContain(
      "row 4 (record 3 of 3) says late=false, but it was recorded at 2026-02-07T18:00:00.000000Z",
    );
    expect(
      await verifyCommand(
        [],
        () => undefined,
        () => undefined,
      ),
    ).toBe(2);
  });
});

const PUBLIC_RESULTS = fileURLToPath(
  new URL("../../sync-worker/providers/football-data-csv/fixtures/mmz4281", import.meta.url),
);
/** The time of the checks below (the verifier's clock). */
const CHECKED_AT = new Date("2026-11-27T15:00:00Z");

/** Two honest rows of 2025/26 (the public results in PUBLIC_RESULTS have them, 2-1 and 3-0). */
const HONEST: LedgerCsvRow[] = rechained([
  row({
    id: "1",
    fixture_id: "20",
    season: "2526",
    kickoff: "2025-08-16T14:00:00.000000Z",
    recorded_at: "2025-08-16T14:00:20.000000Z",
    pick_kind: "best",
    pick: "Arsenal to Win",
    market: "result",
    selection: "1",
    confidence: "61.5",
    odds: "1.95",
    settlement_seq: "1",
    settled_at: "2025-08-16T16:05:00.000000Z",
    final_home_goals: "2",
    final_away_goals: "1",
    outcome: "hit",
    profit: "0.95",
  }),
  row({
    id: "2",
    fixture_id: "21",
    season: "2526",
    home_team_id: "40",
    home_team: "Liverpool",
    away_team_id: "45",
    away_team: "Everton",
    kickoff: "2025-08-23T16:30:00.000000Z",
    recorded_at: "2025-08-23T16:30:10.000000Z",
    pick_kind: "over-under",
    pick: "Over 2.5 Goals",
    market: "over-under",
    selection: "over 2.5",
    confidence: "58.0",
    odds: "1.80",
    settlement_seq: "2",
    settled_at: "2025-08-23T18:25:00.000000Z",
    final_home_goals: "3",
    final_away_goals: "0",
    outcome: "hit",
    profit: "0.80",
  }),
]);

/**
 * Forgery 1, as the database published it before 0009_fixture_audit: the finished 2024/25 match
 * Arsenal v Everton (2-0 on 17 August 2024) moved to kick off 5 minutes later, a home win locked
 * at 4.50, the kick-off moved back, the pick settled as a hit with profit 3.50. Its chain is
 * sound and `late` is false.
 */
const BACKDATED = row({
  id: "3",
  fixture_id: "5",
  season: "2425",
  home_team_id: "42",
  home_team: "Arsenal",
  away_team_id: "45",
  away_team: "Everton",
  kickoff: "2026-11-27T14:55:00.000000Z",
  recorded_at: "2026-11-27T14:50:00.000000Z",
  pick_kind: "result",
  pick: "Arsenal to Win",
  market: "result",
  selection: "1",
  confidence: "55.0",
  odds: "4.50",
  settlement_seq: "3",
  settled_at: "2026-11-27T14:57:00.000000Z",
  final_home_goals: "2",
  final_away_goals: "0",
  outcome: "hit",
  profit: "3.50",
});

/**
 * Forgery 2: Arsenal v Chelsea of 14 February 2026 (1-0 in the public results), set to a final
 * 3-0 while in play, its Over 2.5 Goals settled as a hit.
 */
const FALSE_SCORE = row({
  id: "3",
  fixture_id: "22",
  season: "2526",
  kickoff: "2026-02-14T15:00:00.000000Z",
  recorded_at: "2026-02-14T15:00:30.000000Z",
  pick_kind: "over-under",
  pick: "Over 2.5 Goals",
  market: "over-under",
  selection: "over 2.5",
  confidence: "52.0",
  odds: "2.10",
  settlement_seq: "3",
  settled_at: "2026-02-14T15:36:00.000000Z",
  final_home_goals: "3",
  final_away_goals: "0",
  outcome: "hit",
  profit: "1.10",
});

function auditRow(values: Partial<FixtureAuditCsvRow>): FixtureAuditCsvRow {
  const empty = Object.fromEntries(FIXTURE_AUDIT_CSV_COLUMNS.map((column) => [column, ""])) as FixtureAuditCsvRow;
  return { ...empty, by_owner: "false", league: "premier-league", ...values };
}

/** What the fixture audit records of both forgeries. */
const AUDIT = fixtureAuditCsv([
  auditRow({
    id: "1",
    changed_at: "2026-02-14T15:35:00.000000Z",
    change: "final-score",
    fixture_id: "22",
    season: "2526",
    home_team_id: "42",
    home_team: "Arsenal",
    away_team_id: "49",
    away_team: "Chelsea",
    old_kickoff: "2026-02-14T15:00:00.000000Z",
    new_kickoff: "2026-02-14T15:00:00.000000Z",
    old_state: "live",
    new_state: "post-match",
    old_home_goals: "1",
    old_away_goals: "0",
    new_home_goals: "3",
    new_away_goals: "0",
  }),
  auditRow({
    id: "2",
    changed_at: "2026-02-14T17:00:00.000000Z",
    change: "final-score",
    fixture_id: "22",
    season: "2526",
    home_team_id: "42",
    home_team: "Arsenal",
    away_team_id: "49",
    away_team: "Chelsea",
    old_kickoff: "2026-02-14T15:00:00.000000Z",
    new_kickoff: "2026-02-14T15:00:00.000000Z",
    old_state: "post-match",
    new_state: "post-match",
    old_home_goals: "3",
    old_away_goals: "0",
    new_home_goals: "1",
    new_away_goals: "0",
  }),
  ...[
    ["3", "2026-11-27T14:49:00.000000Z", "2024-08-17T14:00:00.000000Z", "2026-11-27T14:55:00.000000Z"],
    ["4", "2026-11-27T14:58:00.000000Z", "2026-11-27T14:55:00.000000Z", "2024-08-17T14:00:00.000000Z"],
  ].map(([id, changedAt, from, to]) =>
    auditRow({
      id,
      changed_at: changedAt,
      change: "kickoff",
      fixture_id: "5",
      season: "2425",
      home_team_id: "42",
      home_team: "Arsenal",
      away_team_id: "45",
      away_team: "Everton",
      old_kickoff: from,
      new_kickoff: to,
      old_state: "post-match",
      new_state: "post-match",
      old_home_goals: "2",
      old_away_goals: "0",
      new_home_goals: "2",
      new_away_goals: "0",
    }),
  ),
]);

describe("npm run ledger:verify against forged kick-offs, scores and settlement times", () => {
  let directory: string;
  let server: Server;
  let origin: string;
  const file = (name: string, text: string) => {
    const target = path.join(directory, name);
    writeFileSync(target, text);
    return target;
  };
  /** Runs the command in process at CHECKED_AT; stdout and stderr in one text. */
  const check = async (rows: LedgerCsvRow[], ...options: string[]) => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const code = await verifyCommand([file("ledger.csv", ledgerCsv(rows)), ...options], log, log, {
      now: () => CHECKED_AT,
    });
    return { code, output: lines.join("\n") };
  };

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "ledger-verify-matches-"));
    // The public results over HTTP, laid out like https://www.football-data.co.uk/mmz4281.
    server = createServer((request, response) => {
      const match = /^\/mmz4281\/(\d{4})\/([A-Z0-9]+\.csv)$/.exec(request.url ?? "");
      const target = match && path.join(PUBLIC_RESULTS, match[1], match[2]);
      if (target && existsSync(target)) {
        response.writeHead(200, { "Content-Type": "text/csv" });
        response.end(readFileSync(target));
      } else {
        response.writeHead(404).end("not found");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  it("passes an honest ledger against the public results (a directory or a URL) and the fixture audit", async () => {
    const audit = file("fixture-audit.csv", fixtureAuditCsv([]));
    for (const results of [PUBLIC_RESULTS, `${origin}/mmz4281`]) {
      const result = await check(HONEST, "--results", results, "--audit", audit);
      expect(result.code).toBe(0);
      expect(result.output).toContain(`  public results (${results}): 2 settled rows agree with them`);
      expect(result.output).toContain(`  fixture audit (${audit}): 0 changes of kick-offs and final scores read`);
    }
  });

  it("forgery 1: a finished 2024/25 match locked at a moved kick-off, even as an extension of an earlier copy", async () => {
    const forged = rechained([...HONEST, BACKDATED]);
    expect(forged.slice(0, 2)).toEqual(HONEST);
    const earlier = file("earlier.csv", ledgerCsv(HONEST));
    const result = await check(forged, "--previous", earlier);
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "row 3 (fixture 5, Arsenal v Everton, premier-league 2425): kicked off at 2026-11-27T14:55:00.000000Z, outside its season 2024/25 (2024-07-01 to 2025-06-30)",
    );

    const withResults = await check(forged, "--results", PUBLIC_RESULTS);
    expect(withResults.output).toContain(
      "row 3 (fixture 5, Arsenal v Everton, premier-league 2425): kicked off on 2026-11-27 (UK date), but the public results have Arsenal v Everton on 2024-08-17 (2425/E0.csv line 2)",
    );

    const withAudit = await check(forged, "--audit", file("fixture-audit.csv", AUDIT));
    expect(withAudit.code).toBe(1);
    expect(withAudit.output).toContain(
      "row 3 (fixture 5, Arsenal v Everton, premier-league 2425): was locked 1 minute after its match's kick-off was changed at " +
        "2026-11-27T14:49:00.000000Z from 2024-08-17T14:00:00.000000Z to 2026-11-27T14:55:00.000000Z (by the application): " +
        "a lock the database refuses the application",
    );
    expect(withAudit.output).toContain(
      "note: row 3 (fixture 5, Arsenal v Everton, premier-league 2425): after the pick was locked, its match's kick-off was changed at " +
        "2026-11-27T14:58:00.000000Z from 2026-11-27T14:55:00.000000Z to 2024-08-17T14:00:00.000000Z (by the application)",
    );
  });

  it("forgery 2: a match in play set to a final 3-0 and its pick settled as a hit", async () => {
    const forged = rechained([...HONEST, FALSE_SCORE]);
    // Consistent in itself: only the record of the match shows it.
    expect(await check(forged)).toMatchObject({ code: 0 });

    const withResults = await check(forged, "--results", `${origin}/mmz4281`);
    expect(withResults.code).toBe(1);
    expect(withResults.output).toContain(
      "row 3 (fixture 22, Arsenal v Chelsea, premier-league 2526): was settled against a final score of 3-0, but the public result (2526/E0.csv line 11) is 1-0",
    );

    const withAudit = await check(forged, "--audit", file("fixture-audit.csv", AUDIT));
    expect(withAudit.code).toBe(1);
    expect(withAudit.output).toContain(
      "row 3 (fixture 22, Arsenal v Chelsea, premier-league 2526): its match was recorded final at 3-0 at 2026-02-14T15:35:00.000000Z " +
        "(by the application), only 35 minutes after its kick-off: no match is over in less than 95 minutes",
    );
    expect(withAudit.output).toContain(
      "row 3 (fixture 22, Arsenal v Chelsea, premier-league 2526): was settled against a final score of 3-0, " +
        "but the fixture audit's last word on its match is 1-0 at 2026-02-14T17:00:00.000000Z (by the application)",
    );
  });

  it("forgery 3: a settlement dated 2100-01-01", async () => {
    const forged = rechained(
      HONEST.map((r) => (r.id === "2" ? { ...r, settled_at: "2100-01-01T00:00:00.000000Z" } : r)),
    );
    const result = await check(forged);
    expect(result).toEqual({
      code: 1,
      output: expect.stringContaining(
        "row 2 (fixture 21, Liverpool v Everton, premier-league 2526): was settled at 2100-01-01T00:00:00.000000Z, after the time of this check (2026-11-27T15:00:00.000Z)",
      ),
    });
  });

  it("names every row of every forged match at once, from the command line, with exit status 1", async () => {
    const forged = rechained([
      ...HONEST.map((r) => (r.id === "2" ? { ...r, settled_at: "2100-01-01T00:00:00.000000Z" } : r)),
      { ...FALSE_SCORE, id: "3", settlement_seq: "3" },
      { ...FALSE_SCORE, id: "4", pick_kind: "best", settlement_seq: "4" },
      { ...BACKDATED, id: "5", settlement_seq: "5" },
    ]);
    const result = await run(file("forged.csv", ledgerCsv(forged)), "--results", PUBLIC_RESULTS);
    expect(result.code).toBe(1);
    const problems = result.stderr.split("\n").filter((line) => line.startsWith("  "));
    expect(problems).toEqual([
      expect.stringMatching(
        /^ {2}row 2 \(fixture 21, .*\): was settled at 2100-01-01T00:00:00.000000Z, after the time of this check/,
      ),
      expect.stringMatching(
        /^ {2}row 5 \(fixture 5, .*\): kicked off at 2026-11-27T14:55:00.000000Z, outside its season 2024\/25/,
      ),
      expect.stringMatching(
        /^ {2}rows 3, 4 \(fixture 22, .*\): was settled against a final score of 3-0, but the public result .* is 1-0$/,
      ),
      expect.stringMatching(
        /^ {2}row 5 \(fixture 5, .*\): kicked off on 2026-11-27 \(UK date\), but the public results have Arsenal v Everton on 2024-08-17/,
      ),
    ]);
    expect(result.stderr).toMatch(
      /^Ledger NOT OK \(.*forged\.csv\): its hash chains verify \(5 rows, chain head [0-9a-f]{64}, settlement head [0-9a-f]{64}\), but not its matches:\n/,
    );
  });

  it("notes a settled match the public results do not have yet, and fails it a week after kick-off", async () => {
    const pending = rechained([
      ...HONEST,
      row({
        id: "3",
        fixture_id: "23",
        season: "2526",
        away_team_id: "45",
        away_team: "Everton",
        kickoff: "2026-05-20T18:45:00.000000Z",
        recorded_at: "2026-05-20T18:45:10.000000Z",
        pick_kind: "btts",
        pick: "BTTS: Yes",
        market: "btts",
        selection: "yes",
        confidence: "55.0",
        settlement_seq: "3",
        settled_at: "2026-05-20T20:50:00.000000Z",
        final_home_goals: "1",
        final_away_goals: "1",
        outcome: "hit",
      }),
      row({
        id: "4",
        fixture_id: "30",
        league: "la-liga",
        home_team_id: "529",
        away_team_id: "541",
        pick_kind: "btts",
        pick: "BTTS: No",
        market: "btts",
        selection: "no",
        confidence: "51.0",
      }),
    ]);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const args = [file("pending.csv", ledgerCsv(pending)), "--results", PUBLIC_RESULTS];
    expect(await verifyCommand(args, log, log, { now: () => new Date("2026-05-22T12:00:00Z") })).toBe(0);
    expect(lines).toContain(
      "  note: row 3 (fixture 23, Arsenal v Everton, premier-league 2526): not checked yet: 2526/E0.csv has no Arsenal v Everton on 2026-05-20 " +
        "(it has team names the registry does not know: Atletico Springfield)",
    );
    expect(lines).toContain("  note: 1 rows not checked: the public results have no 2526/SP1.csv");
    lines.length = 0;
    expect(await verifyCommand(args, log, log, { now: () => new Date("2026-06-30T12:00:00Z") })).toBe(1);
    expect(lines).toContain(
      "  row 3 (fixture 23, Arsenal v Everton, premier-league 2526): is settled, but 2526/E0.csv has no Arsenal v Everton on 2026-05-20 " +
        "(it has team names the registry does not know: Atletico Springfield)",
    );
  });

  it("refuses public results it cannot read, and an audit that is not one", async () => {
    const errors: string[] = [];
    const log = (line: string) => errors.push(line);
    expect(
      await verifyCommand([file("h.csv", ledgerCsv(HONEST)), "--results", path.join(directory, "nowhere")], log, log),
    ).toBe(2);
    expect(errors.at(-1)).toMatch(/^ledger:verify: could not read the public results: .*nowhere is not a directory$/);
    expect(await verifyCommand([file("h.csv", ledgerCsv(HONEST)), "--audit", file("a.csv", "id\n")], log, log)).toBe(1);
    expect(errors.at(-1)).toMatch(/the fixture audit .*a\.csv is not one: the last line is not the trailer/);
    expect(await verifyCommand([file("h.csv", ledgerCsv(HONEST)), "--results"], log, log)).toBe(2);
  });
});
