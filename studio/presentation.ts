/**
 * The Presentation tool: the real site in preview mode beside the editor. Preview mode is
 * entered through the site's /api/preview-mode/enable route with a secret the tool creates;
 * each document type knows the canonical pages that show it.
 */
import type { DocumentLocationResolvers, PresentationPluginOptions } from "sanity/presentation";
import { isLeagueKey, LEAGUES } from "@shared/domain/leagues";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import {
  ABOUT,
  HOME,
  PICKS,
  PRIVACY,
  RESPONSIBLE_GAMBLING,
  TERMS,
  leagueUrl,
  matchUrl,
  teamUrl,
} from "@shared/domain/urls";
import { DOCUMENT_TYPES, STATIC_PAGES, type StaticPageKey } from "@shared/content/ids";
import { PREVIEW_MODE_DISABLE_PATH, PREVIEW_MODE_ENABLE_PATH } from "@shared/content/preview-mode";
import { STATIC_PAGE_TITLES } from "./static-pages";
import { previewSiteUrl } from "./environment";

const STATIC_PAGE_URLS: Readonly<Record<StaticPageKey, string>> = {
  about: ABOUT,
  terms: TERMS,
  privacy: PRIVACY,
  "responsible-gambling": RESPONSIBLE_GAMBLING,
};

const teamName = (slug: string) => getTeamBySlug(slug)?.name ?? slug;
const isStaticPage = (page: unknown): page is StaticPageKey => (STATIC_PAGES as readonly unknown[]).includes(page);

/** The fields a resolver selects, as the schema stores them (absent until an editor fills them in). */
type Selected<K extends string> = Partial<Record<K, string>> | null;

export const locations: DocumentLocationResolvers = {
  [DOCUMENT_TYPES.matchPreview]: {
    select: { league: "league", homeTeam: "homeTeam", awayTeam: "awayTeam" },
    resolve: (doc: Selected<"league" | "homeTeam" | "awayTeam">) =>
      doc && isLeagueKey(doc.league) && doc.homeTeam && doc.awayTeam
        ? {
            locations: [
              {
                title: `${teamName(doc.homeTeam)} vs ${teamName(doc.awayTeam)}`,
                href: matchUrl(doc.league, doc.homeTeam, doc.awayTeam),
              },
              { title: `${LEAGUES[doc.league].name} predictions`, href: leagueUrl(doc.league) },
            ],
          }
        : null,
  },
  [DOCUMENT_TYPES.teamProfile]: {
    select: { league: "league", team: "team" },
    resolve: (doc: Selected<"league" | "team">) =>
      doc && isLeagueKey(doc.league) && doc.team
        ? { locations: [{ title: teamName(doc.team), href: teamUrl(doc.league, doc.team) }] }
        : null,
  },
  [DOCUMENT_TYPES.staticPage]: {
    select: { page: "page" },
    resolve: (doc: Selected<"page">) =>
      doc && isStaticPage(doc.page)
        ? { locations: [{ title: STATIC_PAGE_TITLES[doc.page], href: STATIC_PAGE_URLS[doc.page] }] }
        : null,
  },
  [DOCUMENT_TYPES.siteSettings]: { locations: [{ title: "Home", href: HOME }] },
  [DOCUMENT_TYPES.sundayParlay]: { locations: [{ title: "Picks & Parlays", href: PICKS }] },
};

export const presentationOptions: PresentationPluginOptions = {
  previewUrl: {
    initial: previewSiteUrl,
    previewMode: { enable: PREVIEW_MODE_ENABLE_PATH, disable: PREVIEW_MODE_DISABLE_PATH },
  },
  resolve: { locations },
};
