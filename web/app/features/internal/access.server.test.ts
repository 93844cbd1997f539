import { describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import {
  INTERNAL_COOKIE,
  INTERNAL_COOKIE_MAX_AGE_SECONDS,
  INTERNAL_PATHS,
  accessCookieValue,
  checkInternalEndpoint,
  requireInternalPage,
} from "./access.server";

const TOKEN = "internal-pages-token-0123456789";
const SITE = "http://127.0.0.1:3000";
const open = parseEnv({ INTERNAL_PAGES_TOKEN: TOKEN, SITE_URL: SITE });
const closed = parseEnv({ SITE_URL: SITE });
const NOW = Date.parse("2026-02-07T15:50:00Z");

/** What requireInternalPage threw (pages answer by throwing a Response, as loaders do). */
function thrown(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a Response to be thrown");
}

const page = (path: string, headers: Record<string, string> = {}) => new Request(`${SITE}${path}`, { headers });

/** The Cookie header a browser sends to `path` after the redirect that set the access cookies. */
function cookieHeaderFor(path: string, setCookies: string[]): string {
  const sent = setCookies.filter((cookie) => {
    const cookiePath = /Path=([^;]+)/.exec(cookie)![1];
    return path === cookiePath || path.startsWith(`${cookiePath}/`);
  });
  return sent.map((cookie) => cookie.split(";")[0]).join("; ");
}

function openWithToken(path = "/test-api"): Response {
  return thrown(() => requireInternalPage(page(`${path}?token=${TOKEN}`), open, NOW));
}

describe("internal pages without the token", () => {
  it.each([
    ["no token configured", closed, "/test-api", {}],
    ["no token configured, the right one presented", closed, "/api-status", { Authorization: `Bearer ${TOKEN}` }],
    ["no token configured, in the query", closed, `/test-api?token=${TOKEN}`, {}],
    ["nothing presented", open, "/test-api", {}],
    ["a wrong token in the header", open, "/api-status", { Authorization: "Bearer not-the-internal-token-at-all" }],
    ["the token without Bearer", open, "/api-status", { Authorization: TOKEN }],
    ["a wrong token in the query", open, "/test-api?token=not-the-internal-token-at-all", {}],
    ["a forged cookie", open, "/test-api", { Cookie: `${INTERNAL_COOKIE}=9999999999.${"A".repeat(43)}` }],
    ["the token itself as the cookie", open, "/test-api", { Cookie: `${INTERNAL_COOKIE}=${TOKEN}` }],
  ] as const)("is the site's not-found page: %s", (_case, env, path, headers) => {
    const response = thrown(() => requireInternalPage(page(path, headers), env, NOW));
    expect(response.status).toBe(404);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    return expect(response.text()).resolves.toBe("Page Not Found");
  });

  it.each([
    ["no token configured", closed, { Authorization: `Bearer ${TOKEN}` }],
    ["nothing presented", open, {}],
    ["a wrong token", open, { Authorization: "Bearer not-the-internal-token-at-all" }],
  ] as const)("makes every endpoint a JSON 404: %s", async (_case, env, headers) => {
    for (const [method, path] of [
      ["GET", "/api/find-united-brighton"],
      ["GET", "/api/live-match"],
      ["POST", "/api/matches/from-api/1379121"],
    ]) {
      const response = checkInternalEndpoint(
        new Request(`${SITE}${path}`, { method, headers: { ...headers, Origin: SITE } }),
        env,
        NOW,
      );
      expect(response?.status).toBe(404);
      expect(response?.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await response?.json()).toEqual({ error: "Not Found" });
    }
  });

  it("does not take the token in an endpoint's query", () => {
    const response = checkInternalEndpoint(new Request(`${SITE}/api/live-match?token=${TOKEN}`), open, NOW);
    expect(response?.status).toBe(404);
  });
});

describe("opening the internal pages with the token", () => {
  it("takes it once in the query: an HMAC cookie for every internal path and a redirect without the token", async () => {
    const response = thrown(() => requireInternalPage(page(`/api-status?token=${TOKEN}&view=jobs`), open, NOW));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/api-status?view=jobs");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => /Path=([^;]+)/.exec(cookie)![1])).toEqual([...INTERNAL_PATHS]);
    for (const cookie of cookies) {
      expect(cookie).toMatch(new RegExp(`^${INTERNAL_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43}; `));
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Strict");
      expect(cookie).toContain(`Max-Age=${INTERNAL_COOKIE_MAX_AGE_SECONDS}`);
      expect(cookie).not.toContain("Secure");
      expect(cookie).not.toContain(TOKEN);
    }
    expect([...response.headers.values()].join("\n")).not.toContain(TOKEN);
    expect(await response.text()).toBe("");
  });

  it("marks the cookie Secure over https", () => {
    const response = thrown(() =>
      requireInternalPage(new Request(`https://fkp.example/test-api?token=${TOKEN}`), open, NOW),
    );
    expect(response.headers.getSetCookie().every((cookie) => cookie.endsWith("; Secure"))).toBe(true);
  });

  it("lets the cookie open both pages and call the endpoints it is scoped to", () => {
    const cookies = openWithToken().headers.getSetCookie();
    expect(
      requireInternalPage(page("/api-status", { Cookie: cookieHeaderFor("/api-status", cookies) }), open, NOW),
    ).toBe("cookie");
    expect(requireInternalPage(page("/test-api", { Cookie: cookieHeaderFor("/test-api", cookies) }), open, NOW)).toBe(
      "cookie",
    );
    for (const path of ["/api/find-united-brighton", "/api/live-match"]) {
      expect(
        checkInternalEndpoint(
          new Request(`${SITE}${path}`, { headers: { Cookie: cookieHeaderFor(path, cookies) } }),
          open,
          NOW,
        ),
      ).toBeNull();
    }
    // No cookie reaches other paths of the site.
    expect(cookieHeaderFor("/", cookies)).toBe("");
    expect(cookieHeaderFor("/api/matches/12", cookies)).toBe("");
    expect(cookieHeaderFor("/test-api-other", cookies)).toBe("");
  });

  it("takes the header on pages and endpoints", () => {
    const headers = { Authorization: `Bearer ${TOKEN}` };
    expect(requireInternalPage(page("/api-status", headers), open, NOW)).toBe("header");
    expect(checkInternalEndpoint(new Request(`${SITE}/api/live-match`, { headers }), open, NOW)).toBeNull();
  });

  it("refuses a cookie once it has expired, or after the token changed", () => {
    const cookie = `${INTERNAL_COOKIE}=${accessCookieValue(TOKEN, NOW)}`;
    const later = NOW + (INTERNAL_COOKIE_MAX_AGE_SECONDS - 1) * 1000;
    expect(requireInternalPage(page("/test-api", { Cookie: cookie }), open, later)).toBe("cookie");
    const expired = NOW + INTERNAL_COOKIE_MAX_AGE_SECONDS * 1000;
    expect(thrown(() => requireInternalPage(page("/test-api", { Cookie: cookie }), open, expired)).status).toBe(404);
    const rotated = parseEnv({ INTERNAL_PAGES_TOKEN: "a-new-internal-pages-token-9876", SITE_URL: SITE });
    expect(thrown(() => requireInternalPage(page("/test-api", { Cookie: cookie }), rotated, NOW)).status).toBe(404);
  });

  it("refuses a cookie whose expiry was moved: the HMAC covers it", () => {
    const [expires, signature] = accessCookieValue(TOKEN, NOW).split(".");
    const extended = `${INTERNAL_COOKIE}=${Number(expires) + 86_400}.${signature}`;
    expect(thrown(() => requireInternalPage(page("/test-api", { Cookie: extended }), open, NOW)).status).toBe(404);
  });
});

describe("changing data from a browser (CSRF)", () => {
  const cookie = `${INTERNAL_COOKIE}=${accessCookieValue(TOKEN, NOW)}`;
  const post = (headers: Record<string, string>, url = `${SITE}/api/matches/from-api`) =>
    checkInternalEndpoint(new Request(url, { method: "POST", headers }), open, NOW);

  it("takes a POST with the cookie from the site's own pages", () => {
    expect(post({ Cookie: cookie, Origin: SITE })).toBeNull();
    // Behind a proxy the request may name another host than SITE_URL; the configured origin counts too.
    expect(post({ Cookie: cookie, Origin: SITE }, "http://10.0.0.5:3000/api/matches/from-api")).toBeNull();
  });

  it.each([
    ["another site's Origin", { Origin: "https://attacker.example" }],
    ["no Origin", {}],
    ["Origin null (a sandboxed frame)", { Origin: "null" }],
  ])("refuses a POST with the cookie and %s", async (_case, headers) => {
    const response = post({ Cookie: cookie, ...headers });
    expect(response?.status).toBe(403);
    expect(response?.headers.get("Cache-Control")).toBe("no-store");
    expect(await response?.json()).toEqual({
      error: "Refused: a request that changes data must come from this site's own pages.",
    });
  });

  it("takes a POST with the header and no Origin (a script, not a browser), but not one naming another site", () => {
    expect(post({ Authorization: `Bearer ${TOKEN}` })).toBeNull();
    expect(post({ Authorization: `Bearer ${TOKEN}`, Origin: "https://attacker.example" })?.status).toBe(403);
  });
});
