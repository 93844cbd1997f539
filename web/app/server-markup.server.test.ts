import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { BreadcrumbTrail } from "./components/Breadcrumb";
import { PageLink } from "./components/PageLink";
import { renderServerHtml } from "./server-markup.server";

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
