/**
 * The Sanity content source, through @sanity/client. Public pages read the `published`
 * perspective through the API CDN without a token; preview reads the `drafts` perspective with
 * the read token and never through the CDN (drafts are private and must be fresh); automation
 * reads `raw` and writes with the write token.
 */
import { createClient, type ClientConfig, type SanityClient } from "@sanity/client";
import { validatePreviewUrl } from "@sanity/preview-url-secret";
import {
  ContentConflictError,
  ContentSourceError,
  type ContentMutation,
  type ContentSource,
  type Perspective,
  type QueryParams,
} from "./source";

export interface SanityContentSourceOptions {
  projectId: string;
  dataset: string;
  apiVersion: string;
  readToken?: string;
  writeToken?: string;
  /** Where the API is (tests point it at a local server): apiHost, useProjectHostname. */
  connection?: Pick<ClientConfig, "apiHost" | "useProjectHostname">;
}

/** A page must not wait long for content: past these the caller falls back to its defaults. */
const REQUEST_TIMEOUT_MS = 8_000;
const MAX_RETRIES = 2;
const retryDelay = (attempt: number) => 150 * attempt;

/** The client configuration for each perspective. */
export function sanityClientConfigs(options: SanityContentSourceOptions): Record<Perspective, ClientConfig> {
  const base: ClientConfig = {
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: options.apiVersion,
    timeout: REQUEST_TIMEOUT_MS,
    maxRetries: MAX_RETRIES,
    retryDelay,
    ...options.connection,
  };
  return {
    published: { ...base, useCdn: true, perspective: "published" },
    drafts: { ...base, useCdn: false, perspective: "drafts", token: options.readToken },
    raw: { ...base, useCdn: false, perspective: "raw", token: options.writeToken ?? options.readToken },
  };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" ? status : undefined;
}

export function sanityContentSource(options: SanityContentSourceOptions): ContentSource {
  const configs = sanityClientConfigs(options);
  const clients: Record<Perspective, SanityClient> = {
    published: createClient(configs.published),
    drafts: createClient(configs.drafts),
    raw: createClient(configs.raw),
  };
  // The raw client carries the write token whenever there is one.
  const writer = options.writeToken ? clients.raw : null;

  return {
    kind: "sanity",
    canReadDrafts: Boolean(options.readToken),
    canWrite: Boolean(options.writeToken),
    async query(query: string, params: QueryParams, perspective: Perspective) {
      try {
        return await clients[perspective].fetch<unknown>(query, params);
      } catch (error) {
        throw new ContentSourceError(
          `Sanity query failed (project ${options.projectId}, dataset ${options.dataset}): ${(error as Error).message}`,
          { cause: error },
        );
      }
    },
    async commit(mutations: readonly ContentMutation[]) {
      if (!writer) throw new ContentSourceError("Writing to Sanity needs SANITY_WRITE_TOKEN");
      try {
        await writer.mutate([...mutations], { visibility: "sync", returnDocuments: false });
      } catch (error) {
        if (statusOf(error) === 409) throw new ContentConflictError((error as Error).message);
        throw new ContentSourceError(`Sanity mutation failed: ${(error as Error).message}`, { cause: error });
      }
    },
    async checkPresentationSecret(previewUrl: string) {
      // The secrets are private documents: reading them takes the read token.
      if (!options.readToken) return { valid: false };
      try {
        const { isValid, redirectTo } = await validatePreviewUrl(clients.drafts, previewUrl);
        return { valid: isValid, redirectTo };
      } catch (error) {
        throw new ContentSourceError(`Checking a preview secret with Sanity failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
  };
}
