import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PortableText } from "@shared/content/documents";
import { PortableTextBlocks } from "./components/PortableTextBlocks";
import { renderRichText } from "./rich-text.server";

/** One paragraph: "Read <link>this</link> now." with the link's address as given. */
function linked(href: unknown): PortableText {
  return [
    {
      _type: "block",
      _key: "b",
      style: "normal",
      markDefs: [{ _type: "link", _key: "l", ...(href !== undefined && { href: href as string }) }],
      children: [
        { _type: "span", _key: "s1", text: "Read ", marks: [] },
        { _type: "span", _key: "s2", text: "this", marks: ["l", "strong"] },
        { _type: "span", _key: "s3", text: " now.", marks: [] },
      ],
    },
  ];
}

const DANGEROUS = [
  "javascript:alert(document.cookie)",
  " JAVASCRIPT:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "javascript&colon;alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "//evil.example/phish",
  "/\\evil.example/phish",
  "tel:+441234567890",
  "",
];

const renderers = {
  "the site's rich text renderer": (value: PortableText) => renderRichText(value).html,
  "the blocks' default link": (value: PortableText) =>
    renderToStaticMarkup(createElement(PortableTextBlocks, { value })),
};

describe.each(Object.entries(renderers))("%s", (_name, render) => {
  it.each(DANGEROUS)("shows the text of a link to %j without a link", (href) => {
    const html = render(linked(href));
    expect(html).toBe("<p>Read <strong>this</strong> now.</p>");
    expect(html).not.toMatch(/href|javascript|script:|data:/i);
  });

  it("shows the text of a link without an address or with one that is not text", () => {
    expect(render(linked(undefined))).toBe("<p>Read <strong>this</strong> now.</p>");
    expect(render(linked(42))).toBe("<p>Read <strong>this</strong> now.</p>");
  });

  it("keeps links to this site's pages and mailto addresses as plain anchors", () => {
    expect(render(linked("/algo-results"))).toBe('<p>Read <a href="/algo-results"><strong>this</strong></a> now.</p>');
    expect(render(linked("mailto:editors@example.com"))).toBe(
      '<p>Read <a href="mailto:editors@example.com"><strong>this</strong></a> now.</p>',
    );
  });
});

describe("the site's rich text renderer", () => {
  it("opens other sites in a new tab without an opener or a referrer", () => {
    expect(renderRichText(linked("https://www.begambleaware.org")).html).toBe(
      '<p>Read <a href="https://www.begambleaware.org" target="_blank" rel="noopener noreferrer"><strong>this</strong></a> now.</p>',
    );
    expect(renderRichText(linked(" http://example.com/a?b=1&c=2 ")).html).toBe(
      '<p>Read <a href="http://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer"><strong>this</strong></a> now.</p>',
    );
  });
});
