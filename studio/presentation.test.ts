import { describe, expect, it } from "vitest";
import type { DocumentLocationResolverObject, DocumentLocationsState } from "sanity/presentation";
import { locations, presentationOptions } from "./presentation";

const resolve = (type: string, document: Record<string, unknown> | null) =>
  (locations[type] as DocumentLocationResolverObject).resolve(document);

describe("where the Presentation tool shows each document", () => {
  it("opens a match preview on its canonical match page", () => {
    expect(
      resolve("matchPreview", { league: "ligue1", homeTeam: "paris-saint-germain", awayTeam: "marseille" }),
    ).toEqual({
      locations: [
        {
          title: "Paris Saint-Germain vs Olympique de Marseille",
          href: "/ligue-1-predictions/paris-saint-germain-vs-marseille-prediction",
        },
        { title: "Ligue 1 predictions", href: "/ligue-1-predictions" },
      ],
    });
    expect(resolve("matchPreview", { league: "ligue1" })).toBeNull();
  });

  it("opens team profiles, static pages, settings and the parlay where they appear", () => {
    expect(resolve("teamProfile", { league: "premier-league", team: "manchester-city" })).toEqual({
      locations: [{ title: "Manchester City", href: "/premier-league/teams/manchester-city" }],
    });
    expect(resolve("staticPage", { page: "responsible-gambling" })).toEqual({
      locations: [{ title: "Responsible Gambling", href: "/responsible-gambling" }],
    });
    expect((locations.siteSettings as DocumentLocationsState).locations).toEqual([{ title: "Home", href: "/" }]);
    expect((locations.sundayParlay as DocumentLocationsState).locations).toEqual([
      { title: "Picks & Parlays", href: "/picks" },
    ]);
  });

  it("enters preview through the site's preview route", () => {
    expect(presentationOptions.previewUrl).toEqual({
      initial: "http://localhost:3000",
      previewMode: { enable: "/api/preview-mode/enable", disable: "/api/preview-mode/disable" },
    });
  });
});
