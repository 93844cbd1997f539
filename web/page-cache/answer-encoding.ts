/**
 * How a cached answer travels: its strong ETag (and whether If-None-Match names it), whether it
 * is worth compressing, the encoding a client accepts, and the compression itself.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

export type ContentEncoding = "br" | "gzip" | "identity";

/** Below this, compressing costs more than it saves. */
export const MIN_COMPRESSIBLE_BYTES = 1_024;

/** A strong ETag of these bytes. */
export function etagOfBody(body: Buffer | string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** If-None-Match names this ETag (weak or strong, in a list, or '*'). */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** Whether an answer of this type is worth compressing. */
export function isCompressible(contentType: string | null | undefined): boolean {
  return /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i.test(
    contentType ?? "",
  );
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return "identity";
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === "br") br = true;
    else if (name === "gzip" || name === "*") gzip = true;
  }
  return br ? "br" : gzip ? "gzip" : "identity";
}

/** Compresses with settings fit for doing it while a visitor waits (brotli 5, gzip 6). */
export function compress(body: Buffer, encoding: Exclude<ContentEncoding, "identity">): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: 6 });
}
