import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanityContentSource } from "@shared/content/sanity-source";
import { startSanityApiServer, type SanityApiServer } from "@shared/content/test-sanity-api";
import { testContentDocuments } from "@shared/content/test-content";
import { enterPreview, exitPreview, sameSitePath } from "./preview-mode.server";
import {
  contentRouteContext,
  cookieFrom,
  localContext,
  removeTemporaryDatasets,
  temporaryDataset,
} from "~/test-context";

afterAll(removeTemporaryDatasets);

const SECRET = "preview-secret-for-tests";
const SITE = "http://localhost:3000";
const dataset = temporaryDataset(testContentDocuments());
const enter = (query: string) => new Request(`${SITE}/api/preview-mode/enable${query}`);

describe("entering and leaving preview with PREVIEW_SECRET", () => {
  const context = localContext({ PREVIEW_SECRET: SECRET }, dataset);

  it("opens preview with the right secret: a signed http-only cookie and a redirect to the page", async () => {
    const response = await enterPreview(
      enter(`?sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2Fpicks%3Fleague%3Depl`),
      context,
    );
    expect(response.status).toBe(307);
    expect(response.headers.get("Location")).toBe("/picks?league=epl");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^fkp_preview=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Max-Age=3600");

    const later = new Request(`${SITE}/`, { headers: { Cookie: cookieFrom(response) } });
    expect(await context.previewSessions.isActive(later)).toBe(true);
    expect(await context.previewSessions.isActive(new Request(`${SITE}/`))).toBe(false);
  });

  it.each([
    ["a wrong secret", `?sanity-preview-secret=not-the-secret`],
    ["no secret", ``],
    ["the secret in another parameter", `?secret=${SECRET}`],
  ])("answers %s with a 401 and no cookie", async (_case, query) => {
    const response = await enterPreview(enter(query), context);
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toBe("Invalid preview secret.");
  });

  it("does not accept a forged or tampered cookie", async () => {
    const opened = await enterPreview(enter(`?sanity-preview-secret=${SECRET}`), context);
    const [name, value] = cookieFrom(opened).split("=");
    const tampered = `${name}=${value.slice(0, -2)}xx`;
    expect(await context.previewSessions.isActive(new Request(SITE, { headers: { Cookie: tampered } }))).toBe(false);
    const otherSite = localContext({ PREVIEW_SECRET: SECRET, SESSION_SECRET: "another-session-secret" }, dataset);
    expect(
      await otherSite.previewSessions.isActive(new Request(SITE, { headers: { Cookie: cookieFrom(opened) } })),
    ).toBe(false);
  });

  it("leaves preview: the cookie is cleared and the editor returns to the page", async () => {
    const opened = await enterPreview(enter(`?sanity-preview-secret=${SECRET}`), context);
    const response = await exitPreview(
      new Request(`${SITE}/api/preview-mode/disable?redirect=%2Fabout`, {
        method: "POST",
        headers: { Cookie: cookieFrom(opened), Origin: new URL(SITE).origin },
      }),
      context,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/about");
    expect(response.headers.get("Set-Cookie")).toMatch(/^fkp_preview=; .*Expires=Thu, 01 Jan 1970/);
    expect(
      await context.previewSessions.isActive(new Request(SITE, { headers: { Cookie: cookieFrom(response) } })),
    ).toBe(false);
  });

  it("is left only by a POST from this site: another site's link, image or form leaves the session open", async () => {
    const opened = await enterPreview(enter(`?sanity-preview-secret=${SECRET}`), context);
    const cookie = cookieFrom(opened);
    const exit = `${SITE}/api/preview-mode/disable?redirect=%2F`;
    const link = await exitPreview(new Request(exit, { headers: { Cookie: cookie } }), context);
    expect(link.status).toBe(405);
    expect(link.headers.get("Allow")).toBe("POST");
    expect(link.headers.get("Set-Cookie")).toBeNull();
    const foreignForm = await exitPreview(
      new Request(exit, { method: "POST", headers: { Cookie: cookie, Origin: "https://evil.example" } }),
      context,
    );
    expect(foreignForm.status).toBe(403);
    expect(await foreignForm.text()).toBe("Refused: leaving preview must come from this site's own pages.");
    const noOrigin = await exitPreview(
      new Request(exit, { method: "POST", headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" } }),
      context,
    );
    expect(noOrigin.status).toBe(403);
    expect(await context.previewSessions.isActive(new Request(SITE, { headers: { Cookie: cookie } }))).toBe(true);
  });

  it("is closed when no secret is configured", async () => {
    const closed = localContext({}, dataset);
    const response = await enterPreview(enter(`?sanity-preview-secret=${SECRET}`), closed);
    expect(response.status).toBe(404);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("marks the cookie Secure, SameSite=None and Partitioned over https, for the Studio's iframe", async () => {
    const https = localContext({ PREVIEW_SECRET: SECRET, SITE_URL: "https://fkp.example" }, dataset);
    const response = await enterPreview(
      new Request(`https://fkp.example/api/preview-mode/enable?sanity-preview-secret=${SECRET}`),
      https,
    );
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("SameSite=None");
    expect(setCookie).toContain("Partitioned");
  });
});

describe("redirect targets", () => {
  it.each([
    ["/picks", "/picks"],
    ["/premier-league-predictions?x=1#table", "/premier-league-predictions?x=1#table"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["", "/"],
    [null, "/"],
  ])("%s → %s", (target, expected) => {
    expect(sameSitePath(target, SITE)).toBe(expected);
  });
});

describe("entering preview from the Studio's Presentation tool", () => {
  let server: SanityApiServer;
  const presentationSecret = "presentation-secret-abc";

  beforeAll(async () => {
    server = await startSanityApiServer({
      apiVersion: "2025-02-19",
      dataset: "production",
      documents: [
        ...testContentDocuments(),
        {
          _id: "sanity-preview-url-secret.abc",
          _type: "sanity.previewUrlSecret",
          _updatedAt: new Date().toISOString(),
          secret: presentationSecret,
          studioUrl: "https://fkp.sanity.studio",
        },
      ],
      readToken: "read-token",
      writeToken: "write-token",
    });
  });
  afterAll(() => server.close());

  const sanityContext = (readToken: string | undefined) =>
    contentRouteContext(
      {
        SANITY_PROJECT_ID: "fkp123",
        SESSION_SECRET: "session-secret-for-tests",
        ...(readToken && { SANITY_READ_TOKEN: readToken }),
      },
      sanityContentSource({
        projectId: "fkp123",
        dataset: "production",
        apiVersion: "2025-02-19",
        readToken,
        connection: { apiHost: server.apiHost, useProjectHostname: false },
      }),
    );

  it("accepts a secret the Presentation tool stored in the dataset, checked with the read token", async () => {
    server.requests.length = 0;
    const response = await enterPreview(
      enter(
        `?sanity-preview-secret=${presentationSecret}&sanity-preview-pathname=%2Fla-liga-predictions&sanity-preview-perspective=drafts`,
      ),
      sanityContext("read-token"),
    );
    expect(response.status).toBe(307);
    expect(response.headers.get("Location")).toBe("/la-liga-predictions?sanity-preview-perspective=drafts");
    expect(cookieFrom(response)).toMatch(/^fkp_preview=/);
    expect(server.requests[0]).toMatchObject({ authorization: "Bearer read-token" });
    expect(server.requests[0].search.get("perspective")).toBe("raw");
  });

  it("refuses any other secret with a 401 and no cookie", async () => {
    const response = await enterPreview(enter(`?sanity-preview-secret=guessed`), sanityContext("read-token"));
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("is closed without a read token, since drafts could not be read", async () => {
    const response = await enterPreview(
      enter(`?sanity-preview-secret=${presentationSecret}`),
      sanityContext(undefined),
    );
    expect(response.status).toBe(404);
  });
});
