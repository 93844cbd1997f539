/**
 * One suite, two content sources: the local NDJSON dataset and Sanity through the real
 * @sanity/client against a local API server. Both must read, preview, cache and write alike.
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resolvePick } from "../domain/resolution";
import { createContent, type Content } from "./content";
import { editorialPickContent } from "./editorial";
import { localContentSource, parseDatasetLines, serializeDataset } from "./local-source";
import { parseMatchUpdatePayload, type MatchPreviewUpdate } from "./match-update-payload";
import { portableTextToPlainText } from "./portable-text";
import { sanityContentSource } from "./sanity-source";
import { ContentConflictError, type ContentDocument, type ContentSource } from "./source";
import { startSanityApiServer, type SanityApiServer } from "./test-sanity-api";
import { ARSENAL_CHELSEA, BAYERN_DORTMUND, INTER_MILAN, testContentDocuments } from "./test-content";

const API_VERSION = "2025-02-19";
const READ_TOKEN = "read-token-for-tests";
const WRITE_TOKEN = "write-token-for-tests";

interface Harness {
  source: ContentSource;
  content: Content;
  warnings: string[];
  stored(): ContentDocument[];
  replaceStored(documents: ContentDocument[]): void;
}

const directory = mkdtempSync(path.join(tmpdir(), "content-test-"));
let server: SanityApiServer;

afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

function localHarness(): Harness {
  const file = path.join(directory, `dataset-${Math.random().toString(36).slice(2)}.ndjson`);
  writeFileSync(file, serializeDataset(testContentDocuments()));
  const source = localContentSource(file);
  const warnings: string[] = [];
  return {
    source,
    content: createContent(source, { warn: (m) => warnings.push(m) }),
    warnings,
    stored: () => parseDatasetLines(readFileSync(file, "utf8"), file),
    replaceStored(documents) {
      writeFileSync(file, serializeDataset(documents));
      const later = new Date(Date.now() + 5_000);
      utimesSync(file, later, later);
    },
  };
}

async function sanityHarness(): Promise<Harness> {
  server ??= await startSanityApiServer({
    apiVersion: API_VERSION,
    dataset: "test",
    documents: [],
    readToken: READ_TOKEN,
    writeToken: WRITE_TOKEN,
  });
  server.documents = testContentDocuments();
  server.requests.length = 0;
  const source = sanityContentSource({
    projectId: "testproject",
    dataset: "test",
    apiVersion: API_VERSION,
    readToken: READ_TOKEN,
    writeToken: WRITE_TOKEN,
    connection: { apiHost: server.apiHost, useProjectHostname: false },
  });
  const warnings: string[] = [];
  return {
    source,
    content: createContent(source, { warn: (m) => warnings.push(m) }),
    warnings,
    stored: () => server.documents,
    replaceStored: (documents) => {
      server.documents = documents;
    },
  };
}

const PUBLISHED = { preview: false };
const PREVIEW = { preview: true };

function update(body: Record<string, unknown>): MatchPreviewUpdate {
  const parsed = parseMatchUpdatePayload(body, "2526");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.update;
}

describe.each([
  ["local NDJSON dataset", async () => localHarness()],
  ["Sanity through @sanity/client", sanityHarness],
])("content from the %s", (_name, makeHarness) => {
  let h: Harness;
  beforeEach(async () => {
    h = await makeHarness();
  });

  it("reads published documents, never drafts, outside preview", async () => {
    const settings = await h.content.getSiteSettings(PUBLISHED);
    expect(settings?.heroHeadline).toBe("Smart Picks. Fast Plays.");
    expect(settings?.heroSubtext).toBe("Save time and win smarter with our AI algorithm-driven soccer predictions.");

    const preview = await h.content.getMatchPreview(ARSENAL_CHELSEA, PUBLISHED);
    expect(preview).toMatchObject({ bestPick: "Arsenal to Win", confidence: 72, projectedScore: "2-1", btts: "YES" });
    expect(portableTextToPlainText(preview?.matchSummary)).toBe(
      "Arsenal at home against a Chelsea side that travels well.",
    );
    expect(preview?.keyInsights).toEqual(["Arsenal unbeaten at home", "Chelsea score in most away games"]);
    expect(await h.content.getMatchPreview(INTER_MILAN, PUBLISHED)).toBeNull();
  });

  it("shows drafts over published documents in preview, including drafts never published", async () => {
    expect((await h.content.getSiteSettings(PREVIEW))?.heroSubtext).toBe(
      "A draft subtext nobody outside preview sees.",
    );
    expect(await h.content.getMatchPreview(ARSENAL_CHELSEA, PREVIEW)).toMatchObject({
      id: "matchPreview-ars-che",
      bestPick: "Draw",
      confidence: 40,
      projectedScore: "1-1",
    });
    expect((await h.content.getMatchPreview(INTER_MILAN, PREVIEW))?.bestPick).toBe("Inter to Win");
    expect((await h.content.getMatchPreview(BAYERN_DORTMUND, PREVIEW))?.bestPick).toBe("Over 3.5 Goals");
  });

  it("puts published editorial picks above the algorithm, and drafts only in preview", async () => {
    const match = { state: "pre-match" as const, homeTeam: "Arsenal", awayTeam: "Chelsea" };
    const prediction = { bestPick: "Chelsea to Win", confidence: 51, result: "2" };
    const resolve = async (options: { preview: boolean }) =>
      resolvePick({
        match,
        prediction,
        editorial: editorialPickContent(await h.content.getMatchPreview(ARSENAL_CHELSEA, options)),
      });

    expect(await resolve(PUBLISHED)).toMatchObject({
      pickSource: "editorial",
      bestPick: "Arsenal to Win",
      confidence: 72,
      confidenceLabel: "72%",
    });
    expect(await resolve(PREVIEW)).toMatchObject({ pickSource: "editorial", bestPick: "Draw", confidence: 40 });

    const interMilan = { state: "pre-match" as const, homeTeam: "Inter", awayTeam: "AC Milan" };
    const published = resolvePick({
      match: interMilan,
      prediction,
      editorial: editorialPickContent(await h.content.getMatchPreview(INTER_MILAN, PUBLISHED)),
    });
    expect(published).toMatchObject({ pickSource: "algorithm", bestPick: "Chelsea to Win" });
  });

  it("lists a season's previews by kick-off, optionally of one league, leaving out a broken document with a warning", async () => {
    const all = await h.content.listMatchPreviews({ season: "2526" }, PUBLISHED);
    expect(all.map((p) => p.id)).toEqual(["matchPreview-bay-bvb", "matchPreview-ars-che"]);
    expect(h.warnings).toHaveLength(1);
    expect(h.warnings[0]).toContain("league");
    const bundesliga = await h.content.listMatchPreviews({ season: "2526", league: "bundesliga" }, PUBLISHED);
    expect(bundesliga.map((p) => p.homeTeam)).toEqual(["bayern-munich"]);
    const inPreview = await h.content.listMatchPreviews({ season: "2526" }, PREVIEW);
    expect(inPreview.map((p) => p.bestPick)).toEqual(["Over 3.5 Goals", "Draw", "Inter to Win"]);
  });

  it("reads the Sunday parlay, team profiles and static pages", async () => {
    const parlay = await h.content.getSundayParlay(PUBLISHED);
    expect(parlay).toMatchObject({
      lastUpdated: "2025-10-05",
      legs: [{ key: "l1", selection: "Manchester City to Win", confidence: 68 }],
    });
    expect(portableTextToPlainText((await h.content.getTeamProfile("manchester-city", PUBLISHED))?.overview)).toBe(
      "A club built on possession.",
    );
    expect(await h.content.getTeamProfile("arsenal", PUBLISHED)).toBeNull();
    const terms = await h.content.getStaticPage("terms", PUBLISHED);
    expect(terms).toMatchObject({
      title: "Terms of Service",
      lastUpdated: "2025-08-09",
      sections: [{ heading: "Eligibility" }],
    });
  });

  it("caches published reads until a change purges them; preview always reads the source", async () => {
    expect((await h.content.getMatchPreview(ARSENAL_CHELSEA, PUBLISHED))?.confidence).toBe(72);
    expect((await h.content.getMatchPreview(BAYERN_DORTMUND, PUBLISHED))?.confidence).toBe(66);
    h.replaceStored(
      h
        .stored()
        .map((d) =>
          d._id === "matchPreview-ars-che" || d._id === "matchPreview-bay-bvb" ? { ...d, confidence: 90 } : d,
        ),
    );
    expect((await h.content.getMatchPreview(ARSENAL_CHELSEA, PUBLISHED))?.confidence).toBe(72);
    expect((await h.content.getMatchPreview(BAYERN_DORTMUND, PREVIEW))?.confidence).toBe(90);

    const purged = h.content.purge({ _id: "matchPreview-ars-che", _type: "matchPreview", ...ARSENAL_CHELSEA });
    expect(purged).toEqual(["matchPreview:lists", "matchPreview:premier-league:2526:arsenal:chelsea"]);
    expect((await h.content.getMatchPreview(ARSENAL_CHELSEA, PUBLISHED))?.confidence).toBe(90);
    // Another fixture's entry was not affected.
    expect((await h.content.getMatchPreview(BAYERN_DORTMUND, PUBLISHED))?.confidence).toBe(66);
    // A draft change purges nothing.
    expect(h.content.purge({ _id: "drafts.matchPreview-bay-bvb", _type: "matchPreview", ...BAYERN_DORTMUND })).toEqual(
      [],
    );
  });

  it("keeps a published read parsed and frozen, shared by every reader, a broken document reported once", async () => {
    const first = await h.content.listMatchPreviews({ season: "2526" }, PUBLISHED);
    const again = await h.content.listMatchPreviews({ season: "2526" }, PUBLISHED);
    expect(again).toBe(first);
    expect(h.warnings).toHaveLength(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    expect(() => {
      (first[0] as { confidence: number | null }).confidence = 1;
    }).toThrow(TypeError);
    const preview = await h.content.getMatchPreview(ARSENAL_CHELSEA, PREVIEW);
    expect(preview).not.toBe(await h.content.getMatchPreview(ARSENAL_CHELSEA, PREVIEW));
    expect(Object.isFrozen(preview)).toBe(false);
  });

  it("saves an automation update as a draft copied from the published document, leaving the published one alone", async () => {
    const result = await h.content.updateMatchPreview(
      update({
        match_id: "bundesliga/bayern-munich-vs-borussia-dortmund",
        confidence_score: 81,
        key_insights: ["Bayern score early"],
      }),
    );
    expect(result).toEqual({
      documentId: "matchPreview-bay-bvb",
      status: "draft",
      created: false,
      fields: ["confidence", "keyInsights"],
    });
    expect(await h.content.getMatchPreview(BAYERN_DORTMUND, PREVIEW)).toMatchObject({
      bestPick: "Over 3.5 Goals",
      projectedScore: "3-1",
      confidence: 81,
      keyInsights: ["Bayern score early"],
    });
    expect((await h.content.getMatchPreview(BAYERN_DORTMUND, PUBLISHED))?.confidence).toBe(66);

    await h.content.updateMatchPreview(
      update({ match_id: "bundesliga/bayern-munich-vs-borussia-dortmund", final_prediction: "Bayern to Win" }),
    );
    expect(await h.content.getMatchPreview(BAYERN_DORTMUND, PREVIEW)).toMatchObject({
      bestPick: "Bayern to Win",
      confidence: 81,
    });
  });

  it("publishes an update when asked, purging the cache and carrying it into an open draft", async () => {
    expect((await h.content.getMatchPreview(ARSENAL_CHELSEA, PUBLISHED))?.projectedScore).toBe("2-1");
    const result = await h.content.updateMatchPreview(
      update({
        match_id: "premier-league/arsenal-vs-chelsea",
        projected_score: "3-1",
        match_summary: "First.\n\nSecond.",
        publish: true,
      }),
    );
    expect(result.status).toBe("published");
    const published = await h.content.getMatchPreview(ARSENAL_CHELSEA, PUBLISHED);
    expect(published).toMatchObject({ projectedScore: "3-1", bestPick: "Arsenal to Win" });
    expect(portableTextToPlainText(published?.matchSummary)).toBe("First.\n\nSecond.");
    expect(await h.content.getMatchPreview(ARSENAL_CHELSEA, PREVIEW)).toMatchObject({
      projectedScore: "3-1",
      bestPick: "Draw",
    });
  });

  it("creates a draft for a fixture without a preview", async () => {
    const result = await h.content.updateMatchPreview(
      update({
        match_id: "/la-liga-predictions/real-madrid-vs-barcelona-prediction",
        final_prediction: "Real Madrid to Win",
        confidence_score: 64,
      }),
    );
    expect(result).toMatchObject({
      documentId: "matchPreview-2526-la-liga-real-madrid-vs-barcelona",
      status: "draft",
      created: true,
    });
    const stored = h.stored().find((d) => d._id === "drafts.matchPreview-2526-la-liga-real-madrid-vs-barcelona");
    expect(stored).toMatchObject({
      _type: "matchPreview",
      league: "la-liga",
      season: "2526",
      homeTeam: "real-madrid",
      awayTeam: "barcelona",
    });
    const key = { league: "la-liga", season: "2526", homeTeam: "real-madrid", awayTeam: "barcelona" } as const;
    expect(await h.content.getMatchPreview(key, PUBLISHED)).toBeNull();
    expect((await h.content.getMatchPreview(key, PREVIEW))?.confidence).toBe(64);
  });

  it("refuses a stale write as a conflict and changes nothing", async () => {
    const before = JSON.stringify(h.stored());
    await expect(
      h.source.commit([
        { patch: { id: "matchPreview-bay-bvb", set: { confidence: 1 } } },
        { patch: { id: "matchPreview-ars-che", set: { confidence: 1 }, ifRevisionID: "stale" } },
      ]),
    ).rejects.toBeInstanceOf(ContentConflictError);
    await expect(h.source.commit([{ create: { _id: "sundayParlay", _type: "sundayParlay" } }])).rejects.toBeInstanceOf(
      ContentConflictError,
    );
    expect(JSON.stringify(h.stored())).toBe(before);
  });
});
