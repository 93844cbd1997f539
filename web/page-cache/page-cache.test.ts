import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { VersionVector } from "@shared/db/data-versions";
import { contentSecurityPolicy, inlineScriptHashes, inlineStyleHashes } from "./csp";
import { chooseEncoding, etagOfBody } from "./answer-encoding";
import { PageCache, STALE_IF_ERROR_MS } from "./page-cache";
import { RERENDER_GRACE_MS } from "./stale-window";

function harness(maxBytes = 1024 * 1024, maxAgeMs = 60_000) {
  let versions: VersionVector = { data: 1, live: 1, content: 1 };
  let now = 1_000_000;
  const cache = new PageCache({ maxBytes, maxAgeMs, versions: () => versions, now: () => now });
  const page = (
    key: string,
    body = `<p>${key}</p>`,
    dependsOn: ("data" | "live" | "content")[] = ["data", "content"],
    staleMs = 0,
  ) =>
    cache.store({
      staleMs,
      key,
      status: 200,
      headers: [["content-type", "text/html; charset=utf-8"]],
      body: Buffer.from(body),
      etag: etagOfBody(body),
      dependsOn,
      versions,
    });
  return {
    cache,
    page,
    bump: (scope: keyof VersionVector) => {
      versions = { ...versions, [scope]: versions[scope] + 1 };
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("page cache", () => {
  it("keeps a stale entry aside as its page's last good answer, for a day, until a new one is stored", () => {
    const { cache, page, bump, advance } = harness();
    page("/", "old home");
    expect(cache.fallback("/")).toBeUndefined();
    bump("data");
    expect(cache.lookup("/")).toBeUndefined();
    expect(cache.fallback("/")?.body.toString()).toBe("old home");
    page("/", "new home");
    expect(cache.fallback("/")).toBeUndefined();
    bump("data");
    cache.lookup("/");
    advance(STALE_IF_ERROR_MS + 1);
    expect(cache.fallback("/")).toBeUndefined();
  });

  it("gives last good answers a quarter of the cache's memory at most, oldest out first", () => {
    // Each entry takes 1,424 bytes: four fit in a quarter of 24,000.
    const keys = ["/a", "/b", "/c", "/d", "/e"];
    const { cache, page, bump } = harness(24_000);
    for (const key of keys) page(key, key.repeat(200));
    bump("data");
    for (const key of keys) cache.lookup(key);
    expect(cache.fallback("/a")).toBeUndefined();
    for (const key of keys.slice(1)) expect(cache.fallback(key)?.body.toString()).toBe(key.repeat(200));
  });

  it("serves an entry while the versions it depends on are current", () => {
    const { cache, page, bump } = harness();
    page("/", "home", ["data", "content"]);
    page("/live", "live", ["data", "live", "content"]);
    bump("live");
    expect(cache.lookup("/")?.body.toString()).toBe("home");
    expect(cache.lookup("/live")).toBeUndefined();
    bump("data");
    expect(cache.lookup("/")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ expired: 2, entries: 0, bytes: 0 });
  });

  it("keeps an out-of-date entry to stand in for its page within its stale window, then retires it", () => {
    const { cache, page, bump, advance } = harness(1024 * 1024, 60_000);
    page("/league", "old league", ["data", "content"], 30_000);
    bump("data");
    expect(cache.lookup("/league")).toBeUndefined();
    const found = cache.find("/league");
    expect(found?.current).toBe(false);
    expect(found?.entry.body.toString()).toBe("old league");
    expect(cache.isOutOfDate(found!.entry)).toBe(true);
    // Still held: it is not yet anyone's last good answer.
    expect(cache.fallback("/league")).toBeUndefined();
    expect(cache.standInLeftMs(found!.entry)).toBe(30_000);
    advance(29_999);
    expect(cache.standInLeftMs(found!.entry)).toBe(1);
    expect(cache.find("/league")?.current).toBe(false);
    advance(1);
    expect(cache.standInLeftMs(found!.entry)).toBe(0);
    expect(cache.find("/league")).toBeUndefined();
    expect(cache.fallback("/league")?.body.toString()).toBe("old league");
    expect(cache.stats()).toMatchObject({ expired: 1, entries: 0 });
  });

  it("lets an entry older than its stale window stand in for RERENDER_GRACE_MS after a change it was current until", () => {
    const { cache, page, bump, advance } = harness(1024 * 1024, 60_000);
    // The live score: a 20 s window, and two ticks that wrote nothing since it was rendered.
    page("/api/live/1", "1-0", ["live"], 20_000);
    advance(40_000);
    expect(cache.lookup("/api/live/1")?.body.toString()).toBe("1-0");
    bump("live");
    cache.observeVersions();
    advance(RERENDER_GRACE_MS - 1);
    const found = cache.find("/api/live/1");
    expect(found?.current).toBe(false);
    expect(found?.entry.body.toString()).toBe("1-0");
    // What the page server has left to render it again before it stops standing in.
    expect(cache.standInLeftMs(found!.entry)).toBe(1);
    advance(1);
    expect(cache.standInLeftMs(found!.entry)).toBe(0);
    expect(cache.find("/api/live/1")).toBeUndefined();
    expect(cache.fallback("/api/live/1")?.body.toString()).toBe("1-0");
  });

  it("does not let an entry stand in past its window when it is more than one change behind, too old, or never may", () => {
    const { cache, page, bump, advance } = harness(1024 * 1024, 60_000);
    page("/two-behind", "two behind", ["live"], 20_000);
    page("/never", "never stale", ["live"], 0);
    advance(25_000);
    bump("live");
    cache.observeVersions();
    advance(1_000);
    bump("live");
    cache.observeVersions();
    expect(cache.find("/two-behind")).toBeUndefined();
    expect(cache.find("/never")).toBeUndefined();

    page("/old", "older than the maximum age", ["live"], 20_000);
    advance(59_000);
    bump("live");
    cache.observeVersions();
    advance(1_000 + RERENDER_GRACE_MS);
    expect(cache.find("/old")).toBeUndefined();
  });

  it("lets an entry current by its versions stand in for RERENDER_GRACE_MS past the maximum age, then retires it", () => {
    const { cache, page, advance } = harness(1024 * 1024, 60_000);
    // The live score, its data unchanged for a minute: its page is rendered again in the background.
    page("/api/live/1", "1-0", ["live"], 20_000);
    advance(59_999);
    expect(cache.find("/api/live/1")?.current).toBe(true);
    advance(1);
    const found = cache.find("/api/live/1");
    expect(found?.current).toBe(false);
    expect(found?.entry.body.toString()).toBe("1-0");
    expect(cache.isOutOfDate(found!.entry)).toBe(true);
    expect(cache.standInLeftMs(found!.entry)).toBe(RERENDER_GRACE_MS);
    advance(RERENDER_GRACE_MS - 1);
    expect(cache.find("/api/live/1")?.current).toBe(false);
    advance(1);
    expect(cache.standInLeftMs(found!.entry)).toBe(0);
    expect(cache.find("/api/live/1")).toBeUndefined();
    expect(cache.fallback("/api/live/1")?.body.toString()).toBe("1-0");
  });

  it("retires an out-of-date entry whose page could not be rendered again", () => {
    const { cache, page, bump } = harness();
    const entry = page("/team", "old team", ["data", "content"], 30_000)!;
    bump("data");
    cache.retire(entry);
    expect(cache.find("/team")).toBeUndefined();
    expect(cache.fallback("/team")?.body.toString()).toBe("old team");
  });

  it("lists the out-of-date pages read since they were stored, most read first", () => {
    const { cache, page, bump } = harness();
    page("/", "home", ["data", "content"], 30_000);
    page("/live", "live", ["data", "live", "content"], 30_000);
    page("/quiet", "quiet", ["data", "content"], 30_000);
    page("/about", "about", ["content"], 30_000);
    for (let i = 0; i < 3; i++) cache.find("/live");
    cache.find("/");
    cache.find("/about");
    bump("data");
    expect(cache.readSinceStored(10).map((entry) => entry.key)).toEqual(["/live", "/"]);
    expect(cache.readSinceStored(1).map((entry) => entry.key)).toEqual(["/live"]);
    // A new render starts unread.
    page("/live", "live again", ["data", "live", "content"], 30_000);
    expect(cache.readSinceStored(10).map((entry) => entry.key)).toEqual(["/"]);
  });

  it("drops an entry older than the maximum age whatever the versions say", () => {
    const { cache, page, advance } = harness(1024 * 1024, 60_000);
    page("/");
    advance(59_999);
    expect(cache.lookup("/")).toBeDefined();
    advance(1);
    expect(cache.lookup("/")).toBeUndefined();
  });

  it("stays within its memory bound, evicting the least recently used first", () => {
    // Each entry costs its body plus 1 KB; 64 KB holds fewer than 16 entries of 3 KB.
    const { cache, page } = harness(64 * 1024);
    for (let i = 0; i < 10; i++) page(`/p${i}`, "x".repeat(3_000));
    cache.lookup("/p0"); // used: now the most recent
    for (let i = 10; i < 30; i++) page(`/p${i}`, "x".repeat(3_000));
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(stats.evicted).toBeGreaterThan(0);
    expect(cache.lookup("/p1")).toBeUndefined();
    expect(cache.lookup("/p29")).toBeDefined();
  });

  it("refuses an answer larger than an eighth of the cache", () => {
    const { cache, page } = harness(80 * 1024);
    expect(page("/big.csv", "x".repeat(20_000))).toBeNull();
    expect(cache.stats().entries).toBe(0);
  });

  it("compresses an entry once per encoding and counts the bytes", () => {
    const { cache, page } = harness();
    const body = "<p>Arsenal v Chelsea</p>".repeat(200);
    const entry = page("/m", body)!;
    const br = cache.bodyFor(entry, "br");
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(cache.bodyFor(entry, "br")).toBe(br);
    expect(gunzipSync(cache.bodyFor(entry, "gzip")).toString()).toBe(body);
    expect(cache.stats().bytes).toBe(body.length + 1024 + br.length + entry.encoded.gzip!.length);
  });

  it("is off with a bound of 0", () => {
    const { cache } = harness(0);
    expect(cache.enabled).toBe(false);
  });
});

describe("content negotiation", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("*")).toBe("gzip");
  });
});

describe("content security policy for cached pages", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("allows each inline script by the hash of its exact text, and no nonce", () => {
    const html = [
      "<html><head>",
      '<script type="application/ld+json">{"@type":"SportsEvent"}</script>',
      '<script src="/build/entry.js"></script>',
      "<script>window.__remixContext = {};</script>",
      '<script type="module" async="">import "/build/root.js";</script>',
      "<script>window.__remixContext = {};</script>",
      "</head></html>",
    ].join("");
    const hashes = inlineScriptHashes(html);
    expect(hashes).toEqual([
      sha('{"@type":"SportsEvent"}'),
      sha("window.__remixContext = {};"),
      sha('import "/build/root.js";'),
    ]);
    const policy = contentSecurityPolicy(
      { analyticsSources: ["https://tags.example.com"], frameAncestors: [] },
      hashes,
    );
    expect(policy).toContain(`script-src 'self' ${hashes.join(" ")} https://tags.example.com;`);
    expect(policy).not.toContain("nonce-");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self';");
  });

  it("finds the same inline scripts and styles in a page's bytes as in its text", () => {
    const html = [
      "<!DOCTYPE html><html><head><style>.a{content:'é'}</style>",
      '<script type="application/ld+json">{"name":"Atlético de Madrid – Séville"}</script>',
      "<scripts>not a script</scripts><SCRIPT>window.upper = 1;</SCRIPT >",
      '<script src="/build/entry.js"></script><p>a < b, <b>bold</b></p>',
      "<script>if (1 < 2) document.title = '<script>';</script >",
      '<STYLE media="print">.b{}</Style>',
      "</head><body><script>window.__remixContext = {};</script>",
      "<script>never closed",
    ].join("");
    const bytes = Buffer.from(html, "utf8");
    expect(inlineScriptHashes(bytes)).toEqual(inlineScriptHashes(html));
    expect(inlineScriptHashes(bytes)).toHaveLength(4);
    expect(inlineStyleHashes(bytes)).toEqual(inlineStyleHashes(html));
    expect(inlineStyleHashes(bytes)).toEqual([sha(".a{content:'é'}"), sha(".b{}")]);
  });

  it("allows inline styles only for draft preview, where the Presentation tool's overlays need them", () => {
    const options = { analyticsSources: [], frameAncestors: ["https://studio.example"] };
    const styleHash = sha(".x{color:red}");
    const publicPolicy = contentSecurityPolicy(options, [], [styleHash]);
    expect(publicPolicy).toContain(`style-src 'self' ${styleHash};`);
    expect(publicPolicy).not.toContain("unsafe-inline");
    const previewPolicy = contentSecurityPolicy(options, [], [styleHash], { visualEditing: true });
    // A hash beside 'unsafe-inline' would make browsers ignore it.
    expect(previewPolicy).toContain("style-src 'self' 'unsafe-inline';");
    expect(previewPolicy).toContain("script-src 'self';");
    expect(previewPolicy).toContain("frame-ancestors 'self' https://studio.example;");
  });
});
