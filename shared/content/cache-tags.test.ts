import { describe, expect, it } from "vitest";
import { cacheTagsForChange, contentChangeSchema } from "./cache-tags";

describe("cache tags of a changed document", () => {
  it("names the fixture of a match preview, and its previous fixture when the keys changed", () => {
    expect(
      cacheTagsForChange({
        _id: "abc",
        _type: "matchPreview",
        league: "premier-league",
        season: "2526",
        homeTeam: "arsenal",
        awayTeam: "chelsea",
        before: { league: "premier-league", season: "2526", homeTeam: "arsenal", awayTeam: "fulham" },
      }),
    ).toEqual([
      "matchPreview:lists",
      "matchPreview:premier-league:2526:arsenal:chelsea",
      "matchPreview:premier-league:2526:arsenal:fulham",
    ]);
  });

  it("purges a whole type when the key fields are missing (a projection without them)", () => {
    expect(cacheTagsForChange({ _id: "abc", _type: "matchPreview" })).toEqual(["matchPreview"]);
    expect(cacheTagsForChange({ _id: "t", _type: "teamProfile" })).toEqual(["teamProfile"]);
  });

  it.each([
    [{ _id: "siteSettings", _type: "siteSettings" }, ["siteSettings"]],
    [{ _id: "sundayParlay", _type: "sundayParlay" }, ["sundayParlay"]],
    [{ _id: "p", _type: "staticPage", page: "terms" }, ["staticPage:terms"]],
    [{ _id: "t", _type: "teamProfile", team: "arsenal" }, ["teamProfile:arsenal"]],
    [{ _id: "drafts.siteSettings", _type: "siteSettings" }, []],
    [{ _id: "versions.r1.siteSettings", _type: "siteSettings" }, []],
    [{ _id: "x", _type: "sanity.imageAsset" }, []],
  ])("%j → %j", (change, tags) => {
    expect(cacheTagsForChange(change)).toEqual(tags);
  });

  it("requires an _id and a _type in the webhook body", () => {
    expect(contentChangeSchema.safeParse({ _type: "siteSettings" }).success).toBe(false);
    expect(contentChangeSchema.safeParse({ _id: "x", _type: "" }).success).toBe(false);
    expect(contentChangeSchema.safeParse({ _id: "x", _type: "siteSettings", before: null }).success).toBe(true);
  });
});
