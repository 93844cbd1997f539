import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { testContentDocuments, BAYERN_DORTMUND } from "@shared/content/test-content";
import { handleMatchUpdate } from "./content-automation.server";
import { localContext, removeTemporaryDatasets, temporaryDataset } from "~/test-context";

afterAll(removeTemporaryDatasets);

const TOKEN = "automation-token-for-tests";

function post(body: unknown, authorization: string | null = `Bearer ${TOKEN}`): Request {
  return new Request("http://localhost:3000/api/content/match-updates", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(authorization && { Authorization: authorization }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function setup(variables: Record<string, string> = { CONTENT_AUTOMATION_TOKEN: TOKEN }) {
  const file = temporaryDataset(testContentDocuments());
  return { file, context: localContext(variables, file), stored: () => readFileSync(file, "utf8") };
}

describe("the content automation endpoint", () => {
  it("saves the spec's update payload as a draft match preview", async () => {
    const { context } = setup();
    const response = await handleMatchUpdate(
      post({
        match_id: "bundesliga/bayern-munich-vs-borussia-dortmund",
        final_prediction: "Bayern München to Win",
        confidence_score: 77,
        key_insights: ["Bayern have scored in every home game"],
        managers_notes: "Both squads at full strength.",
      }),
      context,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      matchId: "bundesliga/bayern-munich-vs-borussia-dortmund",
      season: "2526",
      documentId: "matchPreview-bay-bvb",
      status: "draft",
      created: false,
      fields: ["bestPick", "confidence", "keyInsights", "managersNotes"],
    });
    expect((await context.content.getMatchPreview(BAYERN_DORTMUND, { preview: true }))?.bestPick).toBe(
      "Bayern München to Win",
    );
    expect((await context.content.getMatchPreview(BAYERN_DORTMUND, { preview: false }))?.bestPick).toBe(
      "Over 3.5 Goals",
    );
  });

  it("publishes when asked, and answers 201 for a fixture that had no preview", async () => {
    const { context } = setup();
    const response = await handleMatchUpdate(
      post({ match_id: "serie-a/napoli-vs-juventus", confidence_score: 60, final_prediction: "Draw", publish: true }),
      context,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      status: "published",
      created: true,
      documentId: "matchPreview-2526-serie-a-napoli-vs-juventus",
    });
    const key = { league: "serie-a", season: "2526", homeTeam: "napoli", awayTeam: "juventus" } as const;
    expect((await context.content.getMatchPreview(key, { preview: false }))?.bestPick).toBe("Draw");
  });

  it("lists every invalid field with a 400 and writes nothing", async () => {
    const { context, stored } = setup();
    const before = stored();
    const response = await handleMatchUpdate(
      post({
        match_id: "premier-league/arsenal-vs-arsenal",
        confidence_score: 140,
        projected_score: "2 to 1",
        extra: 1,
      }),
      context,
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Invalid update: nothing was written.");
    expect(body.issues.map((issue: { field: string }) => issue.field).sort()).toEqual([
      "confidence_score",
      "extra",
      "projected_score",
    ]);
    expect(stored()).toBe(before);

    const fixture = await handleMatchUpdate(
      post({ match_id: "premier-league/arsenal-vs-arsenal", confidence_score: 40 }),
      context,
    );
    expect(await fixture.json()).toMatchObject({
      issues: [{ field: "match_id", message: "The home and away teams must be different clubs" }],
    });
    const notJson = await handleMatchUpdate(post("{ match_id: nope"), context);
    expect(notJson.status).toBe(400);
    expect(stored()).toBe(before);
  });

  it.each([
    ["without a token", null],
    ["with a wrong token", "Bearer not-the-token-at-all"],
    ["with another scheme", `Basic ${TOKEN}`],
  ])("refuses a request %s with a 401 and writes nothing", async (_case, authorization) => {
    const { context, stored } = setup();
    const before = stored();
    const response = await handleMatchUpdate(
      post({ match_id: "premier-league/arsenal-vs-chelsea", confidence_score: 50 }, authorization),
      context,
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="content"');
    expect(stored()).toBe(before);
  });

  it("is closed (404) when CONTENT_AUTOMATION_TOKEN is unset", async () => {
    const { context } = setup({});
    const response = await handleMatchUpdate(
      post({ match_id: "premier-league/arsenal-vs-chelsea", confidence_score: 50 }),
      context,
    );
    expect(response.status).toBe(404);
  });

  it("refuses an oversized body", async () => {
    const { context } = setup();
    const response = await handleMatchUpdate(
      post({ match_id: "premier-league/arsenal-vs-chelsea", match_summary: "x".repeat(300_000) }),
      context,
    );
    expect(response.status).toBe(413);
  });

  it("stops reading a body that passes its cap, sent without a length", async () => {
    const { context, stored } = setup();
    const before = stored();
    // 100 MB in pieces of 64 KB, counting what the handler pulls.
    const piece = new TextEncoder().encode("x".repeat(64 * 1024));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ < 1600) controller.enqueue(piece);
        else controller.close();
      },
    });
    const request = new Request("http://localhost:3000/api/content/match-updates", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}` },
      body,
      duplex: "half",
    });
    const response = await handleMatchUpdate(request, context);
    expect(response.status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The cap (256 KB) and what is discarded to keep the connection usable (1 MB), not 100 MB.
    expect(pulled * 64 * 1024).toBeLessThan(2 * 1024 * 1024);
    expect(stored()).toBe(before);
  });
});
