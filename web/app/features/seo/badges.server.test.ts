import { describe, expect, it } from "vitest";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { leagueBadgeUrl, teamBadgeUrl } from "@shared/domain/urls";
import { BADGE_IMMUTABLE_CACHE, BADGE_UNVERSIONED_CACHE, badgeResponse, leagueBadgeResponse } from "./badges.server";

const ARSENAL = 42;

function get(path: string, headers: Record<string, string> = {}) {
  const warnings: string[] = [];
  const url = new URL(path, "http://localhost");
  const file = url.pathname.split("/").pop();
  const response = badgeResponse(new Request(url, { headers }), file, (message) => warnings.push(message));
  return { response, warnings };
}

describe("GET /badges/{teamId}.svg", () => {
  it("links badges by team id with the design version", () => {
    expect(teamBadgeUrl(ARSENAL)).toBe("/badges/42.svg?v=1");
  });

  it("answers a versioned URL with the SVG, cached for good, and an ETag", async () => {
    const { response, warnings } = get(teamBadgeUrl(ARSENAL));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(BADGE_IMMUTABLE_CACHE);
    expect(BADGE_IMMUTABLE_CACHE).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toMatch(/^"[\w-]{27}"$/);
    const svg = await response.text();
    expect(svg).toContain('<title id="badge-42-title">Arsenal</title>');
    expect(svg).toContain(">ARS</text>");
    expect(warnings).toEqual([]);
  });

  it("caches an unversioned or old-version URL for a day only", () => {
    expect(get("/badges/42.svg").response.headers.get("Cache-Control")).toBe(BADGE_UNVERSIONED_CACHE);
    expect(get("/badges/42.svg?v=0").response.headers.get("Cache-Control")).toBe(BADGE_UNVERSIONED_CACHE);
  });

  it("answers 304 without a body when the browser already holds that badge", async () => {
    const etag = get(teamBadgeUrl(ARSENAL)).response.headers.get("ETag")!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const { response } = get(teamBadgeUrl(ARSENAL), { "If-None-Match": ifNoneMatch });
      expect(response.status).toBe(304);
      expect(await response.text()).toBe("");
      expect(response.headers.get("ETag")).toBe(etag);
    }
    expect(get(teamBadgeUrl(ARSENAL), { "If-None-Match": '"other"' }).response.status).toBe(200);
    // Another club's badge has another ETag.
    expect(get(teamBadgeUrl(49)).response.headers.get("ETag")).not.toBe(etag);
  });

  it("is a 404 with a warning for an id the registry does not know", async () => {
    const { response, warnings } = get("/badges/999999.svg?v=1");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(warnings).toEqual(["Badge: no team with id 999999 in the registry; pages show no badge for it"]);
  });

  it.each(["42.png", "arsenal.svg", "42", "-42.svg", "42.svg.svg", "12345678901.svg", ""])(
    "is a 404 for the file name %j",
    (file) => {
      const { response, warnings } = get(`/badges/${file}`);
      expect(response.status).toBe(404);
      expect(warnings).toEqual([]);
    },
  );
});

function getLeagueMark(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost");
  return leagueBadgeResponse(new Request(url, { headers }), url.pathname.split("/").pop());
}

describe("GET /badges/leagues/{league}.svg", () => {
  it("links each league's mark by league key with the design version", () => {
    expect(LEAGUE_KEYS.map(leagueBadgeUrl)).toEqual([
      "/badges/leagues/premier-league.svg?v=1",
      "/badges/leagues/la-liga.svg?v=1",
      "/badges/leagues/bundesliga.svg?v=1",
      "/badges/leagues/serie-a.svg?v=1",
      "/badges/leagues/ligue1.svg?v=1",
    ]);
  });

  it.each(LEAGUE_KEYS)("answers the versioned URL of %s with its SVG, cached for good, and an ETag", async (league) => {
    const response = getLeagueMark(leagueBadgeUrl(league));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(BADGE_IMMUTABLE_CACHE);
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* role="img"/);
    const again = getLeagueMark(leagueBadgeUrl(league), { "If-None-Match": etag! });
    expect(again.status).toBe(304);
  });

  it("names the league in the mark and caches an unversioned URL for a day only", async () => {
    expect(await getLeagueMark("/badges/leagues/premier-league.svg?v=1").text()).toContain(
      '<title id="league-badge-premier-league-title">Premier League</title>',
    );
    expect(getLeagueMark("/badges/leagues/ligue1.svg").headers.get("Cache-Control")).toBe(BADGE_UNVERSIONED_CACHE);
  });

  it.each(["mls.svg", "ligue-1.svg", "premier-league.png", "premier-league", "39.svg", ""])(
    "is a 404 for the file name %j",
    (file) => {
      expect(getLeagueMark(`/badges/leagues/${file}`).status).toBe(404);
    },
  );
});
