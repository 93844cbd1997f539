/**
 * League marks drawn by the site itself, as club badges are (teams/badge.ts): the product may not
 * use the leagues' logos, so each league gets a plain roundel in two colours with a short label.
 * The same league always gives the same SVG, so the URL can be cached for good;
 * LEAGUE_BADGE_DESIGN_VERSION goes into the URL and changes whenever this drawing changes.
 */
import { LEAGUES, type LeagueKey } from "./leagues";

export const LEAGUE_BADGE_DESIGN_VERSION = 1;

export interface LeagueBadgeDesign {
  /** Two characters: "PL", "L1". */
  label: string;
  fill: string;
  text: string;
  /** The inner ring. */
  trim: string;
}

/** Each label is at least 4.5:1 against its fill (checked in the tests). */
export const LEAGUE_BADGE_DESIGNS: Readonly<Record<LeagueKey, LeagueBadgeDesign>> = {
  "premier-league": { label: "PL", fill: "#3d195b", text: "#ffffff", trim: "#00ff85" },
  "la-liga": { label: "LL", fill: "#b3261e", text: "#ffffff", trim: "#ffd23f" },
  bundesliga: { label: "BL", fill: "#1f1f1f", text: "#ffffff", trim: "#d20515" },
  "serie-a": { label: "SA", fill: "#0b3b8c", text: "#ffffff", trim: "#3fb6ff" },
  ligue1: { label: "L1", fill: "#091c3e", text: "#dae025", trim: "#dae025" },
};

/** The mark as a standalone SVG document (100 × 100), with role="img" and a <title>. */
export function leagueBadgeSvg(league: LeagueKey): string {
  const design = LEAGUE_BADGE_DESIGNS[league];
  const titleId = `league-badge-${league}-title`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img" aria-labelledby="${titleId}">`,
    `<title id="${titleId}">${LEAGUES[league].name}</title>`,
    `<circle cx="50" cy="50" r="47" fill="${design.fill}"/>`,
    `<circle cx="50" cy="50" r="40" fill="none" stroke="${design.trim}" stroke-width="3"/>`,
    `<text x="50" y="61" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="32" font-weight="700" fill="${design.text}">${design.label}</text>`,
    `</svg>`,
  ].join("");
}
