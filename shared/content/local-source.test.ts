import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentsInPerspective, localContentSource, serializeDataset } from "./local-source";
import { ContentSourceError } from "./source";

const directory = mkdtempSync(path.join(tmpdir(), "local-source-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function datasetFile(text: string): string {
  const file = path.join(directory, `${Math.random().toString(36).slice(2)}.ndjson`);
  writeFileSync(file, text);
  return file;
}

const documents = [
  { _id: "a", _type: "page", title: "A" },
  { _id: "drafts.a", _type: "page", title: "A (draft)" },
  { _id: "drafts.b", _type: "page", title: "B (draft only)" },
  { _id: "versions.r1.a", _type: "page", title: "A (release)" },
];

describe("perspectives over the local dataset", () => {
  it("published: no drafts, no release versions", () => {
    expect(documentsInPerspective(documents, "published").map((d) => d.title)).toEqual(["A"]);
  });
  it("drafts: each draft in place of its published document, under the published id", () => {
    expect(documentsInPerspective(documents, "drafts")).toEqual([
      { _id: "a", _originalId: "drafts.a", _type: "page", title: "A (draft)" },
      { _id: "b", _originalId: "drafts.b", _type: "page", title: "B (draft only)" },
    ]);
  });
  it("raw: everything stored", () => {
    expect(documentsInPerspective(documents, "raw")).toHaveLength(4);
  });
});

describe("the local content source", () => {
  it("names the line of a malformed dataset", async () => {
    const file = datasetFile('{"_id":"a","_type":"page"}\n{"_id": oops}\n');
    await expect(localContentSource(file).query("*", {}, "published")).rejects.toThrow(
      `${file}:2: not a JSON document`,
    );
    const untyped = datasetFile('{"_id":"a"}\n');
    await expect(localContentSource(untyped).query("*", {}, "published")).rejects.toThrow(
      ":1: a document needs a string _id and _type",
    );
  });

  it("tells the operator which variable points at a missing dataset", async () => {
    const error = await localContentSource(path.join(directory, "missing.ndjson"))
      .query("*", {}, "published")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentSourceError);
    expect((error as Error).message).toContain("set LOCAL_CONTENT_FILE");
  });

  it("picks up edits made to the file by hand", async () => {
    const file = datasetFile(serializeDataset([{ _id: "a", _type: "page", title: "Before" }]));
    const source = localContentSource(file);
    expect(await source.query('*[_id == "a"][0].title', {}, "published")).toBe("Before");
    writeFileSync(file, serializeDataset([{ _id: "a", _type: "page", title: "After" }]));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(await source.query('*[_id == "a"][0].title', {}, "published")).toBe("After");
  });

  it("rewrites the file in place of the old one, stamping revision and times, and leaves no temporary file", async () => {
    const file = datasetFile(serializeDataset([{ _id: "a", _type: "page", title: "A", _rev: "r1" }]));
    const source = localContentSource(file, { now: () => new Date("2026-02-07T15:50:00Z") });
    await Promise.all([
      source.commit([{ patch: { id: "a", set: { title: "A2" }, ifRevisionID: "r1" } }]),
      source.commit([{ create: { _id: "drafts.b", _type: "page", title: "B" } }]),
    ]);
    const lines = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ _id: "a", title: "A2", _updatedAt: "2026-02-07T15:50:00.000Z" });
    expect(lines[0]._rev).not.toBe("r1");
    expect(lines[1]).toMatchObject({
      _id: "drafts.b",
      _createdAt: "2026-02-07T15:50:00.000Z",
      _updatedAt: "2026-02-07T15:50:00.000Z",
    });
    expect(readdirSync(directory).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
