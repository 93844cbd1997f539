/**
 * The in-process cache of published content. Entries carry tags naming what they were read
 * from ("matchPreview", "matchPreview:premier-league:2526:arsenal:chelsea"), so the webhook
 * purges exactly the entries a changed document affects. Entries also expire after a while, in
 * case a webhook delivery is lost. Concurrent misses for one key share a single read. Preview
 * reads never come here.
 */

export interface PublishedCacheOptions {
  maxAgeMs?: number;
  maxEntries?: number;
  /** Milliseconds, for expiry. */
  now?: () => number;
}

interface Entry {
  value: Promise<unknown>;
  tags: readonly string[];
  storedAt: number;
}

const DEFAULT_CACHE_MAX_AGE_MS = 5 * 60_000;
const DEFAULT_MAX_ENTRIES = 1_000;

export class PublishedContentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: PublishedCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value of `key`, or the value `load` reads (a failed read is not kept). */
  read<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt < this.maxAgeMs) return entry.value as Promise<T>;
    if (entry) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      this.entries.delete(this.entries.keys().next().value as string);
    }
    const value = load();
    const stored: Entry = { value, tags, storedAt: this.now() };
    this.entries.set(key, stored);
    value.catch(() => {
      if (this.entries.get(key) === stored) this.entries.delete(key);
    });
    return value;
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry carrying one of the tags; returns how many were dropped. */
  purge(tags: readonly string[]): number {
    const wanted = new Set(tags);
    let purged = 0;
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => wanted.has(tag))) {
        this.entries.delete(key);
        purged++;
      }
    }
    return purged;
  }
}
