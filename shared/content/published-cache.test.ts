import { describe, expect, it } from "vitest";
import { PublishedContentCache } from "./published-cache";

describe("the published content cache", () => {
  it("reads once for concurrent and later requests, until the entry expires", async () => {
    let time = 0;
    let reads = 0;
    const cache = new PublishedContentCache({ maxAgeMs: 1_000, now: () => time });
    const load = async () => ++reads;
    expect(await Promise.all([cache.read("k", [], load), cache.read("k", [], load)])).toEqual([1, 1]);
    time = 999;
    expect(await cache.read("k", [], load)).toBe(1);
    time = 1_000;
    expect(await cache.read("k", [], load)).toBe(2);
  });

  it("does not keep a failed read", async () => {
    const cache = new PublishedContentCache();
    await expect(cache.read("k", [], () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.read("k", [], async () => "up")).toBe("up");
  });

  it("purges exactly the entries carrying a tag", async () => {
    const cache = new PublishedContentCache();
    await cache.read("a", ["matchPreview", "fixture:a"], async () => "a");
    await cache.read("b", ["matchPreview", "fixture:b"], async () => "b");
    await cache.read("s", ["siteSettings"], async () => "s");
    expect(cache.purge(["fixture:a"])).toBe(1);
    expect(cache.size).toBe(2);
    expect(cache.purge(["matchPreview"])).toBe(1);
    expect(cache.size).toBe(1);
  });

  it("drops the oldest entry when full", async () => {
    const cache = new PublishedContentCache({ maxEntries: 2 });
    await cache.read("first", [], async () => 1);
    await cache.read("second", [], async () => 2);
    await cache.read("third", [], async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.read("first", [], async () => "reloaded")).toBe("reloaded");
  });
});
