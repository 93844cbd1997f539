import { readFileSync } from "node:fs";
import { PortableText } from "@portabletext/react";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { portableTextSchema, type PortableText as PortableTextValue } from "@shared/content/documents";
import { PortableTextBlocks, type MarkProps } from "./PortableTextBlocks";
import { RichText } from "./RichText";
import { renderRichText } from "../rich-text.server";

type Block = PortableTextValue[number];

let key = 0;
const span = (text: string, marks?: string[]) => ({
  _type: "span" as const,
  _key: `s${key++}`,
  text,
  ...(marks && { marks }),
});
const block = (children: Block["children"], extra: Partial<Block> = {}): Block => ({
  _type: "block",
  _key: `b${key++}`,
  children,
  ...extra,
});
const item = (text: string, listItem: "bullet" | "number", level?: number, extra: Partial<Block> = {}) =>
  block([span(text)], { listItem, ...(level !== undefined && { level }), ...extra });

/** The host's id for hydration (React's useId, ServerMarkup) left out. */
const withoutMarkupId = (html: string) => html.replace(/ data-markup="[^"]*"/, "");

/** The same link component for both renderers, as RichText's. */
function link({ value, children }: { value?: { href?: string }; children?: ReactNode }) {
  const href = typeof value?.href === "string" ? value.href : "#";
  return createElement(
    "a",
    /^https?:\/\//.test(href) ? { href, target: "_blank", rel: "noopener noreferrer" } : { href },
    children,
  );
}

/** Underline is a class in ours (the CSP refuses style attributes); the reference's is a style. */
const underline = ({ children }: { children?: ReactNode }) =>
  createElement("span", { className: "text-underline" }, children);

const reference = (value: PortableTextValue) =>
  renderToStaticMarkup(
    createElement(PortableText, { value, components: { marks: { link, underline } }, onMissingComponent: false }),
  );
const ours = (value: PortableTextValue) =>
  renderToStaticMarkup(
    createElement(PortableTextBlocks, { value, marks: { link: link as (props: MarkProps) => ReactNode } }),
  );

const cases: Array<[string, PortableTextValue]> = [
  ["nothing", []],
  ["one paragraph", [block([span("Arsenal look strong at home.")])]],
  ["an empty block", [block([])]],
  ["adjacent spans", [block([span("Arsenal "), span("at home"), span(".")])]],
  ["a line break inside a span", [block([span("first line\nsecond line\n\nfourth")])]],
  [
    "heading and quote styles",
    [
      block([span("H2")], { style: "h2" }),
      block([span("Quote")], { style: "blockquote" }),
      block([span("H6")], { style: "h6" }),
    ],
  ],
  ["an unknown style becomes a paragraph", [block([span("odd")], { style: "lead" })]],
  [
    "decorators",
    [
      block([
        span("bold", ["strong"]),
        span(" "),
        span("em", ["em"]),
        span("code", ["code"]),
        span("u", ["underline"]),
        span("del", ["strike-through"]),
      ]),
    ],
  ],
  [
    "overlapping marks nest by how long they run, then by the decorator order",
    [
      block([
        span("a", ["em", "strong"]),
        span("b", ["strong"]),
        span("c", ["em", "strong", "code"]),
        span("d", ["zeta", "alpha"]),
        span("e", ["underline", "strike-through"]),
      ]),
    ],
  ],
  [
    "links as annotations, external and internal, and a mark without a definition",
    [
      block(
        [
          span("External", ["l1"]),
          span(" and "),
          span("internal", ["l2", "strong"]),
          span(" and "),
          span("plain", ["link"]),
          span("odd", ["l3"]),
        ],
        {
          markDefs: [
            { _type: "link", _key: "l1", href: "https://example.com" },
            { _type: "link", _key: "l2", href: "/premier-league-predictions" },
            { _type: "internalLink", _key: "l3" },
          ],
        },
      ),
    ],
  ],
  ["an unknown decorator", [block([span("x", ["highlight"])])]],
  [
    "bullet and numbered lists between paragraphs",
    [
      block([span("Intro")]),
      item("one", "bullet"),
      item("two", "bullet"),
      block([span("Middle")]),
      item("first", "number"),
      item("second", "number"),
    ],
  ],
  ["a list switching type at the same level", [item("a", "bullet"), item("b", "number"), item("c", "bullet")]],
  [
    "nested lists",
    [
      item("1", "bullet"),
      item("1.1", "bullet", 2),
      item("1.1.1", "number", 3),
      item("1.2", "bullet", 2),
      item("2", "bullet", 1),
      item("2.1", "number", 2),
      item("2.2", "bullet", 2),
      item("3", "bullet"),
      item("x", "number", 3),
      item("y", "number", 2),
      item("z", "bullet", 1),
    ],
  ],
  ["a list starting deep", [item("deep", "bullet", 3), item("shallow", "bullet", 1), item("deeper", "number", 2)]],
  [
    "a styled list item",
    [item("Heading item", "bullet", 1, { style: "h3" }), item("Odd item", "bullet", 1, { style: "lead" })],
  ],
  ["list items with marks", [block([span("bold", ["strong"]), span(" item")], { listItem: "number" })]],
  ["blocks without keys", [{ _type: "block", children: [span("no key")] } as unknown as Block]],
];

describe("PortableTextBlocks renders what @portabletext/react renders", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it.each(cases)("%s", (_name, value) => {
    expect(ours(value)).toBe(reference(value));
  });

  it("every Portable Text field of the local content dataset", () => {
    const values: PortableTextValue[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) {
        const parsed = portableTextSchema.safeParse(node);
        if (parsed.success && parsed.data.length > 0) values.push(parsed.data);
        else node.forEach(collect);
      } else if (typeof node === "object" && node !== null) {
        Object.values(node).forEach(collect);
      }
    };
    for (const line of readFileSync(new URL("../../../../../content/dataset.ndjson", import.meta.url), "utf8").split(
      "\n",
    )) {
      if (line.trim()) collect(JSON.parse(line));
    }
    expect(values.length).toBeGreaterThan(20);
    for (const value of values) expect(ours(value)).toBe(reference(value));
  });

  it("warns about an unknown style or mark instead of failing", () => {
    ours([block([span("x", ["highlight"])], { style: "lead" })]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("never treats a mark or style name as an inherited property", () => {
    expect(ours([block([span("x", ["constructor", "toString"])])])).toBe(
      '<p><span class="unknown__pt__mark__constructor"><span class="unknown__pt__mark__toString">x</span></span></p>',
    );
  });
});

describe("RichText", () => {
  it("shows the server's rendering: wraps the blocks and opens external links in a new tab without an opener", () => {
    const value = [
      block([span("Read ", []), span("more", ["l1"]), span(" or "), span("here", ["l2"])], {
        markDefs: [
          { _type: "link", _key: "l1", href: "https://example.com/x" },
          { _type: "link", _key: "l2", href: "/about" },
        ],
      }),
    ];
    expect(withoutMarkupId(renderToStaticMarkup(createElement(RichText, { value: renderRichText(value) })))).toBe(
      '<div class="rich-text"><p>Read <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">more</a> or <a href="/about">here</a></p></div>',
    );
  });

  it("never renders markup from the text", () => {
    const html = renderToStaticMarkup(
      createElement(RichText, { value: renderRichText([block([span("<script>alert(1)</script>")])]) }),
    );
    expect(withoutMarkupId(html)).toBe('<div class="rich-text"><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></div>');
  });
});
