import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import { createContent } from "@shared/content/content";
import { localContentSource } from "@shared/content/local-source";
import { testContentDocuments } from "@shared/content/test-content";
import type { DbHandle } from "@shared/db";
import { webhookDeliveries } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { handleContentWebhook, IDEMPOTENCY_HEADER_NAME, WEBHOOK_MAX_BODY_BYTES } from "./content-webhook.server";
import { removeTemporaryDatasets, temporaryDataset } from "~/test-context";

afterAll(removeTemporaryDatasets);

const SECRET = "webhook-secret-for-tests";
const PUBLISHED = { preview: false };
const SITE_SETTINGS = '{"_id":"siteSettings","_type":"siteSettings"}';
const MINUTE = 60_000;

async function signedRequest(
  body: string,
  {
    secret = SECRET,
    signedBody = body,
    timestamp = Date.now(),
    headers = {},
  }: { secret?: string; signedBody?: string; timestamp?: number; headers?: Record<string, string> } = {},
): Promise<Request> {
  return new Request("http://localhost:3000/api/content/webhook", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(signedBody, timestamp, secret),
      ...headers,
    },
    body,
  });
}

/** Changes the stored hero headline behind the cache's back, as an editor publishing would. */
function publishHeadline(file: string, headline: string) {
  const lines = readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
  const next = lines.map((d) => (d._id === "siteSettings" ? { ...d, heroHeadline: headline } : d));
  writeFileSync(file, next.map((d) => JSON.stringify(d)).join("\n") + "\n");
  const later = new Date(Date.now() + 10_000);
  utimesSync(file, later, later);
}

describe.each(testDatabases())("the Sanity webhook on $driver", (testDb) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());
  beforeEach(async () => {
    await db.db.delete(webhookDeliveries);
  });

  /** The webhook's context over a fresh copy of the test content, counting published-change notices (data-version bumps). */
  function setup(variables: Record<string, string> = { SANITY_WEBHOOK_SECRET: SECRET }) {
    const file = temporaryDataset(testContentDocuments());
    const notices = { count: 0 };
    const content = createContent(localContentSource(file), {
      warn: () => undefined,
      onPublishedChange: () => notices.count++,
    });
    return { file, notices, context: { env: parseEnv(variables), content, db } };
  }

  const headline = async (context: ReturnType<typeof setup>["context"]) =>
    (await context.content.getSiteSettings(PUBLISHED))?.heroHeadline;

  it("verifies the signature on the raw body and purges the affected cache entries", async () => {
    const { file, notices, context } = setup();
    expect(await headline(context)).toBe("Smart Picks. Fast Plays.");
    publishHeadline(file, "A new headline");
    expect(await headline(context)).toBe("Smart Picks. Fast Plays.");

    // Whitespace and key order as Sanity sent them: the signature covers these exact bytes.
    const body = '{ "_type": "siteSettings",  "_id": "siteSettings" }';
    const response = await handleContentWebhook(await signedRequest(body), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ purged: ["siteSettings"] });
    expect(await headline(context)).toBe("A new headline");
    expect(notices.count).toBe(1);
  });

  it.each([
    ["signed with another secret", () => signedRequest(SITE_SETTINGS, { secret: "another-secret-entirely" })],
    ["a body changed after signing", () => signedRequest(SITE_SETTINGS, { signedBody: '{"_id":"x","_type":"y"}' })],
    [
      "no signature",
      async () => new Request("http://localhost/api/content/webhook", { method: "POST", body: SITE_SETTINGS }),
    ],
    [
      "a malformed signature",
      async () =>
        new Request("http://localhost/api/content/webhook", {
          method: "POST",
          headers: { [SIGNATURE_HEADER_NAME]: "t=1,v1=nonsense" },
          body: SITE_SETTINGS,
        }),
    ],
  ])("answers %s with a 401 and purges nothing", async (_case, makeRequest) => {
    const { file, notices, context } = setup();
    await headline(context);
    publishHeadline(file, "Not yet");
    const response = await handleContentWebhook(await makeRequest(), context);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe("Missing or invalid sanity-webhook-signature header.");
    expect(await headline(context)).toBe("Smart Picks. Fast Plays.");
    expect(notices.count).toBe(0);
  });

  it.each([
    ["from 2021", Date.UTC(2021, 0, 2)],
    ["24 hours old", Date.now() - 24 * 60 * MINUTE],
    ["6 minutes old", Date.now() - 6 * MINUTE],
    ["6 minutes ahead", Date.now() + 6 * MINUTE],
    ["from the year 2100", Date.UTC(2100, 0, 1)],
  ])("refuses a correctly signed request %s with a 401 and changes nothing", async (_case, timestamp) => {
    const { file, notices, context } = setup();
    await headline(context);
    publishHeadline(file, "Not yet");
    const response = await handleContentWebhook(await signedRequest(SITE_SETTINGS, { timestamp }), context);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatch(/^Stale webhook timestamp/);
    expect(await headline(context)).toBe("Smart Picks. Fast Plays.");
    expect(notices.count).toBe(0);
    expect(await db.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it("accepts a timestamp up to 5 minutes either side of the server's clock", async () => {
    const now = Date.UTC(2026, 1, 7, 15, 50);
    const { context } = setup();
    for (const timestamp of [now - 5 * MINUTE, now - 4 * MINUTE, now + 4 * MINUTE, now + 5 * MINUTE]) {
      const response = await handleContentWebhook(await signedRequest(SITE_SETTINGS, { timestamp }), context, {
        now: () => now,
      });
      expect(response.status).toBe(200);
    }
    for (const timestamp of [now - 5 * MINUTE - 1, now + 5 * MINUTE + 1]) {
      expect(
        (await handleContentWebhook(await signedRequest(SITE_SETTINGS, { timestamp }), context, { now: () => now }))
          .status,
      ).toBe(401);
    }
  });

  it("answers an exact replay with a 409 and changes nothing", async () => {
    const { file, notices, context } = setup();
    const original = await signedRequest(SITE_SETTINGS, { headers: { [IDEMPOTENCY_HEADER_NAME]: "delivery-1" } });
    const replay = original.clone();
    expect((await handleContentWebhook(original, context)).status).toBe(200);
    expect(notices.count).toBe(1);

    expect(await headline(context)).toBe("Smart Picks. Fast Plays.");
    publishHeadline(file, "Changed since");
    expect(await headline(context)).toBe("Smart Picks. Fast Plays.");
    const response = await handleContentWebhook(replay, context);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatch(/^Delivery already received/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    // Nothing purged, no data-version bump.
    expect(await headline(context)).toBe("Smart Picks. Fast Plays.");
    expect(notices.count).toBe(1);
  });

  it("recognises a replay whatever its idempotency key says, and a redelivery of the same change by its key", async () => {
    const { notices, context } = setup();
    const timestamp = Date.now();
    const first = await signedRequest(SITE_SETTINGS, {
      timestamp,
      headers: { [IDEMPOTENCY_HEADER_NAME]: "delivery-2" },
    });
    expect((await handleContentWebhook(first, context)).status).toBe(200);
    // The same signed request with another (unsigned) key, or without one.
    const otherKey = await signedRequest(SITE_SETTINGS, {
      timestamp,
      headers: { [IDEMPOTENCY_HEADER_NAME]: "something-else" },
    });
    expect((await handleContentWebhook(otherKey, context)).status).toBe(409);
    expect((await handleContentWebhook(await signedRequest(SITE_SETTINGS, { timestamp }), context)).status).toBe(409);
    // Sanity delivering the same change again, signed anew.
    const redelivery = await signedRequest(SITE_SETTINGS, {
      timestamp: timestamp + 1000,
      headers: { [IDEMPOTENCY_HEADER_NAME]: "delivery-2" },
    });
    expect((await handleContentWebhook(redelivery, context)).status).toBe(409);
    expect(notices.count).toBe(1);
    // Another change is another delivery.
    const next = await signedRequest(SITE_SETTINGS, {
      timestamp: timestamp + 2000,
      headers: { [IDEMPOTENCY_HEADER_NAME]: "delivery-3" },
    });
    expect((await handleContentWebhook(next, context)).status).toBe(200);
    expect(notices.count).toBe(2);
  });

  it("recognises a replay sent to another web server sharing the database", async () => {
    const one = setup();
    const other = setup();
    const original = await signedRequest(SITE_SETTINGS);
    const replay = original.clone();
    expect((await handleContentWebhook(original, one.context)).status).toBe(200);
    expect((await handleContentWebhook(replay, other.context)).status).toBe(409);
    expect(other.notices.count).toBe(0);
  });

  it("forgets deliveries older than a day", async () => {
    await db.db.insert(webhookDeliveries).values([
      { key: "signature:old", receivedAt: new Date(Date.now() - 25 * 60 * MINUTE) },
      { key: "signature:recent", receivedAt: new Date(Date.now() - 60 * MINUTE) },
    ]);
    const { context } = setup();
    expect((await handleContentWebhook(await signedRequest(SITE_SETTINGS), context)).status).toBe(200);
    const keys = (await db.db.select({ key: webhookDeliveries.key }).from(webhookDeliveries)).map((row) => row.key);
    expect(keys).toContain("signature:recent");
    expect(keys).not.toContain("signature:old");
    expect(keys).toHaveLength(2);
  });

  it("answers 503 and changes nothing when the delivery cannot be recorded", async () => {
    const { notices, context } = setup();
    const failingInsert = {
      values: () => ({
        onConflictDoNothing: () => ({ returning: () => Promise.reject(new Error("connection refused")) }),
      }),
    };
    const broken = { ...context, db: { ...db, db: { insert: () => failingInsert } } } as unknown as typeof context;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await handleContentWebhook(await signedRequest(SITE_SETTINGS), broken);
      expect(response.status).toBe(503);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(notices.count).toBe(0);
  });

  it.each([
    ["not JSON", "not json", "The body is not JSON."],
    [
      "JSON without an _id",
      '{"_type":"siteSettings"}',
      "The body must describe the changed document: its _id and _type (see README.md, “Editorial content”).",
    ],
  ])("answers a signed body that is %s with a 400", async (_case, body, error) => {
    const { context } = setup();
    const response = await handleContentWebhook(await signedRequest(body), context);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(error);
  });

  it("refuses a body over its cap with a 413 before checking anything else", async () => {
    const { notices, context } = setup();
    const body = JSON.stringify({
      _id: "siteSettings",
      _type: "siteSettings",
      padding: "x".repeat(WEBHOOK_MAX_BODY_BYTES),
    });
    const response = await handleContentWebhook(await signedRequest(body), context);
    expect(response.status).toBe(413);
    expect(notices.count).toBe(0);
  });

  it("does not exist without SANITY_WEBHOOK_SECRET", async () => {
    const { context } = setup({});
    const response = await handleContentWebhook(await signedRequest(SITE_SETTINGS), context);
    expect(response.status).toBe(404);
  });

  it("keeps the deliveries table to its two columns", async () => {
    const columns = await db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'webhook_deliveries' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(["key", "received_at"]);
  });
});
