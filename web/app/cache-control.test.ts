import { describe, expect, it } from "vitest";
import { BADGE_IMMUTABLE_CACHE } from "./features/seo/badges.server";
import { dataScopesOf, LIVE_PAGE_CACHE, LIVE_SCORE_CACHE, PUBLIC_PAGE_CACHE } from "./cache-control";

describe("dataScopesOf", () => {
  it("makes a page depend on the data and the content, and a live one on the live scores too", () => {
    expect(dataScopesOf(PUBLIC_PAGE_CACHE)).toEqual(["data", "content"]);
    expect(dataScopesOf(LIVE_PAGE_CACHE)).toEqual(["data", "live", "content"]);
    expect(dataScopesOf(LIVE_SCORE_CACHE)).toEqual(["data", "live", "content"]);
    expect(dataScopesOf("no-store")).toEqual(["data", "live", "content"]);
    expect(dataScopesOf("")).toEqual(["data", "content"]);
  });

  it("makes an answer whose URL names its version depend on nothing: Remix's route manifest, a badge", () => {
    // What Remix sends for /__manifest?…&version=<build>.
    expect(dataScopesOf("public, max-age=31536000, immutable")).toEqual([]);
    expect(dataScopesOf(BADGE_IMMUTABLE_CACHE)).toEqual([]);
    // no-store wins over immutable: never kept, so rendered for every change.
    expect(dataScopesOf("no-store, immutable")).toEqual(["data", "live", "content"]);
  });
});
