import { describe, expect, it } from "vitest";
import { plainTextToPortableText } from "@shared/content/portable-text";
import { staticPageMeta } from "./static-page-meta.server";

const site = { siteUrl: "https://firstkickpicks.example", preview: false, socialUrl: "https://x.com/firstkickpicks" };

function page(sections: Array<[string, string]>) {
  return {
    title: "About First Kick Picks",
    description: "Who we are and how the picks are made.",
    sections: sections.map(([heading, body]) => ({ heading, body: plainTextToPortableText(body) })),
  };
}

const jsonLdTypes = (meta: ReturnType<typeof staticPageMeta>) =>
  meta
    .filter((m) => "script:ld+json" in m)
    .map((m) => (m as { "script:ld+json": { "@type": string } })["script:ld+json"]["@type"]);

describe("staticPageMeta", () => {
  it("gives the page's title, description and canonical link", () => {
    const meta = staticPageMeta(page([["Our story", "We started in 2025."]]), "/about", site);
    // The title names the site already: no " | First Kick Picks" twice.
    expect(meta[0]).toEqual({ title: "About First Kick Picks" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://firstkickpicks.example/about" });
    expect(meta).toContainEqual({ name: "twitter:site", content: "@firstkickpicks" });
    expect(jsonLdTypes(meta)).toEqual([]);
  });

  it("gives the sections an editor titles as questions as an FAQPage", () => {
    const meta = staticPageMeta(
      page([
        ["Our story", "We started in 2025."],
        ["Do you take bets?", "No. The site takes no bets."],
      ]),
      "/about",
      site,
    );
    const faq = meta.find((m) => "script:ld+json" in m) as { "script:ld+json": Record<string, unknown> };
    expect(faq["script:ld+json"]).toMatchObject({
      "@type": "FAQPage",
      mainEntity: [
        { "@type": "Question", name: "Do you take bets?", acceptedAnswer: { text: "No. The site takes no bets." } },
      ],
    });
  });

  it("keeps a draft preview out of search engines", () => {
    const meta = staticPageMeta(page([]), "/about", { ...site, preview: true });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  });
});
