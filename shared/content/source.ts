/**
 * The content source: where editorial documents live. One interface, two implementations:
 * Sanity's Content Lake (sanity-source.ts) and the local NDJSON dataset (local-source.ts).
 * Both run the same GROQ and accept the same mutations; everything above this interface
 * (queries, parsing, caching, adapters) is shared.
 */

/**
 * Which version of each document a query sees: `published` only published documents;
 * `drafts` each draft in place of its published document (what an editor previews); `raw`
 * every stored document, drafts under their own `drafts.` ids.
 */
export type Perspective = "published" | "drafts" | "raw";

export type QueryParams = Record<string, unknown>;

/** A stored document, system fields included. */
export interface ContentDocument {
  _id: string;
  _type: string;
  _rev?: string;
  _createdAt?: string;
  _updatedAt?: string;
  [field: string]: unknown;
}

/**
 * Sanity's mutation format, the subset content automation needs. A transaction applies all of
 * its mutations or none. `create` fails when the id exists; `patch` fails when the document is
 * missing or, with `ifRevisionID`, when it changed since it was read.
 */
export type ContentMutation =
  { create: ContentDocument } | { patch: { id: string; set: Record<string, unknown>; ifRevisionID?: string } };

export interface ContentSource {
  readonly kind: "sanity" | "local";
  /** Drafts are readable: always locally; on Sanity with a read token. */
  readonly canReadDrafts: boolean;
  /** Mutations can be committed: always locally; on Sanity with a write token. */
  readonly canWrite: boolean;
  /** Runs a GROQ query; the caller parses the result. */
  query(query: string, params: QueryParams, perspective: Perspective): Promise<unknown>;
  /** Applies the mutations as one transaction. */
  commit(mutations: readonly ContentMutation[]): Promise<void>;
  /**
   * Whether a preview URL carries a secret the Studio's Presentation tool stored in this
   * dataset (always false for the local dataset, which has no Studio); if so, the page to open.
   */
  checkPresentationSecret(previewUrl: string): Promise<PresentationSecretCheck>;
}

export interface PresentationSecretCheck {
  valid: boolean;
  /** The path (and query) the Presentation tool asked for. */
  redirectTo?: string;
}

/** A write lost a race with another writer: read again and retry. */
export class ContentConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContentConflictError";
  }
}

/** The source cannot be read or written: the operator has a configuration or an outage to fix. */
export class ContentSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ContentSourceError";
  }
}
