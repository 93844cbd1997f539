import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ContentDocument } from "@shared/content/source";
import { formatLastUpdated, loadStaticPage } from "./static-page.server";
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
    expect(response.init?.headers).toEqual({ "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300" });
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
    const cookie = cookieFrom(new Response(null, { headers: { "Set-Cookie": await context.previewSessions.open(request) } }));
    const previewRequest = new Request("http://localhost/about", { headers: { Cookie: cookie } });
    expect((await loadStaticPage(previewRequest, context, "about")).data.title).toBe("About Us (draft)");
  });

  it("answers 404 when the document is missing", async () => {
    const thrown = await loadStaticPage(request, localContext({}, temporaryDataset([])), "about").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
