import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCsv, LEDGER_CSV_COLUMNS, type LedgerCsvRow } from "./csv";
import { rechained } from "./test-ledger";
import { verifyCommand } from "./verify-cli";

const CLI = fileURLToPath(new URL("./verify-cli.ts", import.meta.url));

function row(values: Partial<LedgerCsvRow>): LedgerCsvRow {
  const empty = Object.fromEntries(LEDGER_CSV_COLUMNS.map((column) => [column, ""])) as LedgerCsvRow;
  return {
    ...empty,
    fixture_id: "10",
    league: "premier-league",
    season: "2526",
    home_team_id: "42",
    home_team: "Arsenal",
    away_team_id: "49",
    away_team: "Chelsea",
    kickoff: "2026-02-07T15:00:00.000000Z",
    source: "algorithm",
    source_ref: "model-1",
    recorded_at: "2026-02-07T15:00:31.250000Z",
    late: "false",
    ...values,
  };
}

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
    execFile(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: fileURLToPath(new URL("../../", import.meta.url)) }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
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
    expect(result.stderr).toMatch(/^Ledger NOT OK \(.*tampered\.csv\): row 2 \(record 2 of 3\) does not match its row_hash: its content hashes to [0-9a-f]{64}, the file says [0-9a-f]{64}\n$/);
  });

  it("downloads the ledger from a URL", async () => {
    const result = await run(`${origin}/algo-results/ledger.csv`);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^Ledger OK: 4 rows \(ids 1 to 5\), 3 settled, 1 late locks\n/);
    const missing = await run(`${origin}/elsewhere.csv`);
    expect(missing).toMatchObject({ code: 2, stderr: `ledger:verify: could not download ${origin}/elsewhere.csv: HTTP 404 Not Found\n` });
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
      const code = await verifyCommand([file("case.csv", ledgerCsv(rows))], (line) => lines.push(line), (line) => lines.push(line));
      return { code, output: lines.join("\n") };
    };
    const flipped = rechained(EARLIER.map((r) => (r.id === "2" ? { ...r, outcome: "miss", profit: "-1.00" } : r)));
    expect(await check(flipped)).toEqual({
      code: 1,
      output: expect.stringContaining('row 2 (record 2 of 3) says miss, but the pick "Over 2.5 Goals" (over-under over 2.5) is a hit with the final score 2-1'),
    });
    const overpaid = rechained(EARLIER.map((r) => (r.id === "1" ? { ...r, profit: "9.95" } : r)));
    expect((await check(overpaid)).output).toContain('row 1 (record 1 of 3) has profit "9.95", but a hit at odds "1.95" pays "0.95"');
    const gap = rechained(EARLIER.map((r) => (r.id === "1" ? { ...r, settlement_seq: "3" } : r)));
    expect((await check(gap)).output).toContain("row 1's settlement (settlement_seq 3) follows settlement 1: settlements must be numbered 1, 2, 3... without gaps");
    const notLate = rechained(EARLIER.map((r) => (r.id === "4" ? { ...r, late: "false" } : r)));
    expect((await check(notLate)).output).toContain("row 4 (record 3 of 3) says late=false, but it was recorded at 2026-02-07T18:00:00.000000Z");
    expect(await verifyCommand([], () => undefined, () => undefined)).toBe(2);
  });
});
