/**
 * The Content Lake stand-in's dataset: documents in memory (loaded from, and optionally written
 * back to, an NDJSON file), revisions, a transaction log, and Sanity's write semantics for
 * mutations (`/data/mutate`) and document actions (`/data/actions`). Patches are applied by
 * `@sanity/mutator`, the library Sanity's own clients use, never by hand.
 *
 * A development and test stand-in, not a product: one dataset, no access control beyond the
 * tokens the server knows, no releases.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { Mutation } from "@sanity/mutator";

export type LakeDocument = {
  _id: string;
  _type: string;
  _rev?: string;
  _createdAt?: string;
  _updatedAt?: string;
  [field: string]: unknown;
};

/** A raw Sanity mutation, as `/data/mutate` takes it. */
export type RawMutation = Record<string, unknown>;

export interface DocumentChange {
  id: string;
  before: LakeDocument | null;
  after: LakeDocument | null;
  /** The mutations as a listener reports them (for this document). */
  mutations: RawMutation[];
}

export interface Transaction {
  id: string;
  timestamp: string;
  author: string;
  changes: DocumentChange[];
}

export class LakeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export const DRAFTS_PREFIX = "drafts.";
export const isDraftId = (id: string) => id.startsWith(DRAFTS_PREFIX);
export const isVersionId = (id: string) => id.startsWith("versions.");
export const publishedIdOf = (id: string) => (isDraftId(id) ? id.slice(DRAFTS_PREFIX.length) : id);
export const draftIdOf = (id: string) => (isDraftId(id) ? id : `${DRAFTS_PREFIX}${id}`);

export const newRevision = () => randomBytes(11).toString("base64url").slice(0, 22);
const newId = () => randomBytes(12).toString("hex");

/** Reads an NDJSON export (one document a line; blank lines allowed). */
export function readNdjson(file: string): LakeDocument[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      const document = JSON.parse(line) as LakeDocument;
      if (typeof document._id !== "string" || typeof document._type !== "string") {
        throw new Error(`${file}:${index + 1}: a document needs an _id and a _type`);
      }
      return document;
    });
}

function applyOne(mutation: Mutation, document: LakeDocument | null): LakeDocument | null {
  return mutation.apply(document) ?? null;
}

/** The ids a raw mutation touches. */
function targetIds(mutation: RawMutation, all: () => string[]): string[] {
  const [kind, body] = Object.entries(mutation)[0] ?? [];
  const value = body as { _id?: string; id?: string; query?: string } | undefined;
  if (!kind || !value) throw new LakeError(400, "mutationError", "A mutation must be an object with one key.");
  if (kind === "create" || kind === "createIfNotExists" || kind === "createOrReplace") {
    if (kind !== "create" && typeof value._id !== "string")
      throw new LakeError(400, "mutationError", `${kind} needs an _id.`);
    return [value._id ?? newId()];
  }
  if (kind === "delete" || kind === "patch") {
    if (typeof value.id === "string") return [value.id];
    if (typeof value.query === "string")
      throw new LakeError(400, "mutationError", "Mutations by query are not supported by this stand-in.");
    throw new LakeError(400, "mutationError", `${kind} needs an id.`);
  }
  void all;
  throw new LakeError(400, "mutationError", `Unknown mutation "${kind}".`);
}

export class Dataset {
  private readonly documents = new Map<string, LakeDocument>();
  readonly transactions: Transaction[] = [];
  private readonly subscribers = new Set<(transaction: Transaction) => void>();
  private persisting: Promise<void> = Promise.resolve();

  constructor(
    documents: readonly LakeDocument[],
    /** Where to write the dataset after every transaction (NDJSON), if anywhere. */
    private readonly file?: string,
  ) {
    const now = new Date().toISOString();
    for (const document of documents) {
      this.documents.set(document._id, {
        _createdAt: now,
        _updatedAt: now,
        ...document,
        _rev: document._rev ?? newRevision(),
      });
    }
  }

  all(): LakeDocument[] {
    return [...this.documents.values()];
  }

  get(id: string): LakeDocument | null {
    return this.documents.get(id) ?? null;
  }

  subscribe(listener: (transaction: Transaction) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** Writes are serialised: the file always holds a whole dataset. */
  flush(): Promise<void> {
    return this.persisting;
  }

  /**
   * Applies raw mutations as one transaction: all or nothing. `ifRevisionID` on a patch is
   * checked against the document's current revision (409 otherwise).
   */
  mutate(mutations: readonly RawMutation[], options: { transactionId?: string; author: string }): Transaction {
    const working = new Map<string, LakeDocument | null>();
    const touched: Array<{ id: string; mutation: RawMutation }> = [];
    const current = (id: string) => (working.has(id) ? working.get(id)! : this.get(id));
    for (const raw of mutations) {
      for (const id of targetIds(raw, () => [...this.documents.keys()])) {
        const [kind, body] = Object.entries(raw)[0] as [string, Record<string, unknown>];
        const before = current(id);
        const normalized: RawMutation = kind.startsWith("create") ? { [kind]: { ...body, _id: id } } : raw;
        if (kind === "create" && before)
          throw new LakeError(409, "mutationError", `Document by ID "${id}" already exists`);
        if (kind === "patch") {
          if (!before) throw new LakeError(404, "mutationError", `Document "${id}" not found`);
          const ifRevisionID = body.ifRevisionID;
          if (typeof ifRevisionID === "string" && ifRevisionID !== before._rev) {
            throw new LakeError(
              409,
              "mutationError",
              `Document "${id}" has unexpected revision ID ("${before._rev}"), expected "${ifRevisionID}"`,
            );
          }
        }
        let after: LakeDocument | null;
        try {
          after = applyOne(new Mutation({ mutations: [normalized] as never }), before);
        } catch (error) {
          throw new LakeError(400, "mutationError", `Cannot apply ${kind} to "${id}": ${(error as Error).message}`);
        }
        if (after && typeof after._type !== "string")
          throw new LakeError(400, "mutationError", `Document "${id}" needs a _type.`);
        working.set(id, after);
        touched.push({ id, mutation: normalized });
      }
    }
    return this.commit(working, touched, options);
  }

  private commit(
    working: Map<string, LakeDocument | null>,
    touched: Array<{ id: string; mutation: RawMutation }>,
    options: { transactionId?: string; author: string },
  ): Transaction {
    const id = options.transactionId || newId();
    const timestamp = new Date().toISOString();
    const changes: DocumentChange[] = [];
    for (const [documentId, next] of working) {
      const before = this.get(documentId);
      if (!before && !next) continue;
      let after: LakeDocument | null = null;
      if (next) {
        after = {
          ...next,
          _id: documentId,
          _rev: id,
          _createdAt: before?._createdAt ?? timestamp,
          _updatedAt: timestamp,
        };
        this.documents.set(documentId, after);
      } else {
        this.documents.delete(documentId);
      }
      const mutations = touched.filter((entry) => entry.id === documentId).map((entry) => entry.mutation);
      changes.push({ id: documentId, before, after, mutations });
    }
    const transaction: Transaction = { id, timestamp, author: options.author, changes };
    this.transactions.push(transaction);
    if (this.file) {
      const file = this.file;
      const text =
        this.all()
          .map((document) => JSON.stringify(document))
          .join("\n") + "\n";
      this.persisting = this.persisting.then(async () => {
        const partial = `${file}.${process.pid}.tmp`;
        await writeFile(partial, text);
        await rename(partial, file);
      });
    }
    for (const subscriber of this.subscribers) subscriber(transaction);
    return transaction;
  }

  /**
   * The Actions API (`POST /data/actions/{dataset}`), which the Studio writes with: create and
   * edit a draft, publish, unpublish, discard, delete, replace a draft. All actions of one
   * request are one transaction.
   */
  act(actions: readonly DocumentAction[], options: { transactionId?: string; author: string }): Transaction {
    const mutations: RawMutation[] = [];
    // Each action sees the documents as the earlier actions of the request left them.
    const view = new Map<string, LakeDocument | null>();
    const current = (id: string) => (view.has(id) ? view.get(id)! : this.get(id));
    const put = (id: string, document: LakeDocument | null) => view.set(id, document);

    for (const action of actions) {
      switch (action.actionType) {
        case "sanity.action.document.create": {
          const attributes = action.attributes ?? ({} as LakeDocument);
          const draftId =
            typeof attributes._id === "string" && attributes._id ? attributes._id : draftIdOf(action.publishedId);
          if (publishedIdOf(draftId) !== action.publishedId)
            throw new LakeError(400, "actionError", "The draft id must match the published id.");
          if (current(draftId)) {
            if (action.ifExists === "ignore") break;
            throw new LakeError(409, "actionError", `Document by ID "${draftId}" already exists`);
          }
          const created = { ...attributes, _id: draftId } as LakeDocument;
          mutations.push({ create: created });
          put(draftId, created);
          break;
        }
        case "sanity.action.document.edit": {
          const draftId = action.draftId ?? draftIdOf(action.publishedId);
          let base = current(draftId);
          if (!base) {
            const published = current(action.publishedId);
            if (!published)
              throw new LakeError(
                409,
                "actionError",
                `Cannot edit "${action.publishedId}": it has neither a draft nor a published version.`,
              );
            base = { ...published, _id: draftId };
            mutations.push({ createIfNotExists: base });
          }
          const patch = { ...(action.patch ?? {}), id: draftId };
          mutations.push({ patch });
          put(draftId, applyOne(new Mutation({ mutations: [{ patch }] as never }), base));
          break;
        }
        case "sanity.action.document.publish": {
          const draftId = action.draftId ?? draftIdOf(action.publishedId);
          const draft = current(draftId);
          if (!draft)
            throw new LakeError(409, "actionError", `Cannot publish "${action.publishedId}": it has no draft.`);
          if (action.ifDraftRevisionId && draft._rev !== action.ifDraftRevisionId) {
            throw new LakeError(
              409,
              "actionError",
              `The draft of "${action.publishedId}" changed since it was read (revision ${draft._rev}, expected ${action.ifDraftRevisionId}).`,
            );
          }
          const published = current(action.publishedId);
          if (action.ifPublishedRevisionId && published?._rev !== action.ifPublishedRevisionId) {
            throw new LakeError(409, "actionError", `The published "${action.publishedId}" changed since it was read.`);
          }
          const next = { ...draft, _id: action.publishedId } as LakeDocument;
          delete next._rev;
          mutations.push({ createOrReplace: next }, { delete: { id: draftId } });
          put(action.publishedId, next);
          put(draftId, null);
          break;
        }
        case "sanity.action.document.unpublish": {
          const draftId = action.draftId ?? draftIdOf(action.publishedId);
          const published = current(action.publishedId);
          if (!published)
            throw new LakeError(409, "actionError", `Cannot unpublish "${action.publishedId}": it is not published.`);
          if (!current(draftId)) {
            const draft = { ...published, _id: draftId } as LakeDocument;
            mutations.push({ create: draft });
            put(draftId, draft);
          }
          mutations.push({ delete: { id: action.publishedId } });
          put(action.publishedId, null);
          break;
        }
        case "sanity.action.document.discard":
        case "sanity.action.document.version.discard": {
          const draftId = action.draftId ?? action.versionId;
          if (!draftId || !current(draftId))
            throw new LakeError(409, "actionError", `Nothing to discard: "${draftId}" does not exist.`);
          mutations.push({ delete: { id: draftId } });
          put(draftId, null);
          break;
        }
        case "sanity.action.document.delete": {
          for (const id of [action.publishedId, ...(action.includeDrafts ?? [])]) {
            if (current(id)) {
              mutations.push({ delete: { id } });
              put(id, null);
            }
          }
          break;
        }
        case "sanity.action.document.replaceDraft": {
          const attributes = action.attributes ?? ({} as LakeDocument);
          const draftId = draftIdOf(action.publishedId);
          const next = { ...attributes, _id: draftId } as LakeDocument;
          mutations.push({ createOrReplace: next });
          put(draftId, next);
          break;
        }
        default:
          throw new LakeError(
            400,
            "actionError",
            `Action "${(action as { actionType?: string }).actionType}" is not supported by this stand-in.`,
          );
      }
    }
    return this.mutate(mutations, options);
  }
}

export type DocumentAction =
  | {
      actionType: "sanity.action.document.create";
      publishedId: string;
      attributes?: LakeDocument;
      ifExists?: "fail" | "ignore";
    }
  | {
      actionType: "sanity.action.document.edit";
      publishedId: string;
      draftId?: string;
      patch?: Record<string, unknown>;
    }
  | {
      actionType: "sanity.action.document.publish";
      publishedId: string;
      draftId?: string;
      ifDraftRevisionId?: string;
      ifPublishedRevisionId?: string;
    }
  | { actionType: "sanity.action.document.unpublish"; publishedId: string; draftId?: string }
  | { actionType: "sanity.action.document.discard"; draftId?: string; versionId?: undefined; purge?: boolean }
  | { actionType: "sanity.action.document.version.discard"; versionId?: string; draftId?: undefined }
  | { actionType: "sanity.action.document.delete"; publishedId: string; includeDrafts?: string[] }
  | { actionType: "sanity.action.document.replaceDraft"; publishedId: string; attributes?: LakeDocument };
