/**
 * Purging a caching proxy in front of the site: when this process learns that data changed (a
 * worker's write or an editor's publish moved a data version), it asks the proxy to drop every
 * answer carrying the changed scopes' surrogate keys (web/proxy/surrogate-keys.ts).
 *
 * One adapter, for the shape Varnish (deploy/varnish/site.vcl) and Fastly share: one request to
 * `PURGE_URL` with the keys, space-separated, in a `Surrogate-Key` header, method `PURGE_METHOD`
 * (PURGE for Varnish, POST for Fastly's `/service/{id}/purge`), and `PURGE_TOKEN`, when set, in
 * `PURGE_TOKEN_HEADER` (Varnish's VCL checks `X-Purge-Token`; Fastly reads `Fastly-Key`).
 *
 * Every web process purges what it learns, after its own page cache has dropped the old pages: a
 * proxy that refetches at once may reach a process that has not heard yet and store its old
 * page, but that process purges in turn as soon as it hears (within a second: data versions are
 * polled every second besides LISTEN/NOTIFY). A purge that fails is retried twice, a second
 * apart; past that the answers' `s-maxage` bounds how long the proxy keeps them.
 */
import { SURROGATE_KEY } from "./surrogate-keys";

export interface PurgeSettings {
  url: string;
  method: string;
  token?: string;
  tokenHeader: string;
}

export interface PurgeLog {
  warn(message: string): void;
}

export interface ProxyPurger {
  /** Asks the proxy to drop every answer with any of these keys; resolves when it answered or gave up. */
  purge(keys: readonly string[]): Promise<boolean>;
  /** Purges sent and failed so far (after retries). */
  stats(): { sent: number; failed: number };
}

const TIMEOUT_MS = 2_000;
const RETRY_DELAYS_MS = [1_000, 1_000];

export function createProxyPurger(
  settings: PurgeSettings,
  log: PurgeLog,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
): ProxyPurger {
  let sent = 0;
  let failed = 0;

  async function once(keys: string): Promise<string | null> {
    const headers: Record<string, string> = { "Surrogate-Key": keys };
    if (settings.token) headers[settings.tokenHeader] = settings.token;
    try {
      const response = await fetch(settings.url, {
        method: settings.method,
        headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? null : `the proxy answered ${response.status}`;
    } catch (error) {
      return (error as Error).message;
    }
  }

  return {
    async purge(keys) {
      const valid = [...new Set(keys)].filter((key) => SURROGATE_KEY.test(key));
      if (valid.length === 0) return true;
      const header = valid.join(" ");
      let problem = await once(header);
      for (const delay of retryDelaysMs) {
        if (problem === null) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
        problem = await once(header);
      }
      if (problem === null) {
        sent++;
        return true;
      }
      failed++;
      // The URL may carry credentials in its query (a CDN's API): name only its origin.
      log.warn(`proxy purge of ${header} failed at ${new URL(settings.url).origin}: ${problem}`);
      return false;
    },
    stats: () => ({ sent, failed }),
  };
}
