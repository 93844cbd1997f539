/**
 * The page cache: rendered answers of anonymous GET requests, kept in this process's memory and
 * keyed by the request (URL, and whether it asked for HTML). An entry remembers the data
 * versions it was rendered from and the scopes it depends on; it is served while those versions
 * are current and it is younger than the maximum age (which bounds what depends on the clock
 * alone, such as "this week"). Memory is bounded: the least recently used entries go first
 * (approximately: an entry used since the last sweep gets a second chance).
 * Compressed forms (gzip, brotli) are made once per entry, when a client first asks for one.
 *
 * An entry that went out of date stays while it is young enough to stand in for its page (see
 * `staleMs`), or while the change that put it out of date is a few seconds old (see `find`): the
 * page server answers from it at once while one render in the background replaces it
 * (web/page-cache/http.ts), so no visitor waits for a re-render after a write.
 */
import { DATA_SCOPES, type DataScope, type VersionVector } from "@shared/db/data-versions";
import { compress, isCompressible, MIN_COMPRESSIBLE_BYTES, type ContentEncoding } from "./answer-encoding";
import { RERENDER_GRACE_MS } from "./stale-window";

export interface CachedPage {
  key: string;
  status: number;
  /** Headers sent with every answer from this entry (no length, encoding, ETag or timing). */
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
  /** Strong validator: the hash of the body. */
  etag: string;
  /** The scopes of data the page shows, and their versions when it was rendered. */
  dependsOn: readonly DataScope[];
  versions: VersionVector;
  storedAt: number;
  /** Compressed bodies made so far. */
  encoded: Partial<Record<Exclude<ContentEncoding, "identity">, Buffer>>;
  /** Bytes this entry holds (bodies and an estimate of the rest). */
  size: number;
  /** Used since the eviction sweep last passed it (a second chance before eviction). */
  used: boolean;
  /** The headers as sent, flattened once (web/page-cache/send-answer.ts). */
  wire?: { raw: string[]; notModified: string[]; compressible: boolean };
  /**
   * How old (since it was stored) the entry may be and still be answered once it is out of
   * date, while its page is rendered again; 0: never. The page server takes it from the page's
   * own Cache-Control (s-maxage and stale-while-revalidate: what a shared cache may do too).
   */
  staleMs: number;
  /** Answers given from this entry since it was stored (which pages to render before anyone asks). */
  hits: number;
  /** What the page server needs to render the page again without a visitor's request. */
  recipe?: unknown;
}

/** An entry found for a key: current, or out of date but young enough to stand in while it is replaced. */
export interface FoundPage {
  entry: CachedPage;
  current: boolean;
}

export interface PageCacheStats {
  enabled: boolean;
  hits: number;
  misses: number;
  /** Requests the cache does not serve by design: preview, internal pages, writes. */
  bypassed: number;
  notModified: number;
  /** Entries dropped because their data changed or they grew too old. */
  expired: number;
  /** Entries dropped to stay within the memory bound. */
  evicted: number;
  /** Answers given from an out-of-date entry while its page was rendered again. */
  rerenders: number;
  entries: number;
  bytes: number;
  maxBytes: number;
  maxAgeSeconds: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  maxAgeMs: number;
  /** The data versions this process knows of now. */
  versions: () => VersionVector;
  now?: () => number;
}

/** Bytes an entry costs beyond its bodies: the key, headers and bookkeeping. */
const ENTRY_OVERHEAD = 1_024;

/** How old a page's last good answer may be and still stand in for an error. */
export const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  /** Stale entries kept as the last good answer of their page (see `fallback`). */
  private readonly fallbacks = new Map<string, CachedPage>();
  private fallbackBytes = 0;
  private readonly counters = {
    hits: 0,
    misses: 0,
    bypassed: 0,
    notModified: 0,
    expired: 0,
    evicted: 0,
    rerenders: 0,
  };
  private readonly now: () => number;
  /** The data versions as this cache last saw them, the ones before, and when each scope last changed. */
  private seen: {
    versions: VersionVector;
    previous: Record<DataScope, number>;
    changedAt: Record<DataScope, number>;
  } | null = null;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The data versions now, noting when this cache first saw each change (the page server calls
   * it as soon as the versions change; any lookup does too).
   */
  observeVersions(): VersionVector {
    const versions = this.options.versions();
    const seen = this.seen;
    if (!seen) {
      this.seen = {
        versions,
        previous: { ...versions },
        changedAt: { data: -Infinity, live: -Infinity, content: -Infinity },
      };
    } else if (seen.versions !== versions) {
      for (const scope of DATA_SCOPES) {
        if (versions[scope] === seen.versions[scope]) continue;
        seen.previous[scope] = seen.versions[scope];
        seen.changedAt[scope] = this.now();
      }
      seen.versions = versions;
    }
    return versions;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  /** The entry for `key` if it is still current (see `find`). */
  lookup(key: string): CachedPage | undefined {
    const found = this.find(key);
    return found?.current ? found.entry : undefined;
  }

  /**
   * The entry for `key`: current, or out of date but fit to stand in while its page is rendered
   * again (it stays in the cache until a new render replaces it): younger than its `staleMs`, or
   * current until a change this cache saw less than RERENDER_GRACE_MS ago (a page read less
   * often than its data changes, the live score between two ticks that wrote nothing, would
   * otherwise be too old to stand in when the change comes, and every request for it would wait),
   * or, current by its versions, older than the maximum age by less than RERENDER_GRACE_MS (the
   * live score and the live pages, whose windows are shorter than the maximum age, were otherwise
   * rendered on visitors' requests once a minute whenever their data had not changed).
   * One that is none of these is dropped from the cache and kept aside as the page's last good
   * answer, for when the page cannot be rendered again.
   */
  find(key: string): FoundPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    entry.hits++;
    if (this.isCurrent(entry)) return { entry, current: true };
    if (this.standInLeftMs(entry) > 0) return { entry, current: false };
    this.retire(entry);
    return undefined;
  }

  /**
   * How much longer an out-of-date entry may stand in for its page (see `find`), in ms: 0 when
   * it may not. Past its `staleMs`, it stands in within RERENDER_GRACE_MS of the maximum age and
   * of each change it is behind on (one change per scope at most). The page server renders such
   * entries again before this runs out.
   */
  standInLeftMs(entry: CachedPage): number {
    const now = this.now();
    const age = now - entry.storedAt;
    let left = entry.staleMs - age;
    const seen = this.seen;
    if (seen && entry.staleMs > 0) {
      // Within the grace past the maximum age and after each change it is behind on.
      let graceLeft = this.options.maxAgeMs + RERENDER_GRACE_MS - age;
      for (const scope of entry.dependsOn) {
        if (entry.versions[scope] === seen.versions[scope]) continue;
        graceLeft =
          entry.versions[scope] === seen.previous[scope]
            ? Math.min(graceLeft, seen.changedAt[scope] + RERENDER_GRACE_MS - now)
            : Number.NEGATIVE_INFINITY;
      }
      left = Math.max(left, graceLeft);
    }
    return Math.max(0, left);
  }

  /** Whether this entry is the cache's own for its key, and out of date. */
  isOutOfDate(entry: CachedPage): boolean {
    return this.entries.get(entry.key) === entry && !this.isCurrent(entry);
  }

  /** Drops an out-of-date entry from the cache, keeping it aside as its page's last good answer. */
  retire(entry: CachedPage): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.remove(entry);
    this.keepAsFallback(entry);
    this.counters.expired++;
  }

  /**
   * Out-of-date entries that were read since they were stored, most read first: the pages worth
   * rendering again before anyone asks.
   */
  readSinceStored(limit: number): CachedPage[] {
    const read: CachedPage[] = [];
    for (const entry of this.entries.values()) if (entry.hits > 0 && !this.isCurrent(entry)) read.push(entry);
    return read.sort((a, b) => b.hits - a.hits).slice(0, limit);
  }

  isCurrent(entry: CachedPage): boolean {
    if (this.now() - entry.storedAt >= this.options.maxAgeMs) return false;
    const versions = this.observeVersions();
    return entry.dependsOn.every((scope) => entry.versions[scope] === versions[scope]);
  }

  /** Keeps an entry, evicting the least recently used ones to make room. False: too big to keep. */
  store(
    page: Omit<CachedPage, "storedAt" | "encoded" | "size" | "used" | "wire" | "staleMs" | "hits"> & {
      staleMs?: number;
    },
  ): CachedPage | null {
    if (!this.enabled) return null;
    const entry: CachedPage = {
      ...page,
      staleMs: page.staleMs ?? 0,
      hits: 0,
      storedAt: this.now(),
      encoded: {},
      size: page.body.length + ENTRY_OVERHEAD,
      used: false,
    };
    // A single answer may take an eighth of the cache at most (a large CSV, not a page).
    if (entry.size * 8 > this.options.maxBytes) return null;
    const previous = this.entries.get(entry.key);
    if (previous) this.remove(previous);
    this.dropFallback(entry.key);
    this.entries.set(entry.key, entry);
    this.bytes += entry.size;
    this.evictToFit();
    return entry;
  }

  /** The body in `encoding`, compressing it once for this entry. */
  bodyFor(entry: CachedPage, encoding: ContentEncoding): Buffer {
    if (encoding === "identity") return entry.body;
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = compress(entry.body, encoding);
      entry.encoded[encoding] = encoded;
      if (this.entries.get(entry.key) === entry) {
        entry.size += encoded.length;
        this.bytes += encoded.length;
        this.evictToFit();
      }
    }
    return encoded;
  }

  /** Whether an answer of this entry may be compressed for a client that accepts it. */
  static wantsCompression(entry: Pick<CachedPage, "headers" | "body">): boolean {
    if (entry.body.length < MIN_COMPRESSIBLE_BYTES) return false;
    const type = entry.headers.find(([name]) => name === "content-type")?.[1];
    return isCompressible(type);
  }

  count(event: "hits" | "misses" | "bypassed" | "notModified" | "rerenders"): void {
    this.counters[event]++;
  }

  stats(): PageCacheStats {
    return {
      enabled: this.enabled,
      ...this.counters,
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.options.maxBytes,
      maxAgeSeconds: Math.round(this.options.maxAgeMs / 1000),
    };
  }

  /**
   * The last good answer of a page whose entry went stale, up to a day old: served when the page
   * cannot be rendered now (the database is out of reach) rather than an error.
   */
  fallback(key: string): CachedPage | undefined {
    const entry = this.fallbacks.get(key);
    if (!entry || this.now() - entry.storedAt > STALE_IF_ERROR_MS) return undefined;
    return entry;
  }

  private keepAsFallback(entry: CachedPage): void {
    this.dropFallback(entry.key);
    this.fallbacks.set(entry.key, entry);
    this.fallbackBytes += entry.size;
    // A quarter of the cache's memory at most, oldest first out.
    for (const [key, oldest] of this.fallbacks) {
      if (this.fallbackBytes * 4 <= this.options.maxBytes) break;
      this.fallbacks.delete(key);
      this.fallbackBytes -= oldest.size;
    }
  }

  private dropFallback(key: string): void {
    const previous = this.fallbacks.get(key);
    if (!previous) return;
    this.fallbacks.delete(key);
    this.fallbackBytes -= previous.size;
  }

  /** Drops every entry (tests; a deploy reloads the process anyway). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.fallbacks.clear();
    this.fallbackBytes = 0;
  }

  private remove(entry: CachedPage): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.bytes -= entry.size;
  }

  /**
   * Evicts from the oldest end until the cache fits. An entry used since it was last passed gets
   * a second chance: it moves to the newest end instead (the CLOCK approximation of least
   * recently used, so a hit costs a flag, not a map update).
   */
  private evictToFit(): void {
    let chances = this.entries.size;
    for (const entry of this.entries.values()) {
      if (this.bytes <= this.options.maxBytes) break;
      if (entry.used && chances-- > 0) {
        entry.used = false;
        this.entries.delete(entry.key);
        this.entries.set(entry.key, entry);
        continue;
      }
      this.remove(entry);
      this.counters.evicted++;
    }
  }
}
