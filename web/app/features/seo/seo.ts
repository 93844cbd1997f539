/**
 * Page metadata: one builder for every page's head tags, so that each page type gets the same
 * title, description, absolute canonical link, Open Graph and Twitter cards (a 1200×630 image),
 * robots directive and structured data (JSON-LD). The page loaders call it on the server
 * (page-meta.server.ts) and send the result as `meta` in their data; the routes' `meta` exports
 * return it (route-meta.ts), so this module never reaches the browser.
 *
 *   pageMeta({
 *     site,
 *     title: `${team.name} Stats & Form`,
 *     description: `...`,
 *     path: teamUrl(league, team.slug),
 *     image: leagueSocialImage(league),
 *     jsonLd: (origin) => [breadcrumbJsonLd(origin, [{ name: "Home", path: HOME }, ...])],
 *   })
 *
 * - `title` is the page's own title; the document title appends " | First Kick Picks" unless the
 *   site name is already in it. `path` is the page's canonical path (urls.ts builders).
 * - `site` holds the public origin (SITE_URL), whether draft preview is on (always `noindex`) and
 *   the site's social profile (seo.server.ts `siteSeo`).
 * - Pages that must stay out of search engines (internal pages, the social-card preview,
 *   redirect screens) use `noindexMeta`; a page whose loader failed uses `errorPageMeta` (both
 *   in route-meta.ts, as the browser needs them for error pages).
 * - JSON-LD blocks are built by `breadcrumbJsonLd`, `sportsEventJsonLd`, `organizationJsonLd`,
 *   `webSiteJsonLd` and `faqPageJsonLd`; a builder that has nothing to say returns null and is
 *   left out.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import type { MatchState } from "@shared/domain/picks";
import { SITE_NAME, SOCIAL_URL } from "@shared/domain/site";
import { HOME, teamUrl } from "@shared/domain/urls";
import { documentTitle, oneLine, ROBOTS_INDEX, ROBOTS_NOINDEX } from "~/route-meta";
import { structuredDataOnce } from "~/markup-scope.server";

export interface SocialImage {
  /** Path under the site's origin. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** Spec 9: "Social card image 1200 by 630". */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** The site's card, rendered by web/scripts/render-social-images.ts. */
export const SITE_SOCIAL_IMAGE: SocialImage = {
  path: "/social/card.png",
  width: SOCIAL_IMAGE_WIDTH,
  height: SOCIAL_IMAGE_HEIGHT,
  alt: `${SITE_NAME}: soccer predictions for the Premier League, La Liga, Bundesliga, Serie A and Ligue 1`,
};

/** The square logo of the Organization block. */
export const SITE_LOGO = { path: "/social/logo.png", width: 512, height: 512 } as const;

/** Each league's card: the league pages, their matches and picks share it. */
export function leagueSocialImage(league: LeagueKey): SocialImage {
  const { name, urlSlug } = LEAGUES[league];
  return {
    path: `/social/${urlSlug}.png`,
    width: SOCIAL_IMAGE_WIDTH,
    height: SOCIAL_IMAGE_HEIGHT,
    alt: `${SITE_NAME}: ${name} predictions and betting tips`,
  };
}

/** What every page's metadata needs to know about the site and the request. */
export interface SiteSeo {
  /** The public origin (SITE_URL); without it nothing absolute can be linked. */
  siteUrl?: string;
  /** Draft preview: always noindex. */
  preview?: boolean;
  /** The site's social profile (editors may change it in the site settings). */
  socialUrl?: string;
}

/** The site's public origin (no trailing slash), or null when it is not known. */
export function siteOrigin(site: SiteSeo): string | null {
  const siteUrl = site.siteUrl;
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}

/** The site's social profile, the built-in one when none is set. */
export function siteSocialUrl(site: SiteSeo): string {
  return site.socialUrl || SOCIAL_URL;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

/** "@firstkickpicks" for an X (Twitter) profile URL, else null. */
export function twitterHandle(socialUrl: string | undefined): string | null {
  if (!socialUrl) return null;
  try {
    const url = new URL(socialUrl);
    if (!["x.com", "www.x.com", "twitter.com", "www.twitter.com"].includes(url.hostname)) return null;
    const handle = /^\/([A-Za-z0-9_]{1,15})\/?$/.exec(url.pathname)?.[1];
    return handle ? `@${handle}` : null;
  } catch {
    return null;
  }
}

export type JsonLd = Record<string, unknown>;

export interface PageSeo {
  site: SiteSeo;
  title: string;
  description: string;
  /** The canonical path of the page, e.g. "/picks". */
  path: string;
  /** Defaults to the site's card. */
  image?: SocialImage;
  /** Keeps a page out of search engines; draft preview always is. */
  noindex?: boolean;
  /** Structured data for the page, given the site's origin; null entries are left out. */
  jsonLd?: (origin: string) => ReadonlyArray<JsonLd | null>;
}

export function pageMeta({
  site,
  title,
  description,
  path,
  image = SITE_SOCIAL_IMAGE,
  noindex,
  jsonLd,
}: PageSeo): MetaDescriptor[] {
  const origin = siteOrigin(site);
  const text = oneLine(description);
  const meta: MetaDescriptor[] = [
    { title: documentTitle(title) },
    { name: "description", content: text },
    { name: "robots", content: noindex || site.preview ? ROBOTS_NOINDEX : ROBOTS_INDEX },
  ];
  const handle = twitterHandle(siteSocialUrl(site));
  meta.push(
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { name: "twitter:card", content: "summary_large_image" },
    ...(handle ? [{ name: "twitter:site", content: handle }] : []),
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
  );
  // Without the origin there is nothing absolute to point at: no canonical, card image or JSON-LD.
  if (!origin) return meta;
  const url = absoluteUrl(origin, path);
  const imageUrl = absoluteUrl(origin, image.path);
  meta.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  );
  for (const block of jsonLd?.(origin) ?? []) {
    // Whole in the page's head, not again in its loader data (markup-scope.server.ts).
    if (block) meta.push({ "script:ld+json": structuredDataOnce(block) });
  }
  return meta;
}

const CONTEXT = "https://schema.org";

export function organizationJsonLd(origin: string, socialUrl: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": absoluteUrl(origin, "/#organization"),
    name: SITE_NAME,
    url: absoluteUrl(origin, HOME),
    logo: {
      "@type": "ImageObject",
      url: absoluteUrl(origin, SITE_LOGO.path),
      width: SITE_LOGO.width,
      height: SITE_LOGO.height,
    },
    sameAs: [socialUrl],
  };
}

export function webSiteJsonLd(origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: SITE_NAME,
    url: absoluteUrl(origin, HOME),
    publisher: { "@id": absoluteUrl(origin, "/#organization") },
  };
}

export interface BreadcrumbItem {
  name: string;
  path: string;
}

/** The trail from the home page to this page, the page itself last. */
export function breadcrumbJsonLd(origin: string, items: readonly BreadcrumbItem[]): JsonLd | null {
  if (items.length === 0) return null;
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Only for questions and answers the page shows; none, no block. */
export function faqPageJsonLd(items: readonly FaqItem[]): JsonLd | null {
  const answered = items.filter((item) => item.question.trim() && item.answer.trim());
  if (answered.length === 0) return null;
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: answered.map((item) => ({
      "@type": "Question",
      name: oneLine(item.question),
      acceptedAnswer: { "@type": "Answer", text: oneLine(item.answer) },
    })),
  };
}

/** Where a match is played, as far as it is known. */
export interface MatchPlace {
  name: string;
  locality: string | null;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
}

export interface SportsEventFacts {
  /** The match page's canonical path. */
  path: string;
  league: LeagueKey;
  /** ISO instant of kick-off. */
  kickoffAt: string;
  state: MatchState;
  /** The provider's short status: PST and CANC say more than the state. */
  status: string | null;
  home: { name: string; slug: string | null };
  away: { name: string; slug: string | null };
  place: MatchPlace | null;
  description?: string;
  image?: SocialImage;
}

type EventStatus = "EventScheduled" | "EventPostponed" | "EventCancelled";

/**
 * schema.org's EventStatusType has no "in play" or "finished": a match that kicks off and ends
 * as planned stays EventScheduled; only postponed and called-off matches say otherwise.
 */
export function eventStatus(state: MatchState, status: string | null): EventStatus {
  const code = status?.toUpperCase() ?? "";
  if (state !== "post-match" && code === "PST") return "EventPostponed";
  if (code === "CANC" || code === "ABD") return "EventCancelled";
  return "EventScheduled";
}

function sportsTeam(origin: string, league: LeagueKey, team: { name: string; slug: string | null }): JsonLd {
  return {
    "@type": "SportsTeam",
    name: team.name,
    sport: "Soccer",
    ...(team.slug ? { url: absoluteUrl(origin, teamUrl(league, team.slug)) } : {}),
  };
}

export function sportsEventJsonLd(origin: string, match: SportsEventFacts): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "SportsEvent",
    name: `${match.home.name} vs ${match.away.name}`,
    sport: "Soccer",
    startDate: new Date(match.kickoffAt).toISOString(),
    eventStatus: `https://schema.org/${eventStatus(match.state, match.status)}`,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...(match.place
      ? {
          location: {
            "@type": "Place",
            name: match.place.name,
            address: {
              "@type": "PostalAddress",
              ...(match.place.locality ? { addressLocality: match.place.locality } : {}),
              addressCountry: match.place.country,
            },
          },
        }
      : {}),
    homeTeam: sportsTeam(origin, match.league, match.home),
    awayTeam: sportsTeam(origin, match.league, match.away),
    url: absoluteUrl(origin, match.path),
    ...(match.description ? { description: oneLine(match.description) } : {}),
    image: absoluteUrl(origin, (match.image ?? leagueSocialImage(match.league)).path),
  };
}

/** Spec: "The top 3 matches feed page metadata": "Arsenal vs Chelsea, Leeds vs Fulham, ...". */
export function topMatchups(matches: ReadonlyArray<{ home: { name: string }; away: { name: string } }>): string {
  return matches
    .slice(0, 3)
    .map((m) => `${m.home.name} vs ${m.away.name}`)
    .join(", ");
}
