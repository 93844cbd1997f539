import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, describe, expect, it } from "vitest";
import { testContentDocuments } from "../../shared/content/test-content";
import { handleContentWebhook } from "./content-webhook.server";
import { localContext, removeTemporaryDatasets, temporaryDataset } from "./test-context";

afterAll(removeTemporaryDatasets);

const SECRET = "webhook-secret-for-tests";
const PUBLISHED = { preview: false };

async function signedRequest(body: string, secret = SECRET, signedBody = body): Promise<Request> {
  return new Request("http://localhost:3000/api/content/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(signedBody, Date.now(), secret) },
    body,
  });
}

/** Changes the stored hero headline behind the cache's back, as an editor publishing would. */
function publishHeadline(file: string, headline: string) {
  const lines = readFileSync(file, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line));
  const next = lines.map((d) => (d._id === "siteSettings" ? { ...d, heroHeadline: headline } : d));
  writeFileSync(file, next.map((d) => JSON.stringify(d)).join("\n") + "\n");
  const later = new Date(Date.now() + 10_000);
  utimesSync(file, later, later);
}

describe("the Sanity webhook", () => {
  it("verifies the signature on the raw body and purges the affected cache entries", async () => {
    const file = temporaryDataset(testContentDocuments());
    const context = localContext({ SANITY_WEBHOOK_SECRET: SECRET }, file);
    expect((await context.content.getSiteSettings(PUBLISHED))?.heroHeadline).toBe("Smart Picks. Fast Plays.");
    publishHeadline(file, "A new headline");
    expect((await context.content.getSiteSettings(PUBLISHED))?.heroHeadline).toBe("Smart Picks. Fast Plays.");

    // Whitespace and key order as Sanity sent them: the signature covers these exact bytes.
    const body = '{ "_type": "siteSettings",  "_id": "siteSettings" }';
    const response = await handleContentWebhook(await signedRequest(body), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ purged: ["siteSettings"] });
    expect((await context.content.getSiteSettings(PUBLISHED))?.heroHeadline).toBe("A new headline");
  });

  it.each([
    ["signed with another secret", () => signedRequest('{"_id":"siteSettings","_type":"siteSettings"}', "another-secret-entirely")],
    ["a body changed after signing", () => signedRequest('{"_id":"siteSettings","_type":"siteSettings"}', SECRET, '{"_id":"x","_type":"y"}')],
    [
      "no signature",
      async () => new Request("http://localhost/api/content/webhook", { method: "POST", body: '{"_id":"siteSettings","_type":"siteSettings"}' }),
    ],
    [
      "a malformed signature",
      async () =>
        new Request("http://localhost/api/content/webhook", {
          method: "POST",
          headers: { [SIGNATURE_HEADER_NAME]: "t=1,v1=nonsense" },
          body: '{"_id":"siteSettings","_type":"siteSettings"}',
        }),
    ],
  ])("answers %s with a 401 and purges nothing", async (_case, makeRequest) => {
    const file = temporaryDataset(testContentDocuments());
    const context = localContext({ SANITY_WEBHOOK_SECRET: SECRET }, file);
    await context.content.getSiteSettings(PUBLISHED);
    publishHeadline(file, "Not yet");
    const response = await handleContentWebhook(await makeRequest(), context);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe("Missing or invalid sanity-webhook-signature header.");
    expect((await context.content.getSiteSettings(PUBLISHED))?.heroHeadline).toBe("Smart Picks. Fast Plays.");
  });

  it.each([
    ["not JSON", "not json", "The body is not JSON."],
    ["JSON without an _id", '{"_type":"siteSettings"}', "The body must describe the changed document: its _id and _type (see README.md, “Editorial content”)."],
  ])("answers a signed body that is %s with a 400", async (_case, body, error) => {
    const context = localContext({ SANITY_WEBHOOK_SECRET: SECRET }, temporaryDataset(testContentDocuments()));
    const response = await handleContentWebhook(await signedRequest(body), context);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(error);
  });

  it("does not exist without SANITY_WEBHOOK_SECRET", async () => {
    const context = localContext({}, temporaryDataset(testContentDocuments()));
    const response = await handleContentWebhook(await signedRequest('{"_id":"siteSettings","_type":"siteSettings"}'), context);
    expect(response.status).toBe(404);
  });
});
