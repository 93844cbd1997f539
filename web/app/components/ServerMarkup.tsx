/**
 * Parts of a page that never change in the browser, rendered to HTML on the server
 * (server-markup.server.tsx) and sent with the loader data, so that the browser downloads
 * neither the components nor the data they are made from. `ServerMarkup` renders the host
 * element (a section, a nav, a paragraph) with that HTML inside; hydration keeps the server's
 * DOM as it is. What the components would have done in the browser, the root does once for all
 * such markup (server-markup-behaviour.ts).
 */
import { createElement, type HTMLAttributes } from "react";

/** Markup rendered on the server. */
export interface ServerHtml {
  html: string;
}

type Host = "section" | "nav" | "p" | "div" | "dl";

type HostAttributes = Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML">;

export function ServerMarkup({ as, markup, ...attributes }: { as: Host; markup: ServerHtml } & HostAttributes) {
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: markup.html } });
}
