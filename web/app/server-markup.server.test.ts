import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { BreadcrumbTrail } from "./components/Breadcrumb";
import { PageLink } from "./components/PageLink";
import { inRequestScope } from "./markup-scope.server";
import { memoServerHtml, renderServerHtml } from "./server-markup.server";

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
