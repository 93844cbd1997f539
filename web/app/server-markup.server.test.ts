import { createElement, useId } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BreadcrumbTrail } from "./components/Breadcrumb";
import { MemoMarkup } from "./components/MemoMarkup";
import { PageLink, PageLinkContext, type PageLinkProps } from "./components/PageLink";
import { inRequestScope } from "./markup-scope.server";
import { keptPartsStats, memoServerHtml, renderServerHtml } from "./server-markup.server";

/** Server markup's links, as renderServerHtml gives them: for rendering the same tree in place. */
function serverLinkOf() {
  return ({ to, className, children }: PageLinkProps) =>
    createElement("a", { href: to, className, "data-discover": "true", "data-server-link": "" }, children);
}

describe("renderServerHtml", () => {
  it("renders links to the site's pages as anchors the root navigates with, marked for route discovery", () => {
    expect(renderServerHtml(createElement(PageLink, { to: "/picks", className: "button" }, "Picks")).html).toBe(
      '<a href="/picks" class="button" data-discover="true" data-server-link="">Picks</a>',
    );
  });

  it("renders a component tree as markup, escaping its text", () => {
    const crumbs = [{ label: "Home", href: "/" }, { label: "<Arsenal> & co" }];
    expect(renderServerHtml(createElement(BreadcrumbTrail, { crumbs })).html).toBe(
      '<ol><li><a href="/" data-discover="true" data-server-link="">Home</a></li>' +
        '<li><span aria-current="page">&lt;Arsenal&gt; &amp; co</span></li></ol>',
    );
  });
});

describe("memoServerHtml", () => {
  it("renders a key's markup once and gives the same markup for it after, in either kind of render", () => {
    let renders = 0;
    const section = (label: string) => () => {
      renders += 1;
      return createElement(PageLink, { to: "/algo-results" }, label);
    };
    const first = memoServerHtml("test:results-link", section("View results"));
    const again = memoServerHtml("test:results-link", section("ignored: the key's markup is kept"));
    const inDocument = inRequestScope(true, () => memoServerHtml("test:results-link", section("ignored")));
    expect(renders).toBe(1);
    expect(first.html).toBe('<a href="/algo-results" data-discover="true" data-server-link="">View results</a>');
    expect(again.html).toBe(first.html);
    // In a document's render the markup is in the HTML once, not in the loader data.
    expect(inDocument.html).toBe(first.html);
    expect(JSON.parse(JSON.stringify({ inDocument }))).toEqual({ inDocument: { html: first.html } });
    expect(Object.keys(inDocument)).toEqual([]);
  });

  it("renders each key of its own: the footer of another year is another markup", () => {
    const a = memoServerHtml("test:year:2026", () => createElement("p", null, "© 2026"));
    const b = memoServerHtml("test:year:2027", () => createElement("p", null, "© 2027"));
    expect([a.html, b.html]).toEqual(["<p>© 2026</p>", "<p>© 2027</p>"]);
  });
});

describe("MemoMarkup inside server markup", () => {
  const card = (renders: { count: number }) =>
    function Card({ team, rank }: { team: string; rank: number }) {
      renders.count += 1;
      return createElement("article", null, createElement(PageLink, { to: `/teams/${rank}` }, team), ` #${rank}`);
    };
  const list = (Card: ReturnType<typeof card>, teams: string[]) =>
    createElement(
      "ol",
      null,
      teams.map((team, index) =>
        createElement(MemoMarkup, {
          key: team,
          as: "li",
          className: "item",
          name: "test:card",
          input: { team, rank: index + 1 },
          children: () => createElement(Card, { team, rank: index + 1 }),
        }),
      ),
    );

  it("renders the same HTML as the parts rendered in place, and renders a part again only when its input changes", () => {
    const renders = { count: 0 };
    const Card = card(renders);
    const inPlace = renderToStaticMarkup(
      createElement(PageLinkContext.Provider, { value: serverLinkOf() }, list(Card, ["Arsenal", "Everton"])),
    );
    renders.count = 0;
    const first = renderServerHtml(list(Card, ["Arsenal", "Everton"])).html;
    expect(first).toBe(inPlace);
    expect(renders.count).toBe(2);
    // Rendered again with the same data: nothing of the parts is rendered.
    expect(renderServerHtml(list(Card, ["Arsenal", "Everton"])).html).toBe(first);
    expect(renders.count).toBe(2);
    // One input changes (Everton is now first): only the parts whose input changed are rendered.
    const swapped = renderServerHtml(list(Card, ["Everton", "Arsenal", "Chelsea"])).html;
    expect(renders.count).toBe(5);
    expect(swapped).toBe(
      '<ol><li class="item"><article><a href="/teams/1" data-discover="true" data-server-link="">Everton</a> #1</article></li>' +
        '<li class="item"><article><a href="/teams/2" data-discover="true" data-server-link="">Arsenal</a> #2</article></li>' +
        '<li class="item"><article><a href="/teams/3" data-discover="true" data-server-link="">Chelsea</a> #3</article></li></ol>',
    );
    expect(keptPartsStats().parts).toBeGreaterThanOrEqual(5);
  });

  it("renders in place, every time, a part that uses an id, which a render of its own would give another", () => {
    const renders = { count: 0 };
    function Labelled() {
      renders.count += 1;
      const id = useId();
      return createElement("p", { id }, "Labelled");
    }
    const page = () =>
      createElement(
        "div",
        null,
        createElement(MemoMarkup, {
          as: "div",
          name: "test:with-id",
          input: 1,
          children: () => createElement(Labelled),
        }),
      );
    const first = renderServerHtml(page()).html;
    const second = renderServerHtml(page()).html;
    expect(second).toBe(first);
    expect(first).not.toContain(":smp");
    // Tried once on its own (and not kept), then in place in both renders.
    expect(renders.count).toBe(3);
  });

  it("holds at most 4 million characters of parts, the oldest leaving first", () => {
    const long = "x".repeat(40_000);
    const part = (index: number) =>
      createElement(MemoMarkup, {
        key: index,
        as: "div",
        name: "test:long",
        input: { index, long },
        children: () => createElement("p", null, `${index} ${long}`),
      });
    // 60 parts of about 80,000 characters each (key and HTML): 4.8 million in all.
    for (let index = 0; index < 60; index++) renderServerHtml(createElement("div", null, part(index)));
    expect(keptPartsStats().chars).toBeLessThanOrEqual(4_000_000);
    expect(keptPartsStats().chars).toBeGreaterThan(3_800_000);
    // The newest is still kept: rendered again, its part is not.
    let renders = 0;
    renderServerHtml(
      createElement(MemoMarkup, {
        as: "div",
        name: "test:long",
        input: { index: 59, long },
        children: () => {
          renders += 1;
          return createElement("p", null, "not rendered");
        },
      }),
    );
    expect(renders).toBe(0);
  });

  it("outside server markup (a component test), renders its part in place", () => {
    const html = renderToStaticMarkup(
      createElement(MemoMarkup, {
        as: "li",
        name: "test:plain",
        input: 1,
        children: () => createElement("b", null, "x"),
      }),
    );
    expect(html).toBe("<li><b>x</b></li>");
  });
});
