import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { documentTitle, errorPageMeta, noindexMeta } from "~/route-meta";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  eventStatus,
  faqPageJsonLd,
  leagueSocialImage,
  organizationJsonLd,
  pageMeta,
  siteOrigin,
  sportsEventJsonLd,
  twitterHandle,
  type SiteSeo,
} from "./seo";
import { MATCH_NOT_FOUND } from "../match/match";
import { PLAYER_NOT_FOUND } from "../player/player";
import { TEAM_NOT_FOUND } from "../team/team";

const ORIGIN = "https://firstkickpicks.example";

function site(overrides: SiteSeo = {}): SiteSeo {
  return { siteUrl: ORIGIN, preview: false, socialUrl: "https://x.com/firstkickpicks", ...overrides };
}

/** The content of the meta tag with this name or property. */
function tag(meta: MetaDescriptor[], key: string): string | undefined {
  const found = meta.find((m) => ("name" in m && m.name === key) || ("property" in m && m.property === key));
  return found && "content" in found ? String(found.content) : undefined;
}

function canonical(meta: MetaDescriptor[]): string | undefined {
  const link = meta.find((m) => "tagName" in m && m.tagName === "link" && m.rel === "canonical");
  return link && "href" in link ? String(link.href) : undefined;
}

function jsonLd(meta: MetaDescriptor[]): Array<Record<string, unknown>> {
  return meta
    .filter((m) => "script:ld+json" in m)
    .map((m) => (m as { "script:ld+json": Record<string, unknown> })["script:ld+json"]);
}

describe("pageMeta", () => {
  const meta = pageMeta({
    site: site(),
    title: "Picks & Parlays: This Week's Top 10 Soccer Picks",
    description: "This week's top 10 soccer picks\n  ranked by confidence.",
    path: "/picks",
  });

  it("gives the title with the site name, the description on one line and index, follow", () => {
    expect(meta[0]).toEqual({ title: "Picks & Parlays: This Week's Top 10 Soccer Picks | First Kick Picks" });
    expect(tag(meta, "description")).toBe("This week's top 10 soccer picks ranked by confidence.");
    expect(tag(meta, "robots")).toBe("index, follow");
  });

  it("links the canonical URL absolutely, from the site's origin", () => {
    expect(canonical(meta)).toBe("https://firstkickpicks.example/picks");
    expect(tag(meta, "og:url")).toBe("https://firstkickpicks.example/picks");
  });

  it("gives Open Graph and Twitter cards with the 1200 by 630 site card", () => {
    expect(tag(meta, "og:type")).toBe("website");
    expect(tag(meta, "og:site_name")).toBe("First Kick Picks");
    expect(tag(meta, "og:title")).toBe("Picks & Parlays: This Week's Top 10 Soccer Picks");
    expect(tag(meta, "og:description")).toBe("This week's top 10 soccer picks ranked by confidence.");
    expect(tag(meta, "og:image")).toBe("https://firstkickpicks.example/social/card.png");
    expect(tag(meta, "og:image:width")).toBe("1200");
    expect(tag(meta, "og:image:height")).toBe("630");
    expect(tag(meta, "og:image:alt")).toContain("First Kick Picks");
    expect(tag(meta, "twitter:card")).toBe("summary_large_image");
    expect(tag(meta, "twitter:site")).toBe("@firstkickpicks");
    expect(tag(meta, "twitter:image")).toBe("https://firstkickpicks.example/social/card.png");
  });

  it("keeps draft preview and pages marked noindex out of search engines", () => {
    const page = { title: "About", description: "About us", path: "/about" };
    expect(tag(pageMeta({ ...page, site: site({ preview: true }) }), "robots")).toBe("noindex");
    expect(tag(pageMeta({ ...page, site: site(), noindex: true }), "robots")).toBe("noindex");
  });

  it("keeps a title that names the site already", () => {
    const home = pageMeta({
      site: site(),
      title: "First Kick Picks: Smart Picks. Fast Plays.",
      description: "d",
      path: "/",
    });
    expect(home[0]).toEqual({ title: "First Kick Picks: Smart Picks. Fast Plays." });
    expect(canonical(home)).toBe("https://firstkickpicks.example/");
  });

  it("uses a league's own card and adds the page's JSON-LD blocks, leaving out null ones", () => {
    const meta = pageMeta({
      site: site(),
      title: "Serie A Predictions & Betting Tips",
      description: "d",
      path: "/serie-a-predictions",
      image: leagueSocialImage("serie-a"),
      jsonLd: (origin) => [breadcrumbJsonLd(origin, [{ name: "Home", path: "/" }]), faqPageJsonLd([])],
    });
    expect(tag(meta, "og:image")).toBe("https://firstkickpicks.example/social/serie-a.png");
    expect(tag(meta, "og:image:alt")).toBe("First Kick Picks: Serie A predictions and betting tips");
    expect(jsonLd(meta).map((block) => block["@type"])).toEqual(["BreadcrumbList"]);
  });

  it("leaves out what needs an absolute URL when the site's origin is missing", () => {
    const meta = pageMeta({
      site: {},
      title: "About",
      description: "d",
      path: "/about",
      jsonLd: (origin) => [breadcrumbJsonLd(origin, [{ name: "Home", path: "/" }])],
    });
    expect(canonical(meta)).toBeUndefined();
    expect(tag(meta, "og:image")).toBeUndefined();
    expect(jsonLd(meta)).toEqual([]);
    expect(tag(meta, "twitter:card")).toBe("summary_large_image");
  });
});

describe("noindexMeta", () => {
  it("titles the page and keeps it out of search engines", () => {
    expect(noindexMeta({ title: "Page Not Found" })).toEqual([
      { title: "Page Not Found | First Kick Picks" },
      { name: "robots", content: "noindex" },
    ]);
  });
});

describe("errorPageMeta", () => {
  const routeError = (status: number, data = "") => ({ status, statusText: "", internal: false, data });

  it.each([
    [routeError(404), "Page Not Found | First Kick Picks"],
    [routeError(404, "Page Not Found"), "Page Not Found | First Kick Picks"],
    [routeError(404, "Match Not Found"), "Match Not Found | First Kick Picks"],
    [routeError(404, "Team Not Found"), "Team Not Found | First Kick Picks"],
    [routeError(404, "Player Not Found"), "Player Not Found | First Kick Picks"],
    [routeError(404, "<script>anything else</script>"), "Page Not Found | First Kick Picks"],
    [routeError(400), "Bad Request | First Kick Picks"],
    [routeError(405), "Error 405 | First Kick Picks"],
    [new Error("database down"), "Something went wrong | First Kick Picks"],
  ])("titles %j like the error view and keeps it out of search engines", (error, title) => {
    expect(errorPageMeta(error, [MATCH_NOT_FOUND, TEAM_NOT_FOUND, PLAYER_NOT_FOUND])).toEqual([
      { title },
      { name: "robots", content: "noindex" },
    ]);
  });

  it("titles a 404 with a view the route does not name as the site's own not-found page", () => {
    expect(errorPageMeta(routeError(404, "Match Not Found"), [TEAM_NOT_FOUND])[0]).toEqual({
      title: "Page Not Found | First Kick Picks",
    });
    expect(errorPageMeta(routeError(404, "Match Not Found"))[0]).toEqual({
      title: "Page Not Found | First Kick Picks",
    });
  });
});

describe("helpers", () => {
  it.each([
    ["https://x.com/firstkickpicks", "@firstkickpicks"],
    ["https://twitter.com/firstkickpicks/", "@firstkickpicks"],
    ["https://www.instagram.com/firstkickpicks", null],
    ["https://x.com/firstkickpicks/status/1", null],
    ["not a url", null],
  ])("twitterHandle(%s) is %s", (url, handle) => {
    expect(twitterHandle(url)).toBe(handle);
  });

  it("reads the origin from the site's URL", () => {
    expect(siteOrigin(site({ siteUrl: "https://firstkickpicks.example/" }))).toBe(ORIGIN);
    expect(siteOrigin({})).toBeNull();
    expect(siteOrigin({ siteUrl: "not a url" })).toBeNull();
    expect(absoluteUrl(ORIGIN, "/picks/epl")).toBe("https://firstkickpicks.example/picks/epl");
    expect(documentTitle("Terms of Service")).toBe("Terms of Service | First Kick Picks");
  });
});

describe("structured data", () => {
  it("lists a breadcrumb trail with positions and absolute URLs", () => {
    expect(
      breadcrumbJsonLd(ORIGIN, [
        { name: "Home", path: "/" },
        { name: "Premier League Predictions", path: "/premier-league-predictions" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://firstkickpicks.example/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Premier League Predictions",
          item: "https://firstkickpicks.example/premier-league-predictions",
        },
      ],
    });
    expect(breadcrumbJsonLd(ORIGIN, [])).toBeNull();
  });

  it("describes the site as an Organization with its logo and social profile", () => {
    expect(organizationJsonLd(ORIGIN, "https://x.com/firstkickpicks")).toMatchObject({
      "@type": "Organization",
      name: "First Kick Picks",
      url: "https://firstkickpicks.example/",
      logo: { "@type": "ImageObject", url: "https://firstkickpicks.example/social/logo.png", width: 512, height: 512 },
      sameAs: ["https://x.com/firstkickpicks"],
    });
  });

  it("gives an FAQPage only for answered questions", () => {
    expect(
      faqPageJsonLd([
        { question: "Do you take bets?", answer: "No. We take no bets." },
        { question: "Empty?", answer: " " },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "Do you take bets?",
          acceptedAnswer: { "@type": "Answer", text: "No. We take no bets." },
        },
      ],
    });
    expect(faqPageJsonLd([])).toBeNull();
  });

  const match = {
    path: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
    league: "premier-league" as const,
    kickoffAt: "2026-02-07T15:00:00.000Z",
    state: "live" as const,
    status: "2H",
    home: { name: "Arsenal", slug: "arsenal" },
    away: { name: "Sunderland", slug: "sunderland" },
    place: { name: "Emirates Stadium", locality: "London", country: "GB" },
  };

  it("describes a match as a SportsEvent with its teams, kick-off, venue and page", () => {
    expect(sportsEventJsonLd(ORIGIN, match)).toEqual({
      "@context": "https://schema.org",
      "@type": "SportsEvent",
      name: "Arsenal vs Sunderland",
      sport: "Soccer",
      startDate: "2026-02-07T15:00:00.000Z",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Emirates Stadium",
        address: { "@type": "PostalAddress", addressLocality: "London", addressCountry: "GB" },
      },
      homeTeam: {
        "@type": "SportsTeam",
        name: "Arsenal",
        sport: "Soccer",
        url: "https://firstkickpicks.example/premier-league/teams/arsenal",
      },
      awayTeam: {
        "@type": "SportsTeam",
        name: "Sunderland",
        sport: "Soccer",
        url: "https://firstkickpicks.example/premier-league/teams/sunderland",
      },
      url: "https://firstkickpicks.example/premier-league-predictions/arsenal-vs-sunderland-prediction",
      image: "https://firstkickpicks.example/social/premier-league.png",
    });
  });

  it("leaves out an unknown venue and the URL of a team without a slug", () => {
    const event = sportsEventJsonLd(ORIGIN, { ...match, place: null, away: { name: "Team 999", slug: null } });
    expect(event).not.toHaveProperty("location");
    expect(event.awayTeam).toEqual({ "@type": "SportsTeam", name: "Team 999", sport: "Soccer" });
  });

  it.each([
    ["pre-match", "NS", "EventScheduled"],
    ["live", "1H", "EventScheduled"],
    ["post-match", "FT", "EventScheduled"],
    ["pre-match", "PST", "EventPostponed"],
    ["pre-match", "CANC", "EventCancelled"],
    ["live", "ABD", "EventCancelled"],
    ["pre-match", null, "EventScheduled"],
  ] as const)("a %s match with status %s is %s", (state, status, expected) => {
    expect(eventStatus(state, status)).toBe(expected);
  });
});
