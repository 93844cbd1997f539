/**
 * The editorial seed (content/dataset.ndjson) holds what the spec and the replay need: the
 * home page texts, the static pages with their dates and sections, the Sunday parlay, team
 * profiles, and previews around the replay weekend in all five leagues, some with drafts.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_REPLAY_INSTANT } from "@shared/config/env";
import { createContent } from "@shared/content/content";
import { portableTextToPlainText } from "@shared/content/portable-text";
import { localContentSource } from "@shared/content/local-source";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { HERO_SUBTEXT } from "@shared/domain/site";
import { SEED_DATASET_FILE, readSeedDataset } from "./seed-dataset";

const seed = readSeedDataset();
const warnings: string[] = [];
const content = createContent(localContentSource(SEED_DATASET_FILE), { warn: (m) => warnings.push(m) });
const PUBLISHED = { preview: false };
const PREVIEW = { preview: true };

describe("the editorial seed", () => {
  it("keeps the spec's home page texts in the published site settings", async () => {
    expect(await content.getSiteSettings(PUBLISHED)).toMatchObject({
      heroHeadline: "Smart Picks. Fast Plays.",
      heroSubtext: "Save time and win smarter with our AI algorithm-driven soccer predictions.",
      responsibleBanner: "IF YOU BET, BET RESPONSIBLY",
    });
  });

  it("has the Terms of Service with 12 sections and the Privacy Policy with 10, both last updated August 9, 2025", async () => {
    const terms = await content.getStaticPage("terms", PUBLISHED);
    expect(terms?.lastUpdated).toBe("2025-08-09");
    expect(terms?.sections).toHaveLength(12);
    const headings = terms?.sections.map((s) => s.heading.toLowerCase()).join(" | ") ?? "";
    for (const topic of [
      "eligibility",
      "no gambling",
      "responsible use",
      "use of content",
      "accuracy",
      "no guarantee",
      "third-party links",
      "liability",
      "indemnification",
      "changes",
      "governing law",
      "contact",
    ]) {
      expect(headings).toContain(topic);
    }
    expect(portableTextToPlainText(terms?.sections[10].body)).toContain("State of Arizona");
    expect(portableTextToPlainText(terms?.sections[0].body)).toContain("at least 18 years old");

    const privacy = await content.getStaticPage("privacy", PUBLISHED);
    expect(privacy?.lastUpdated).toBe("2025-08-09");
    expect(privacy?.sections).toHaveLength(10);
  });

  it("has the About page's sections, with the four steps of how it works", async () => {
    const about = await content.getStaticPage("about", PUBLISHED);
    expect(about?.sections.map((s) => s.heading)).toEqual([
      "Our story",
      "How it works",
      "What you'll see",
      "Coverage approach",
      "Our promise",
      "Contact",
      "Responsible gambling",
      "Do you take bets or sell tips?",
      "When is a pick locked?",
      "How accurate are your picks?",
      "Which matches do you cover?",
    ]);
    expect(about?.sections[1].body.filter((block) => block.listItem === "number")).toHaveLength(4);
    expect(portableTextToPlainText(about?.sections[3].body)).toContain("league play only");
  });

  it("lists help in Arizona, the United Kingdom and internationally on the responsible gambling page", async () => {
    const page = await content.getStaticPage("responsible-gambling", PUBLISHED);
    const headings = page?.sections.map((s) => s.heading) ?? [];
    expect(headings).toEqual(
      expect.arrayContaining(["Help in Arizona (United States)", "Help in the United Kingdom", "International help"]),
    );
    expect(portableTextToPlainText(page?.intro)).toContain("IF YOU BET, BET RESPONSIBLY");
  });

  it("has the Sunday 5-team cross-league parlay, last updated October 5th, 2025, one leg per league", async () => {
    const parlay = await content.getSundayParlay(PUBLISHED);
    expect(parlay?.lastUpdated).toBe("2025-10-05");
    expect(parlay?.legs).toHaveLength(5);
    expect(parlay?.legs.map((leg) => leg.league).sort()).toEqual([...LEAGUE_KEYS].sort());
  });

  it("has team profiles, including the spec's team 50 (Manchester City)", async () => {
    expect(seed.filter((d) => d._type === "teamProfile").length).toBeGreaterThanOrEqual(2);
    expect(portableTextToPlainText((await content.getTeamProfile("manchester-city", PUBLISHED))?.overview)).toContain(
      "1880",
    );
  });

  it("previews at least 25 matches of 2025/26 in all five leagues, before, during and after the replay moment", async () => {
    const previews = await content.listMatchPreviews({ season: "2526" }, PUBLISHED);
    expect(previews.length).toBeGreaterThanOrEqual(25);
    expect(new Set(previews.map((p) => p.league))).toEqual(new Set(LEAGUE_KEYS));
    const replay = new Date(DEFAULT_REPLAY_INSTANT).getTime();
    const kickoffs = previews.map((p) => new Date(p.kickoff ?? "").getTime());
    expect(kickoffs.some((k) => k < replay - 3 * 3600_000)).toBe(true);
    expect(kickoffs.some((k) => k <= replay && k > replay - 2 * 3600_000)).toBe(true);
    expect(kickoffs.some((k) => k > replay)).toBe(true);
    expect(
      previews.every(
        (p) => p.bestPick && p.confidence && p.projectedScore && p.matchSummary && p.keyInsights.length > 0,
      ),
    ).toBe(true);
    expect(warnings).toEqual([]);
  });

  it("holds drafts that differ from the published previews, and one never published", async () => {
    const published = await content.listMatchPreviews({ season: "2526" }, PUBLISHED);
    const drafts = await content.listMatchPreviews({ season: "2526" }, PREVIEW);
    const byId = new Map(published.map((p) => [p.id, p]));
    const changed = drafts.filter((d) => byId.has(d.id) && JSON.stringify(d) !== JSON.stringify(byId.get(d.id)));
    expect(changed.length).toBeGreaterThanOrEqual(3);
    expect(drafts.filter((d) => !byId.has(d.id)).map((d) => d.id)).toEqual([
      "matchPreview-2526-la-liga-girona-vs-barcelona",
    ]);
    expect((await content.getSiteSettings(PREVIEW))?.heroSubtext).not.toBe(HERO_SUBTEXT);
  });

  it("contains no HTML anywhere", () => {
    expect(JSON.stringify(seed)).not.toMatch(/<\/?[a-z][^>]*>/i);
  });
});
