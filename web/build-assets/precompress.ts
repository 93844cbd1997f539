/**
 * The build's assets compressed once, when the site is built: each script and stylesheet of
 * public/build gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside it,
 * when the copy is smaller. The site answers a browser's request for an asset with those bytes
 * (build-assets.ts) instead of compressing it again for every visitor: brotli on the fly took
 * about 2.9 ms of the event loop for a 134 KB chunk, and a first visit loads some thirty of them.
 * Quality 11 costs about 0.3 s for the whole build, once.
 */
import { readdirSync, type Dirent } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import express from "express";
import { isCompressible, MIN_COMPRESSIBLE_BYTES } from "../page-cache/answer-encoding";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The copies the build writes beside a file, by the encoding a client names. */
export const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

export type PrecompressedEncoding = (typeof PRECOMPRESSED)[number]["encoding"];

/** What the mime table answers for an extension it does not know. */
const UNKNOWN_TYPE = "unknown/unknown";

/**
 * The Content-Type express.static sends for a file of the build (its own mime table, with UTF-8
 * for text), or null for an extension the table does not know; only text types are compressed
 * (isCompressible).
 */
export function assetTypeOf(file: string): string | null {
  const { mime } = express.static;
  const type = mime.lookup(file, UNKNOWN_TYPE);
  if (type === UNKNOWN_TYPE) return null;
  const charset = mime.charsets.lookup(type, "");
  return charset ? `${type}; charset=${charset}` : type;
}

/** Whether a file of the build is a compressed copy (served only as its original's encoding). */
export function isPrecompressedCopy(file: string): boolean {
  return PRECOMPRESSED.some(({ suffix }) => file.endsWith(suffix));
}

/** Every file under `dir`, as paths relative to it with `/` between folders (none when it is missing). */
export function filesUnder(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

export interface PrecompressReport {
  files: number;
  rawBytes: number;
  /** Bytes a client accepting each encoding downloads for all the files (raw where no copy pays). */
  bytes: Record<PrecompressedEncoding, number>;
  ms: number;
}

function compressWith(encoding: PrecompressedEncoding, body: Buffer): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      })
    : gzipped(body, { level: zlib.Z_BEST_COMPRESSION });
}

/**
 * Writes the compressed copies of every compressible file under `dir` (replacing those of an
 * earlier build, removing a copy that no longer pays), in parallel on zlib's threads.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressReport> {
  const started = performance.now();
  const files = filesUnder(dir).filter((file) => !isPrecompressedCopy(file));
  const report: PrecompressReport = { files: 0, rawBytes: 0, bytes: { br: 0, gzip: 0 }, ms: 0 };
  await Promise.all(
    files.map(async (file) => {
      const worthIt = isCompressible(assetTypeOf(file));
      const full = path.join(dir, file);
      const body = await readFile(full);
      report.files += 1;
      report.rawBytes += body.length;
      for (const { encoding, suffix } of PRECOMPRESSED) {
        const compressed = worthIt && body.length >= MIN_COMPRESSIBLE_BYTES ? await compressWith(encoding, body) : null;
        if (compressed && compressed.length < body.length) {
          await writeFile(full + suffix, compressed);
          report.bytes[encoding] += compressed.length;
        } else {
          await rm(full + suffix, { force: true });
          report.bytes[encoding] += body.length;
        }
      }
    }),
  );
  report.ms = performance.now() - started;
  return report;
}
