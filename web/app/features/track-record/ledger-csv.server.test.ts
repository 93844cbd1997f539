import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@shared/db";
import { insertSampleClubs, SAMPLE_SEASON, SAMPLE_TEAMS, testDatabases } from "@shared/db/test-databases";
import { LEDGER_GENESIS_HASH } from "@shared/ledger/canonical";
import { LEDGER_CSV_COLUMNS, parseLedgerCsv } from "@shared/ledger/csv";
import { verifyLedger } from "@shared/ledger/verify";
import { readAlgoResultsPage } from "./algo-results-page.server";
import { PUBLIC_PAGE_CACHE } from "~/cache-control";
import { AlgoResultsContent } from "./components/AlgoResultsContent";
import type { AppContext } from "~/load-context";
import { loader } from "~/routes/algo-results_.ledger[.]csv";
import { renderServerHtml } from "~/server-markup.server";

describe.each(testDatabases())("/algo-results/ledger.csv on $driver", (testDb) => {
  let db: DbHandle;
  const get = async () => {
    const response = await loader({
      request: new Request("https://site.example/algo-results/ledger.csv"),
      context: { db } as AppContext,
      params: {},
    });
    return { response, text: await response.text() };
  };

  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("is a valid ledger with no rows before the first lock", async () => {
    const { response, text } = await get();
    expect(text).toBe(
      `${LEDGER_CSV_COLUMNS.join(",")}\n# pick_ledger rows=0 chain_head=${LEDGER_GENESIS_HASH} settled=0 settlement_head=${LEDGER_GENESIS_HASH}\n`,
    );
    expect(response.headers.get("X-Ledger-Chain-Head")).toBe(LEDGER_GENESIS_HASH);
    expect(verifyLedger(parseLedgerCsv(text))).toMatchObject({ rows: 0, settled: 0 });
  });

  it("serves every row with its final score, outcome and hashes, and the chain heads, all of which verify", async () => {
    await insertSampleClubs(db.db);
    const [{ id: fixtureId }] = await db.execute<{ id: number }>(`
      insert into fixtures (league, season, kickoff_at, home_team_id, away_team_id)
      values ('premier-league', '${SAMPLE_SEASON}', '2026-02-07T15:00:00Z', ${SAMPLE_TEAMS.arsenal.id}, ${SAMPLE_TEAMS.chelsea.id}) returning id`);
    await db.execute(`
      insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source, source_ref) values
        (${fixtureId}, 'best', 'Arsenal to Win', 61.5, 1.95, 'editorial', 'matchPreview-2526, "final"'),
        (${fixtureId}, 'over-under', 'Over 2.5 Goals', 58, 1.8, 'algorithm', 'model-1'),
        (${fixtureId}, 'btts', 'BTTS: No', 52, null, 'algorithm', 'model-1')`);
    await db.execute(
      `update fixtures set match_state = 'post-match', status = 'FT', home_score = 2, away_score = 1 where id = ${fixtureId}`,
    );
    await db.execute(
      `update pick_ledger set settled_at = '2026-02-07T17:00:00Z', outcome = 'hit', profit = 0.95 where pick_kind = 'best'`,
    );
    await db.execute(
      `update pick_ledger set settled_at = '2026-02-07T17:00:00Z', outcome = 'miss', profit = -1 where pick_kind = 'btts'`,
    );

    const { response, text } = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ledger.csv"');
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);

    const parsed = parseLedgerCsv(text);
    const verified = verifyLedger(parsed);
    const [last] = await db.execute<{ row_hash: string }>(`select row_hash from pick_ledger order by id desc limit 1`);
    const [lastSettlement] = await db.execute<{ settlement_hash: string }>(
      `select settlement_hash from pick_ledger where settlement_seq = 2`,
    );
    expect(verified).toMatchObject({
      rows: 3,
      settled: 2,
      chainHead: last.row_hash,
      settlementHead: lastSettlement.settlement_hash,
    });
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "x-ledger-rows": "3",
      "x-ledger-chain-head": last.row_hash,
      "x-ledger-settled": "2",
      "x-ledger-settlement-head": lastSettlement.settlement_hash,
    });
    expect(
      parsed.rows.map((r) => [
        r.pick,
        r.home_team,
        r.away_team,
        r.final_home_goals,
        r.final_away_goals,
        r.outcome,
        r.profit,
        r.late,
      ]),
    ).toEqual([
      ["Arsenal to Win", "Arsenal", "Chelsea", "2", "1", "hit", "0.95", "true"],
      ["Over 2.5 Goals", "Arsenal", "Chelsea", "", "", "", "", "true"],
      ["BTTS: No", "Arsenal", "Chelsea", "2", "1", "miss", "-1.00", "true"],
    ]);
    expect(parsed.rows[0]).toMatchObject({
      kickoff: "2026-02-07T15:00:00.000000Z",
      source_ref: 'matchPreview-2526, "final"',
      settled_at: "2026-02-07T17:00:00.000000Z",
    });

    // A copy whose final score was edited afterwards no longer verifies.
    const edited = text.replace(/,2,1,hit,0\.95,/, ",1,1,hit,0.95,");
    expect(edited).not.toBe(text);
    expect(() => verifyLedger(parseLedgerCsv(edited))).toThrow(
      /^row \d+ \(record 1 of 3\) says hit, but the pick "Arsenal to Win" \(result 1\) is a miss with the final score 1-1$/,
    );
  });

  it("is linked from /algo-results with a sentence on how to check it, beside the forecasts download", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { html } = renderServerHtml(createElement(AlgoResultsContent, { page: await readAlgoResultsPage({ db }) }));
      expect(html).toContain('<a href="/algo-results/ledger.csv" download="">download the pick ledger (CSV)</a>');
      expect(html).toContain("<code>npm run ledger:verify</code>");
      expect(html).toContain('href="/algo-results/forecasts.csv"');
      expect(html).toContain(
        '<a href="/algo-results/fixture-audit.csv" download="">download the fixture audit (CSV)</a>',
      );
    } finally {
      warn.mockRestore();
    }
  });
});
