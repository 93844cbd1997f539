import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { connect } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type MutationEvent, type SanityClient } from "@sanity/client";
import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_EDITOR_TOKEN, startContentLake, type ContentLake } from "./content-lake";

const DOCUMENTS = [
  { _id: "siteSettings", _type: "siteSettings", heroTitle: "Published hero" },
  { _id: "drafts.siteSettings", _type: "siteSettings", heroTitle: "Draft hero" },
  {
    _id: "teamProfile-arsenal",
    _type: "teamProfile",
    league: "premier-league",
    team: "arsenal",
    notes: "Published notes",
  },
];

const WEBHOOK_SECRET = "a-webhook-secret-for-the-stand-in";

describe("the Content Lake stand-in", () => {
  let folder: string;
  let lake: ContentLake;
  let editor: SanityClient;
  let anonymous: SanityClient;
  let hook: Server;
  const received: Array<{ body: string; signature: string }> = [];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "content-lake-"));
    const datasetFile = path.join(folder, "dataset.ndjson");
    await writeFile(datasetFile, DOCUMENTS.map((document) => JSON.stringify(document)).join("\n") + "\n");
    hook = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({
          body: Buffer.concat(chunks).toString("utf8"),
          signature: String(request.headers[SIGNATURE_HEADER_NAME]),
        });
        response.end("{}");
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    lake = await startContentLake({
      datasetFile,
      persistTo: path.join(folder, "saved.ndjson"),
      certificateDir: path.join(folder, "tls"),
      webhook: { url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`, secret: WEBHOOK_SECRET },
    });
    const base = {
      projectId: lake.projectId,
      dataset: lake.dataset,
      apiVersion: "2025-02-19",
      apiHost: lake.httpApiHost,
      useProjectHostname: false,
      useCdn: false,
    };
    editor = createClient({ ...base, token: LOCAL_EDITOR_TOKEN, perspective: "raw" });
    anonymous = createClient({ ...base, perspective: "published" });
  });

  afterAll(async () => {
    await lake?.close();
    await new Promise<void>((resolve) => hook?.close(() => resolve()));
    await rm(folder, { recursive: true, force: true });
  });

  it("answers queries in the raw, published and drafts perspectives, and shows drafts only with a token", async () => {
    expect(await editor.fetch(`*[_type == "siteSettings"].heroTitle | order(@ asc)`)).toEqual([
      "Draft hero",
      "Published hero",
    ]);
    expect(await editor.fetch(`*[_id == "siteSettings"][0].heroTitle`, {}, { perspective: "drafts" })).toBe(
      "Draft hero",
    );
    expect(await editor.fetch(`*[_id == $id][0].heroTitle`, { id: "siteSettings" }, { perspective: "published" })).toBe(
      "Published hero",
    );
    expect(await anonymous.fetch(`*[_id == "siteSettings"][0].heroTitle`, {}, { perspective: "drafts" })).toBe(
      "Published hero",
    );
    await expect(anonymous.fetch(`*[_type == `)).rejects.toThrow();
  });

  it("writes through the Actions API as one transaction, echoed to listeners with the writer's transaction id", async () => {
    const events: MutationEvent[] = [];
    const subscription = editor
      .listen(
        `*[_type == "teamProfile"]`,
        {},
        { includeResult: true, effectFormat: "mendoza", events: ["welcome", "mutation"] },
      )
      .subscribe((event) => {
        if (event.type === "mutation") events.push(event);
      });
    await until(
      () => lake.requests.some((request) => request.path.includes("/data/listen/")),
      "the listener to connect",
    );

    const created = await editor.action(
      [
        {
          actionType: "sanity.action.document.create",
          publishedId: "teamProfile-chelsea",
          attributes: {
            _id: "drafts.teamProfile-chelsea",
            _type: "teamProfile",
            league: "premier-league",
            team: "chelsea",
          },
          ifExists: "fail",
        },
        {
          actionType: "sanity.action.document.edit",
          publishedId: "teamProfile-chelsea",
          draftId: "drafts.teamProfile-chelsea",
          patch: { set: { notes: "Draft notes" } },
        },
      ],
      { transactionId: "tx-create-and-edit" },
    );
    expect(created.transactionId).toBe("tx-create-and-edit");
    await editor.action(
      {
        actionType: "sanity.action.document.publish",
        publishedId: "teamProfile-chelsea",
        draftId: "drafts.teamProfile-chelsea",
      },
      { transactionId: "tx-publish" },
    );

    await until(() => events.length >= 3, "three mutation events");
    subscription.unsubscribe();
    const [appear, publishedAppear, draftGone] = events;
    expect(appear).toMatchObject({
      documentId: "drafts.teamProfile-chelsea",
      transactionId: "tx-create-and-edit",
      transition: "appear",
      resultRev: "tx-create-and-edit",
    });
    expect(appear).not.toHaveProperty("previousRev");
    expect((appear.effects as { apply: unknown }).apply).toEqual([
      0,
      expect.objectContaining({ notes: "Draft notes", team: "chelsea" }),
    ]);
    expect(publishedAppear).toMatchObject({
      documentId: "teamProfile-chelsea",
      transactionId: "tx-publish",
      transition: "appear",
    });
    expect(draftGone).toMatchObject({
      documentId: "drafts.teamProfile-chelsea",
      transactionId: "tx-publish",
      transition: "disappear",
      previousRev: "tx-create-and-edit",
    });
    expect(await anonymous.fetch(`*[_id == "teamProfile-chelsea"][0].notes`)).toBe("Draft notes");
    expect(await editor.getDocument("drafts.teamProfile-chelsea")).toBeUndefined();
  });

  it("applies patches with Sanity's semantics, checks revisions, and keeps a transaction all or nothing", async () => {
    const before = (await editor.getDocument("teamProfile-arsenal"))!;
    await editor
      .patch("teamProfile-arsenal")
      .setIfMissing({ keyFacts: [], rating: 0 })
      .insert("after", "keyFacts[-1]", [{ _key: "a", text: "Founded 1886" }])
      .inc({ rating: 1 })
      .commit();
    const after = (await editor.getDocument("teamProfile-arsenal"))!;
    expect(after.keyFacts).toEqual([{ _key: "a", text: "Founded 1886" }]);
    expect(after.rating).toBe(1);
    expect(after._rev).not.toBe(before._rev);

    await expect(
      editor.patch("teamProfile-arsenal").ifRevisionId(before._rev).set({ notes: "stale" }).commit(),
    ).rejects.toThrow(/unexpected revision/);
    await expect(
      editor
        .transaction()
        .patch("teamProfile-arsenal", { set: { notes: "half" } })
        .create({ _id: "siteSettings", _type: "siteSettings" })
        .commit(),
    ).rejects.toThrow(/already exists/);
    expect(await editor.fetch(`*[_id == "teamProfile-arsenal"][0].notes`)).toBe("Published notes");
    await expect(anonymous.create({ _type: "teamProfile" })).rejects.toMatchObject({ statusCode: 401 });

    // By query, as the Presentation tool clears expired preview secrets.
    await editor.create({ _id: "secret-a", _type: "sanity.previewUrlSecret", secret: "a" });
    await editor.create({ _id: "secret-b", _type: "sanity.previewUrlSecret", secret: "b" });
    await editor.delete({ query: `*[_type == $type && secret == "a"]`, params: { type: "sanity.previewUrlSecret" } });
    expect(await editor.fetch(`*[_type == "sanity.previewUrlSecret"]._id`)).toEqual(["secret-b"]);
  });

  it("signs a webhook for each published change with the site's projection, and none for drafts", async () => {
    const count = received.length;
    await editor.createOrReplace({
      _id: "drafts.teamProfile-arsenal",
      _type: "teamProfile",
      league: "premier-league",
      team: "arsenal",
    });
    await editor.patch("teamProfile-arsenal").set({ notes: "Webhook notes" }).commit();
    await until(() => received.length > count, "a webhook delivery");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const deliveries = received.slice(count);
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(await isValidSignature(delivery.body, delivery.signature, WEBHOOK_SECRET)).toBe(true);
    expect(await isValidSignature(delivery.body, delivery.signature, "another-secret-entirely")).toBe(false);
    expect(JSON.parse(delivery.body)).toMatchObject({
      _id: "teamProfile-arsenal",
      _type: "teamProfile",
      team: "arsenal",
      before: { team: "arsenal" },
    });
  });

  it("writes the dataset back to its NDJSON file", async () => {
    await lake.data.flush();
    const saved = (await readFile(path.join(folder, "saved.ndjson"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(saved.find((document: { _id: string }) => document._id === "teamProfile-chelsea")).toMatchObject({
      notes: "Draft notes",
    });
  });

  it("speaks HTTP/2 over TLS, and answers a bad request with a 4xx, not a crash", async () => {
    const session = connect(`https://127.0.0.1:${lake.port}`, { rejectUnauthorized: false });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({
          ":path": `/v2025-02-19/data/query/${lake.dataset}?query=${encodeURIComponent("count(*)")}`,
          authorization: `Bearer ${LOCAL_EDITOR_TOKEN}`,
        });
        let status = 0;
        let body = "";
        stream.on("response", (headers) => (status = Number(headers[":status"])));
        stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        stream.on("end", () => resolve({ status, body }));
        stream.on("error", reject);
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).result).toBeGreaterThan(2);
    } finally {
      session.close();
    }
    const bad = await fetch(`${lake.httpApiHost}/v2025-02-19/data/mutate/${lake.dataset}`, {
      method: "POST",
      headers: { authorization: `Bearer ${LOCAL_EDITOR_TOKEN}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    const wrongDataset = await fetch(`${lake.httpApiHost}/v2025-02-19/data/query/other?query=*`);
    expect(wrongDataset.status).toBe(404);
  });
});

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
