import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ContentDocument } from "@shared/content/source";
import { formatLastUpdated, loadStaticPage, loadStaticPageView } from "./static-page.server";
import { cookieFrom, localContext, removeTemporaryDatasets, temporaryDataset } from "~/test-context";

const seed = path.resolve(import.meta.dirname, "../../../../content/dataset.ndjson");

afterAll(removeTemporaryDatasets);

const request = new Request("http://localhost/terms");

describe("the static pages' read model", () => {
  it("prints the last-updated date in words", () => {
    expect(formatLastUpdated("2025-08-09")).toBe("August 9, 2025");
    expect(formatLastUpdated("not a date")).toBe("not a date");
  });

  it("reads the Terms of Service with its date, 12 sections and the public cache header", async () => {
    const response = await loadStaticPage(request, localContext({}, temporaryDataset(seed)), "terms");
    expect(response.init?.headers).toEqual({
      "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    });
    expect(response.data.title).toBe("Terms of Service");
    expect(response.data.lastUpdated).toBe("August 9, 2025");
    expect(response.data.sections).toHaveLength(12);
    expect(response.data.sections[10].heading).toBe("11. Governing law");
    expect(response.data.description.length).toBeGreaterThan(0);
    expect(response.data.description.length).toBeLessThanOrEqual(160);
  });

  it("reads the Privacy Policy with the same date and 10 sections", async () => {
    const { data } = await loadStaticPage(request, localContext({}, temporaryDataset(seed)), "privacy");
    expect(data).toMatchObject({ title: "Privacy Policy", lastUpdated: "August 9, 2025" });
    expect(data.sections).toHaveLength(10);
  });

  it("shows an unpublished draft only in preview", async () => {
    const draft: ContentDocument = {
      _id: "drafts.staticPage-about",
      _type: "staticPage",
      _rev: "about-draft-1",
      page: "about",
      title: "About Us (draft)",
      sections: [],
    };
    const context = localContext({ PREVIEW_SECRET: "static-page-preview-secret" }, temporaryDataset([draft]));
    const published = await loadStaticPage(request, context, "about").catch((error: unknown) => error);
    expect((published as Response).status).toBe(404);
    const cookie = cookieFrom(
      new Response(null, { headers: { "Set-Cookie": await context.previewSessions.open(request) } }),
    );
    const previewRequest = new Request("http://localhost/about", { headers: { Cookie: cookie } });
    expect((await loadStaticPage(previewRequest, context, "about")).data.title).toBe("About Us (draft)");
  });

  it("marks the title, intro and every section for click-to-edit in preview only, naming the document and field", async () => {
    const context = localContext(
      { PREVIEW_SECRET: "static-page-preview-secret", SANITY_STUDIO_URL: "https://studio.example" },
      temporaryDataset(seed),
    );
    const args = (req: Request) =>
      ({ request: req, context, params: {} }) as unknown as Parameters<typeof loadStaticPageView>[0];
    const publicView = (await loadStaticPageView(args(request), "terms", "/terms")).data;
    expect(publicView.edit).toBeUndefined();
    expect(publicView.sections.every((section) => section.edit === undefined)).toBe(true);
    expect(JSON.stringify(publicView)).not.toContain("type=staticPage");

    const cookie = cookieFrom(
      new Response(null, { headers: { "Set-Cookie": await context.previewSessions.open(request) } }),
    );
    const previewView = (
      await loadStaticPageView(
        args(new Request("http://localhost/terms", { headers: { Cookie: cookie } })),
        "terms",
        "/terms",
      )
    ).data;
    const base = `base=${encodeURIComponent("https://studio.example")}`;
    expect(previewView.edit).toEqual({
      title: `id=staticPage-terms;type=staticPage;path=title;${base}`,
      intro: `id=staticPage-terms;type=staticPage;path=intro;${base}`,
    });
    const [first] = previewView.sections;
    expect(first.edit).toEqual({
      heading: `id=staticPage-terms;type=staticPage;path=sections:${first.key}.heading;${base}`,
      body: `id=staticPage-terms;type=staticPage;path=sections:${first.key}.body;${base}`,
    });
  });

  it("answers 404 when the document is missing", async () => {
    const thrown = await loadStaticPage(request, localContext({}, temporaryDataset([])), "about").catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
