import { describe, expect, it } from "vitest";
import { inRequestScope, serverHtml, structuredDataOnce } from "./markup-scope.server";

const FAQ = {
  "@context": "https://schema.org",
  "@type": "FAQPage",
  mainEntity: [{ "@type": "Question", name: "When is a pick locked?" }],
};

describe("server markup sent once", () => {
  it("keeps a document's markup readable but out of the object's keys (what the loader data serializes)", async () => {
    const markup = await inRequestScope(true, async () => {
      await Promise.resolve();
      return serverHtml("<p>Arsenal v Sunderland</p>");
    });
    expect(markup.html).toBe("<p>Arsenal v Sunderland</p>");
    expect(Object.keys(markup)).toEqual([]);
    // A resource route's JSON still carries it.
    expect(JSON.stringify({ markup })).toBe('{"markup":{"html":"<p>Arsenal v Sunderland</p>"}}');
  });

  it("sends markup as data in a client-side navigation's data request and outside any render", () => {
    const inData = inRequestScope(false, () => serverHtml("<p>x</p>"));
    expect(Object.keys(inData)).toEqual(["html"]);
    expect(serverHtml("<p>y</p>")).toEqual({ html: "<p>y</p>" });
  });

  it("writes a document's JSON-LD whole while its loader data keeps only @context and @type", () => {
    const block = inRequestScope(true, () => structuredDataOnce(FAQ));
    expect(JSON.stringify(block)).toBe(JSON.stringify(FAQ));
    expect(Object.keys(block)).toEqual(["@context", "@type"]);
    expect({ ...block }).toEqual({ "@context": "https://schema.org", "@type": "FAQPage" });
    expect(inRequestScope(false, () => structuredDataOnce(FAQ))).toBe(FAQ);
  });
});
