import { describe, expect, it } from "vitest";
import { plainTextToPortableText } from "../../../shared/content/portable-text";
import { staticPageMeta, type StaticPageData } from "./StaticPageView";

const matches = [{ id: "root", data: { siteUrl: "https://firstkickpicks.example" } }];

function page(sections: Array<[string, string]>): StaticPageData {
  return {
    title: "About First Kick Picks",
    description: "Who we are and how the picks are made.",
    lastUpdated: null,
    intro: null,
    sections: sections.map(([heading, body], index) => ({ key: `s${index}`, heading, body: plainTextToPortableText(body) })),
  };
}

const jsonLdTypes = (meta: ReturnType<typeof staticPageMeta>) =>
  meta.filter((m) => "script:ld+json" in m).map((m) => (m as { "script:ld+json": { "@type": string } })["script:ld+json"]["@type"]);

describe("staticPageMeta", () => {
  it("gives the page's title, description and canonical link", () => {
    const meta = staticPageMeta({ data: page([["Our story", "We started in 2025."]]), matches }, "/about");
    // The title names the site already: no " | First Kick Picks" twice.
    expect(meta[0]).toEqual({ title: "About First Kick Picks" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://firstkickpicks.example/about" });
    expect(jsonLdTypes(meta)).toEqual([]);
  });

  it("gives the sections an editor titles as questions as an FAQPage", () => {
    const meta = staticPageMeta(
      { data: page([["Our story", "We started in 2025."], ["Do you take bets?", "No. The site takes no bets."]]), matches },
      "/about",
    );
    const faq = meta.find((m) => "script:ld+json" in m) as { "script:ld+json": Record<string, unknown> };
    expect(faq["script:ld+json"]).toMatchObject({
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Do you take bets?", acceptedAnswer: { text: "No. The site takes no bets." } }],
    });
  });

  it("keeps a missing page out of search engines", () => {
    const error = { status: 404, statusText: "Not Found", internal: false, data: "Page Not Found" };
    expect(staticPageMeta({ data: undefined, matches, error }, "/about")).toEqual([
      { title: "Page Not Found | First Kick Picks" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
