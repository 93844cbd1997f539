/**
 * Where football-data.co.uk files come from: a directory laid out like the site's /mmz4281
 * folder, or the site itself (or any origin serving the same layout). Season files are
 * `{season}/{code}.csv` under the base; `fixtures.csv` sits beside the base (the site serves it
 * at its root, next to /mmz4281).
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ProviderError } from "../types";

export interface FootballDataSource {
  /** "directory /data/mmz4281" or the base URL, for messages. */
  readonly description: string;
  /**
   * The text of a file by its path relative to the base (`2526/E0.csv`, `../fixtures.csv`), or
   * null when the source does not have it (not published yet). Throws ProviderError when the
   * source cannot be read at all.
   */
  read(relativePath: string, signal: AbortSignal): Promise<string | null>;
}

export const CONFIGURE_HINT =
  "set FOOTBALL_DATA_DIR to a directory of football-data.co.uk season files, or FOOTBALL_DATA_BASE_URL to a reachable origin";

export function directorySource(directory: string): FootballDataSource {
  const base = path.resolve(directory);
  return {
    description: `directory ${base}`,
    async read(relativePath, signal) {
      signal.throwIfAborted();
      const info = await stat(base).catch(() => null);
      if (!info?.isDirectory()) {
        throw new ProviderError("football-data", `the directory ${base} does not exist`, CONFIGURE_HINT);
      }
      try {
        return await readFile(path.join(base, relativePath), { encoding: "utf8", signal });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw new ProviderError(
          "football-data",
          `cannot read ${relativePath} in ${base}: ${(error as Error).message}`,
          undefined,
          {
            cause: error,
          },
        );
      }
    },
  };
}

export interface HttpSourceOptions {
  /** Give up on a request after this long (a slow origin fails the job instead of hanging it). */
  timeoutMs?: number;
}

export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;

export function httpSource(baseUrl: string, options: HttpSourceOptions = {}): FootballDataSource {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  return {
    description: base.slice(0, -1),
    async read(relativePath, signal) {
      const url = new URL(relativePath, base).toString();
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          signal: AbortSignal.any([signal, timeout]),
          headers: { accept: "text/csv,*/*" },
        });
      } catch (error) {
        signal.throwIfAborted();
        if (timeout.aborted) {
          throw new ProviderError(
            "football-data",
            `${url} did not answer within ${timeoutMs / 1000} s`,
            CONFIGURE_HINT,
          );
        }
        const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
        const reason = cause?.code ?? cause?.message ?? (error as Error).message;
        throw new ProviderError("football-data", `cannot reach ${url} (${reason})`, CONFIGURE_HINT, { cause: error });
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProviderError("football-data", `${url} answered HTTP ${response.status}`);
      }
      try {
        return await response.text();
      } catch (error) {
        signal.throwIfAborted();
        const reason = timeout.aborted ? `did not finish within ${timeoutMs / 1000} s` : (error as Error).message;
        throw new ProviderError("football-data", `${url}: the body could not be read (${reason})`, undefined, {
          cause: error,
        });
      }
    },
  };
}
