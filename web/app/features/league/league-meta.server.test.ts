import { describe, expect, it } from "vitest";
import { leaguePageMeta } from "./league-meta.server";

const site = { siteUrl: "https://firstkickpicks.example", preview: false, socialUrl: "https://x.com/firstkickpicks" };

describe("leaguePageMeta", () => {
  it("gives the trail the page shows up to the league page itself as its BreadcrumbList", () => {
    const meta = leaguePageMeta({ league: "la-liga", name: "La Liga", matches: [] }, site);
    const trail = meta.find((m) => "script:ld+json" in m) as {
      "script:ld+json": { "@type": string; itemListElement: unknown[] };
    };
    expect(trail["script:ld+json"]).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: "https://firstkickpicks.example/" },
        { position: 2, name: "La Liga Predictions", item: "https://firstkickpicks.example/la-liga-predictions" },
      ],
    });
    expect(trail["script:ld+json"].itemListElement).toHaveLength(2);
  });
});
