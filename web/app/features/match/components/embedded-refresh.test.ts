import { describe, expect, it } from "vitest";
import type { MatchState } from "@shared/domain/picks";
import { embeddedMatchDataUrl } from "./embedded-match-fetch";
import { embeddedRefreshMs } from "./embedded-refresh";

describe("embeddedRefreshMs", () => {
  it.each<[MatchState, number | null]>([
    // Spec 7: "every 60 s when embedded and not post-match".
    ["pre-match", 60_000],
    // Spec 4: a live match "refreshes every 15 s".
    ["live", 15_000],
    ["post-match", null],
  ])("%s → %s", (state, expected) => {
    expect(embeddedRefreshMs(state)).toBe(expected);
  });
});

describe("embeddedMatchDataUrl", () => {
  it("names the match by id under /resource, not the JSON API", () => {
    expect(embeddedMatchDataUrl(1379051)).toBe("/resource/embedded-match/1379051");
  });
});
