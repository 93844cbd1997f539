import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContent, type Content } from "@shared/content/content";
import { serializeDataset, localContentSource } from "@shared/content/local-source";
import type { ContentDocument } from "@shared/content/source";
import type { DbHandle } from "@shared/db";
import { predictions } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { testWorker, type TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { lockPicksJob } from "./lock-picks";

const id = (slug: string) => getTeamBySlug(slug)!.id;
const MODEL = "test-model-1";
const KIND_ORDER = "array_position(array['best', 'result', 'over-under', 'btts'], l.pick_kind)";

function preview(home: string, away: string, fields: Record<string, unknown>): ContentDocument {
  return {
    _id: `matchPreview-2526-premier-league-${home}-vs-${away}`,
    _type: "matchPreview",
    league: "premier-league",
    season: "2526",
    homeTeam: home,
    awayTeam: away,
    ...fields,
  };
}

const PREVIEWS: ContentDocument[] = [
  // Published the day before: it wins over the algorithm.
  preview("newcastle-united", "brentford", {
    _updatedAt: "2026-02-06T11:30:00Z",
    bestPick: "Newcastle United to Win",
    confidence: 57,
    result: "1",
    btts: "NO",
    bttsConfidence: 52,
    overUnder: "Under 2.5 Goals",
    projectedScore: "2-0",
  }),
  // Only a draft: previews show it, the ledger never does.
  {
    ...preview("fulham", "everton", {
      _updatedAt: "2026-02-07T09:00:00Z",
      bestPick: "Draw",
      confidence: 40,
      result: "X",
    }),
    _id: "drafts.matchPreview-2526-premier-league-fulham-vs-everton",
  },
  // Locked late (the worker starts at 15:50): published before kick-off (12:30), so it counts.
  preview("manchester-united", "tottenham-hotspur", {
    _updatedAt: "2026-02-06T06:30:00Z",
    bestPick: "Manchester United to Win",
    confidence: 68,
    result: "1",
  }),
  // Locked late and edited after kick-off (15:00): nobody can tell what it said at kick-off, so the algorithm's pick is locked.
  preview("arsenal", "sunderland", {
    _updatedAt: "2026-02-07T15:20:00Z",
    bestPick: "Arsenal to Win",
    confidence: 82,
    result: "1",
  }),
];

describe.each(testDatabases())("locking editorial picks on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let content: Content;
  let directory: string;
  const rows = <T = Record<string, unknown>>(sql: string) => db.execute<T>(sql);
  const ledgerOf = (home: string, away: string) =>
    rows<{
      pick_kind: string;
      pick: string;
      confidence: string;
      odds: string | null;
      source: string;
      source_ref: string;
    }>(`
      select l.pick_kind, l.pick, l.confidence, l.odds, l.source, l.source_ref from pick_ledger l join fixtures f on f.id = l.fixture_id
      where f.season = '2526' and f.home_team_id = ${id(home)} and f.away_team_id = ${id(away)} order by ${KIND_ORDER}`);
  const summary = async (home: string, away: string) =>
    (await ledgerOf(home, away)).map((r) => [r.pick_kind, r.pick, Number(r.confidence), r.source, r.source_ref]);

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "fkp-lock-content-"));
    const file = path.join(directory, "dataset.ndjson");
    writeFileSync(file, serializeDataset(PREVIEWS));
    content = createContent(localContentSource(file), { cache: { maxAgeMs: 0 } });
    db = await testDb.open();
    worker = testWorker(db, { content });
    await worker.run(backfillJob);
    const fixtureOf = async (home: string, away: string) =>
      (
        await rows<{ id: number }>(
          `select id from fixtures where season = '2526' and home_team_id = ${id(home)} and away_team_id = ${id(away)}`,
        )
      )[0].id;
    const algorithm = {
      modelVersion: MODEL,
      probHome: 0.3,
      probDraw: 0.25,
      probAway: 0.45,
      probOver25: 0.62,
      probBtts: 0.57,
      expectedGoalsHome: 1.2,
      expectedGoalsAway: 1.6,
      projectedHomeScore: 1,
      projectedAwayScore: 2,
      resultPick: "2" as const,
      overUnderPick: "Over 2.5 Goals",
      bttsPick: "YES" as const,
      bestPick: "Over 2.5 Goals",
      confidence: 64.2,
      resultConfidence: 46.1,
      overUnderConfidence: 64.2,
      bttsConfidence: 58,
      bestPickOdds: 1.64,
      overUnderOdds: 1.64,
      bttsOdds: 1.8,
      predictedAt: new Date("2026-02-07T08:00:00Z"),
    };
    await db.db.insert(predictions).values([
      { ...algorithm, fixtureId: await fixtureOf("newcastle-united", "brentford") },
      { ...algorithm, fixtureId: await fixtureOf("fulham", "everton") },
      { ...algorithm, fixtureId: await fixtureOf("manchester-united", "tottenham-hotspur") },
      { ...algorithm, fixtureId: await fixtureOf("arsenal", "sunderland") },
    ]);
  });
  afterAll(async () => {
    await testDb.dispose();
    rmSync(directory, { recursive: true, force: true });
  });

  it("a late lock takes a published preview only when it was last updated before kick-off, and never a draft", async () => {
    expect(await worker.run(lockPicksJob)).toMatchObject({ status: "ok", rowsWritten: 12 });
    expect(await summary("manchester-united", "tottenham-hotspur")).toEqual([
      [
        "best",
        "Manchester United to Win",
        68,
        "editorial",
        "matchPreview-2526-premier-league-manchester-united-vs-tottenham-hotspur",
      ],
      // The editor's result pick, with the model's probability of a home win as its confidence.
      [
        "result",
        "Manchester United to Win",
        30,
        "editorial",
        "matchPreview-2526-premier-league-manchester-united-vs-tottenham-hotspur",
      ],
      ["over-under", "Over 2.5 Goals", 64.2, "algorithm", MODEL],
      ["btts", "BTTS: Yes", 58, "algorithm", MODEL],
    ]);
    expect((await summary("arsenal", "sunderland")).map((r) => r[3])).toEqual([
      "algorithm",
      "algorithm",
      "algorithm",
      "algorithm",
    ]);
    expect(await summary("fulham", "everton")).toEqual([
      ["best", "Over 2.5 Goals", 64.2, "algorithm", MODEL],
      ["result", "Everton to Win", 46.1, "algorithm", MODEL],
      ["over-under", "Over 2.5 Goals", 64.2, "algorithm", MODEL],
      ["btts", "BTTS: Yes", 58, "algorithm", MODEL],
    ]);
  });

  it("at kick-off, a published preview's pick is locked instead of the algorithm's", async () => {
    worker.setNow("2026-02-07T17:29:00Z");
    expect(await ledgerOf("newcastle-united", "brentford")).toEqual([]);
    worker.setNow("2026-02-07T17:31:00Z");
    expect(await worker.run(lockPicksJob)).toMatchObject({ status: "ok", rowsWritten: 4 });
    const ref = "matchPreview-2526-premier-league-newcastle-united-vs-brentford";
    expect(await summary("newcastle-united", "brentford")).toEqual([
      ["best", "Newcastle United to Win", 57, "editorial", ref],
      ["result", "Newcastle United to Win", 30, "editorial", ref],
      ["over-under", "Under 2.5 Goals", 38, "editorial", ref],
      ["btts", "BTTS: No", 43, "editorial", ref],
    ]);
    // The market's opening prices for a home win and for under 2.5 goals.
    expect((await ledgerOf("newcastle-united", "brentford")).map((r) => r.odds && Number(r.odds))).toEqual([
      1.89,
      1.89,
      2.25,
      null,
    ]);
  });

  it("editing the preview after kick-off changes nothing in the ledger", async () => {
    const before = await ledgerOf("newcastle-united", "brentford");
    await content.source.commit([
      {
        patch: {
          id: "matchPreview-2526-premier-league-newcastle-united-vs-brentford",
          set: { bestPick: "Brentford to Win", confidence: 90, result: "2" },
        },
      },
    ]);
    worker.setNow("2026-02-07T17:45:00Z");
    expect((await worker.run(lockPicksJob)).rowsWritten).toBe(0);
    expect(await ledgerOf("newcastle-united", "brentford")).toEqual(before);
  });

  it("the database refuses to change or delete a locked row", async () => {
    const [row] = await rows<{ id: number }>(
      `select l.id from pick_ledger l where l.source = 'editorial' order by l.locked_at, ${KIND_ORDER} limit 1`,
    );
    await expect(rows(`update pick_ledger set pick = 'Brentford to Win' where id = ${row.id}`)).rejects.toThrow();
    await expect(
      rows(`update pick_ledger set recorded_at = now() - interval '1 day' where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(rows(`delete from pick_ledger where id = ${row.id}`)).rejects.toThrow();
    const [after] = await rows<{ pick: string }>(`select pick from pick_ledger where id = ${row.id}`);
    expect(after.pick).toBe("Manchester United to Win");
  });
});
