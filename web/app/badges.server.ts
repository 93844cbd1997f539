import { createHash } from "node:crypto";
import { BADGE_DESIGN_VERSION, teamBadgeSvg } from "../../shared/domain/teams/badge";
import { getTeamById } from "../../shared/domain/teams/registry";

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

/**
 * GET /badges/{teamId}.svg: the club's generated badge. An unknown id or a file name of any other
 * shape is a 404; the unknown id is also logged, since a page asked for a badge of a team the
 * registry does not know (pages hide a badge that fails to load).
 */
export function badgeResponse(request: Request, file: string | undefined, warn: (message: string) => void = console.warn): Response {
  const id = BADGE_FILE.exec(file ?? "")?.[1];
  const team = id === undefined ? null : getTeamById(Number(id));
  if (!team) {
    if (id !== undefined) warn(`Badge: no team with id ${id} in the registry; pages show no badge for it`);
    return new Response("Badge not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" } });
  }
  const svg = teamBadgeSvg(team);
  const etag = etagOf(svg);
  const version = new URL(request.url).searchParams.get("v");
  const headers = {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": version === String(BADGE_DESIGN_VERSION) ? BADGE_IMMUTABLE_CACHE : BADGE_UNVERSIONED_CACHE,
    ETag: etag,
  };
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(svg, { status: 200, headers });
}
