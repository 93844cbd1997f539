/**
 * The parts of the loader context the content routes use, for request-level tests: the real
 * environment parser, content over a temporary copy of a dataset, real preview sessions.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClock } from "@shared/config/clock";
import { parseEnv } from "@shared/config/env";
import { createContent } from "@shared/content/content";
import { localContentSource, serializeDataset } from "@shared/content/local-source";
import type { ContentDocument, ContentSource } from "@shared/content/source";
import type { AppContext } from "./load-context";
import { createPreviewSessions } from "./features/content/preview.server";

export type ContentRouteContext = Pick<AppContext, "env" | "clock" | "content" | "previewSessions">;

const directories: string[] = [];

/** A dataset file of its own, from documents or a copy of an existing file. */
export function temporaryDataset(from: ContentDocument[] | string): string {
  const directory = mkdtempSync(path.join(tmpdir(), "content-route-"));
  directories.push(directory);
  const file = path.join(directory, "dataset.ndjson");
  if (typeof from === "string") copyFileSync(from, file);
  else writeFileSync(file, serializeDataset(from));
  return file;
}

export function removeTemporaryDatasets(): void {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
}

export function contentRouteContext(variables: Record<string, string>, source: ContentSource): ContentRouteContext {
  const env = parseEnv(variables);
  return {
    env,
    clock: createClock(env.CLOCK),
    content: createContent(source, { warn: () => undefined }),
    previewSessions: createPreviewSessions(env),
  };
}

export function localContext(variables: Record<string, string>, datasetFile: string): ContentRouteContext {
  return contentRouteContext(variables, localContentSource(datasetFile));
}

/** The cookie a browser would send back after receiving this Set-Cookie header. */
export function cookieFrom(response: Response): string {
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0];
}
