/**
 * The local content source: a dataset in the NDJSON format `sanity dataset export` writes and
 * `sanity dataset import` reads (one document per line, drafts under `drafts.` ids), queried
 * with groq-js. groq-js has no perspectives, so they are applied here before evaluating: the
 * published view drops drafts and release versions; the drafts view lays each draft over its
 * published document, as Sanity's `drafts` perspective does.
 *
 * Writes rewrite the file atomically (a temporary file renamed over it), so a reader never
 * sees half a dataset and a failed transaction leaves the file as it was. Writes from this
 * process are serialised; the file is reread when its modification time changes, so edits by
 * hand show up without a restart.
 */
import { randomBytes } from "node:crypto";
import { readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { evaluate, parse } from "groq-js";
import {
  ContentConflictError,
  ContentSourceError,
  type ContentDocument,
  type ContentMutation,
  type ContentSource,
  type Perspective,
  type QueryParams,
} from "./source";
import { isDraftId, isVersionId, publishedIdOf } from "./ids";

export interface LocalContentSourceOptions {
  /** The time written into `_createdAt` and `_updatedAt`. */
  now?: () => Date;
}

interface LoadedDataset {
  mtimeMs: number;
  documents: ContentDocument[];
}

/** Parses NDJSON text; a bad line is named by its number. */
export function parseDatasetLines(text: string, file: string): ContentDocument[] {
  const documents: ContentDocument[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new ContentSourceError(`${file}:${index + 1}: not a JSON document (${(error as Error).message})`);
    }
    const document = value as Partial<ContentDocument> | null;
    if (
      typeof document !== "object" ||
      document === null ||
      typeof document._id !== "string" ||
      typeof document._type !== "string"
    ) {
      throw new ContentSourceError(`${file}:${index + 1}: a document needs a string _id and _type`);
    }
    documents.push(document as ContentDocument);
  });
  return documents;
}

export function serializeDataset(documents: readonly ContentDocument[]): string {
  return documents.map((document) => JSON.stringify(document)).join("\n") + "\n";
}

/** The documents a query sees in a perspective. */
export function documentsInPerspective(
  documents: readonly ContentDocument[],
  perspective: Perspective,
): ContentDocument[] {
  if (perspective === "raw") return [...documents];
  const published = documents.filter((d) => !isDraftId(d._id) && !isVersionId(d._id));
  if (perspective === "published") return published;
  const drafts = new Map(
    documents
      .filter((d) => isDraftId(d._id))
      .map((d) => [publishedIdOf(d._id), { ...d, _id: publishedIdOf(d._id), _originalId: d._id }]),
  );
  const publishedIds = new Set(published.map((d) => d._id));
  const overlaid = published.map((d) => drafts.get(d._id) ?? d);
  const draftOnly = [...drafts.values()].filter((d) => !publishedIds.has(d._id));
  return [...overlaid, ...draftOnly];
}

function newRevision(): string {
  return randomBytes(11).toString("base64url");
}

/** Applies a transaction to a copy of the documents; throws without touching the input. */
function applyMutations(
  documents: readonly ContentDocument[],
  mutations: readonly ContentMutation[],
  now: Date,
): ContentDocument[] {
  const next = [...documents];
  const timestamp = now.toISOString();
  for (const mutation of mutations) {
    if ("create" in mutation) {
      const document = mutation.create;
      if (next.some((d) => d._id === document._id)) {
        throw new ContentConflictError(`Document ${document._id} already exists`);
      }
      next.push({ ...document, _createdAt: timestamp, _updatedAt: timestamp, _rev: newRevision() });
    } else {
      const { id, set, ifRevisionID } = mutation.patch;
      const index = next.findIndex((d) => d._id === id);
      if (index < 0) throw new ContentConflictError(`Document ${id} does not exist`);
      if (ifRevisionID !== undefined && next[index]._rev !== ifRevisionID) {
        throw new ContentConflictError(`Document ${id} changed since it was read (revision ${ifRevisionID})`);
      }
      next[index] = { ...next[index], ...set, _updatedAt: timestamp, _rev: newRevision() };
    }
  }
  return next;
}

export function localContentSource(file: string, options: LocalContentSourceOptions = {}): ContentSource {
  const now = options.now ?? (() => new Date());
  let loaded: LoadedDataset | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function load(): Promise<ContentDocument[]> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch (error) {
      throw new ContentSourceError(
        `The local content dataset ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); set LOCAL_CONTENT_FILE to an NDJSON file`,
        { cause: error },
      );
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, documents: parseDatasetLines(await readFile(file, "utf8"), file) };
    }
    return loaded.documents;
  }

  async function write(documents: ContentDocument[]): Promise<void> {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, serializeDataset(documents), "utf8");
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw new ContentSourceError(`Could not write ${file}: ${(error as Error).message}`, { cause: error });
    }
    loaded = null;
  }

  return {
    kind: "local",
    canReadDrafts: true,
    canWrite: true,
    async query(query: string, params: QueryParams, perspective: Perspective) {
      const dataset = documentsInPerspective(await load(), perspective);
      const tree = parse(query, { params });
      const result = await evaluate(tree, { dataset, params, timestamp: now() });
      return (await result.get()) as unknown;
    },
    commit(mutations: readonly ContentMutation[]) {
      const run = writing.then(async () => {
        const documents = await load();
        await write(applyMutations(documents, mutations, now()));
      });
      writing = run.catch(() => undefined);
      return run;
    },
    async checkPresentationSecret() {
      return { valid: false };
    },
  };
}
