/**
 * The Studio's validation rules, run in Node as the Studio runs them: they accept every document
 * of the seed and reject what an editor must not publish. Uniqueness checks query a local
 * stand-in for Sanity's API holding the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSanityApiServer, type SanityApiServer } from "@shared/content/test-sanity-api";
import { plainTextToPortableText } from "@shared/content/portable-text";
import { readSeedDataset } from "./seed-dataset";
import { brightonPalaceDraft, errorsOf, validateWithApi } from "./test-studio";
import { STUDIO_API_VERSION } from "./environment";
import { pointStudioAt } from "./site-api";

const seed = readSeedDataset();
let server: SanityApiServer;
let validate: ReturnType<typeof validateWithApi>;

beforeAll(async () => {
  // No site answers here: the "Needs review" rules that need the model's numbers are left out.
  pointStudioAt("http://127.0.0.1:1/");
  server = await startSanityApiServer({
    apiVersion: STUDIO_API_VERSION,
    dataset: "test",
    documents: seed,
    readToken: "studio-token",
    writeToken: "write",
  });
  validate = validateWithApi(server.apiHost);
});
afterAll(() => server.close());

const seedDocument = (id: string) => {
  const document = seed.find((d) => d._id === id);
  if (!document) throw new Error(`no seed document ${id}`);
  return structuredClone(document);
};

const ARSENAL_SUNDERLAND = "matchPreview-2526-premier-league-arsenal-vs-sunderland";

async function errors(document: Record<string, unknown>) {
  return errorsOf(await validate(document));
}

describe("Studio validation", () => {
  it("accepts every document of the seed", async () => {
    const results = await Promise.all(
      seed.map(async (document) => ({ id: document._id, errors: await errors(document) })),
    );
    expect(results.filter((result) => result.errors.length > 0)).toEqual([]);
  });

  it("refuses the same club twice in one match", async () => {
    expect(await errors({ ...seedDocument(ARSENAL_SUNDERLAND), awayTeam: "arsenal" })).toContainEqual({
      path: "awayTeam",
      message: "The home and away teams must be different clubs",
    });
  });

  it("refuses a club that does not play in the chosen league that season", async () => {
    expect(await errors({ ...seedDocument(ARSENAL_SUNDERLAND), league: "bundesliga" })).toEqual([
      { path: "homeTeam", message: "Arsenal does not play in the Bundesliga in 2025/26" },
      { path: "awayTeam", message: "Sunderland does not play in the Bundesliga in 2025/26" },
    ]);
    expect(await errors({ ...seedDocument(ARSENAL_SUNDERLAND), homeTeam: "no-such-club" })).toContainEqual({
      path: "homeTeam",
      message: '"no-such-club" is not a club in the team registry',
    });
  });

  it("allows one preview per fixture, drafts included", async () => {
    const duplicate = { ...seedDocument(ARSENAL_SUNDERLAND), _id: "drafts.another-preview" };
    expect((await errors(duplicate)).map((e) => e.message)).toContainEqual(
      "Another preview already covers Arsenal vs Sunderland this season: edit that one",
    );
    // The same fixture next season is another fixture.
    expect(await errors({ ...duplicate, season: "2627" })).toEqual([]);
    // A draft of the preview itself is not a duplicate.
    expect(await errors({ ...seedDocument(ARSENAL_SUNDERLAND), _id: `drafts.${ARSENAL_SUNDERLAND}` })).toEqual([]);
  });

  it.each([
    [{ projectedScore: "2:1" }, "projectedScore", "Write the score as home-away goals, e.g. 2-1"],
    [{ projectedScore: "two-one" }, "projectedScore", "Write the score as home-away goals, e.g. 2-1"],
    [{ confidence: 120 }, "confidence", "A confidence is a number from 0 to 100"],
    [{ confidence: -1 }, "confidence", "A confidence is a number from 0 to 100"],
    [{ btts: undefined }, "bttsConfidence", "Choose Yes or No for both teams to score, or clear this confidence"],
    [{ result: "H" }, "result", "Choose 1, X or 2"],
    [{ btts: "MAYBE" }, "btts", "Choose Yes or No"],
    [
      { overUnder: "Over 2.7 Goals" },
      "overUnder",
      "Choose one of: Over 0.5 Goals, Under 0.5 Goals, Over 1.5 Goals, Under 1.5 Goals, Over 2.5 Goals, Under 2.5 Goals, Over 3.5 Goals, Under 3.5 Goals, Over 4.5 Goals, Under 4.5 Goals",
    ],
    [{ league: "eredivisie" }, "league", "Choose one of: Premier League, La Liga, Bundesliga, Serie A, Ligue 1"],
    [{ season: "2425" }, "season", "Choose one of: 2025/26, 2026/27"],
    [{ bestPick: "x".repeat(61) }, "bestPick", undefined],
    [{ keyInsights: Array.from({ length: 11 }, (_, i) => `Insight ${i}`) }, "keyInsights", undefined],
  ])("refuses a match preview with %j", async (change, path, message) => {
    const found = (await errors({ ...seedDocument(ARSENAL_SUNDERLAND), ...change })).filter((e) => e.path === path);
    expect(found).toHaveLength(1);
    if (message) expect(found[0].message).toBe(message);
  });

  it("requires exactly five parlay legs, each a different match", async () => {
    const parlay = seedDocument("sundayParlay") as unknown as { legs: Record<string, unknown>[] };
    expect(await errors({ ...parlay, legs: parlay.legs.slice(0, 4) })).toContainEqual({
      path: "legs",
      message: "A Sunday parlay has exactly 5 legs",
    });
    const repeated = [...parlay.legs.slice(0, 4), { ...parlay.legs[0], _key: "again" }];
    expect(await errors({ ...parlay, legs: repeated })).toContainEqual({
      path: "legs",
      message: "The same match appears in two legs",
    });
    const badLeg = { ...parlay.legs[0], confidence: 150, predictedScore: "1 to 0" };
    const legErrors = await errors({ ...parlay, legs: [badLeg, ...parlay.legs.slice(1)] });
    expect(legErrors.map((e) => e.message).sort()).toEqual([
      "A confidence is a number from 0 to 100",
      "Write the score as home-away goals, e.g. 2-1",
    ]);
  });

  it("requires the legal pages' date, site settings' https social link, and one profile per team", async () => {
    const { lastUpdated: _date, ...undated } = seedDocument("staticPage-terms");
    expect(await errors(undated)).toContainEqual({
      path: "lastUpdated",
      message: "Legal pages show the date they were last updated",
    });
    expect(
      (await errors({ ...seedDocument("siteSettings"), socialUrl: "http://x.com/firstkickpicks" })).map((e) => e.path),
    ).toEqual(["socialUrl"]);
    expect((await errors({ ...seedDocument("siteSettings"), heroHeadline: undefined })).map((e) => e.path)).toEqual([
      "heroHeadline",
    ]);
    const copy = {
      ...seedDocument("teamProfile-arsenal"),
      _id: "teamProfile-copy",
      overview: plainTextToPortableText("Again."),
    };
    expect(await errors(copy)).toContainEqual({ path: "", message: "Arsenal already has a profile: edit that one" });
  });

  it("warns on the best pick naming another winner than the 1X2 pick, without the site, knowing the clubs' short names", async () => {
    const preview = brightonPalaceDraft("2026-02-07T15:00:00Z");
    const warnings = async (fields: Record<string, unknown>) =>
      (await validate({ ...preview, ...fields }))
        .filter((marker) => marker.level === "warning")
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- these markers sit on top-level fields: every path segment is a field name (a string)
        .map((marker) => ({ path: marker.path.join("."), message: marker.message }));
    expect(await warnings({ bestPick: "Palace to Win", result: "1" })).toEqual([
      {
        path: "bestPick",
        message: "Needs review: The best pick “Palace to Win” is an away win, but the 1X2 pick is 1 (a home win)",
      },
    ]);
    expect(await warnings({ bestPick: "Crystal Palace to Win", result: "X", projectedScore: "1-1" })).toEqual([
      {
        path: "bestPick",
        message: "Needs review: The best pick “Crystal Palace to Win” is an away win, but the 1X2 pick is X (a draw)",
      },
    ]);
    expect(await warnings({ bestPick: "Crystal Palace to Win", result: "2", projectedScore: "0-2" })).toEqual([]);
    // A warning, not an error: publishing stays possible.
    expect(errorsOf(await validate({ ...preview, bestPick: "Palace to Win", result: "1" }))).toEqual([]);
  });
});
