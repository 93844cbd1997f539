import { createHash } from "node:crypto";
import { LEAGUE_BADGE_DESIGN_VERSION, leagueBadgeSvg } from "@shared/domain/league-badge";
import { isLeagueKey } from "@shared/domain/leagues";
import { BADGE_DESIGN_VERSION, teamBadgeSvg } from "@shared/domain/teams/badge";
import { getTeamById } from "@shared/domain/teams/registry";

/** A versioned badge URL never changes: the design version in it changes instead. */
export const BADGE_IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** A badge asked for without the current design version may be redrawn later. */
export const BADGE_UNVERSIONED_CACHE = "public, max-age=86400";

const BADGE_FILE = /^(\d{1,10})\.svg$/;

function etagOf(svg: string): string {
  return `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (weak or strong, as proxies may weaken it). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

const notFound = () =>
  new Response("Badge not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

/** A generated SVG with its ETag; cached for good when asked for with the current design version. */
function svgResponse(request: Request, svg: string, designVersion: number): Response {
  const etag = etagOf(svg);
  const version = new URL(request.url).searchParams.get("v");
  const headers = {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": version === String(designVersion) ? BADGE_IMMUTABLE_CACHE : BADGE_UNVERSIONED_CACHE,
    ETag: etag,
  };
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(svg, { status: 200, headers });
}

/**
 * GET /badges/{teamId}.svg: the club's generated badge. An unknown id or a file name of any other
 * shape is a 404; the unknown id is also logged, since a page asked for a badge of a team the
 * registry does not know (pages hide a badge that fails to load).
 */
export function badgeResponse(
  request: Request,
  file: string | undefined,
  warn: (message: string) => void = console.warn,
): Response {
  const id = BADGE_FILE.exec(file ?? "")?.[1];
  const team = id === undefined ? null : getTeamById(Number(id));
  if (!team) {
    if (id !== undefined) warn(`Badge: no team with id ${id} in the registry; pages show no badge for it`);
    return notFound();
  }
  return svgResponse(request, teamBadgeSvg(team), BADGE_DESIGN_VERSION);
}

const LEAGUE_BADGE_FILE = /^([a-z0-9-]{1,40})\.svg$/;

/**
 * GET /badges/leagues/{league}.svg: the league's generated mark (shared/domain/league-badge.ts),
 * named by league key (premier-league, la-liga, bundesliga, serie-a, ligue1), cached like club
 * badges. Any other name is a 404.
 */
export function leagueBadgeResponse(request: Request, file: string | undefined): Response {
  const league = LEAGUE_BADGE_FILE.exec(file ?? "")?.[1];
  if (!isLeagueKey(league)) return notFound();
  return svgResponse(request, leagueBadgeSvg(league), LEAGUE_BADGE_DESIGN_VERSION);
}
