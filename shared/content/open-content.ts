/**
 * The content of this installation: Sanity when SANITY_PROJECT_ID is set, otherwise the local
 * dataset (LOCAL_CONTENT_FILE, relative to the project root), the embedded default.
 */
import path from "node:path";
import type { Env } from "../config/env";
import { createContent, type Content, type ContentOptions } from "./content";
import { localContentSource } from "./local-source";
import { sanityContentSource } from "./sanity-source";
import type { ContentSource } from "./source";

type ContentEnv = Pick<
  Env,
  | "SANITY_PROJECT_ID"
  | "SANITY_DATASET"
  | "SANITY_API_VERSION"
  | "SANITY_READ_TOKEN"
  | "SANITY_WRITE_TOKEN"
  | "SANITY_API_HOST"
  | "LOCAL_CONTENT_FILE"
>;

function contentSourceFor(env: ContentEnv, root: string): ContentSource {
  if (env.SANITY_PROJECT_ID) {
    return sanityContentSource({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      apiVersion: env.SANITY_API_VERSION,
      readToken: env.SANITY_READ_TOKEN,
      writeToken: env.SANITY_WRITE_TOKEN,
      // A Sanity-compatible API elsewhere (the local stand-in) is addressed as it is, not per project.
      ...(env.SANITY_API_HOST
        ? { connection: { apiHost: env.SANITY_API_HOST.replace(/\/$/, ""), useProjectHostname: false } }
        : {}),
    });
  }
  return localContentSource(path.resolve(root, env.LOCAL_CONTENT_FILE));
}

export function openContent(env: ContentEnv, root: string, options?: ContentOptions): Content {
  return createContent(contentSourceFor(env, root), options);
}
