/**
 * Parts of a page that never change in the browser, rendered to HTML on the server
 * (server-markup.server.tsx) so that the browser downloads neither the components nor the data
 * they are made from. `ServerMarkup` renders the host element (a section, a nav, a paragraph)
 * with that HTML inside; hydration keeps the server's DOM as it is. What the components would
 * have done in the browser, the root does once for all such markup (server-markup-behaviour.ts).
 *
 * The HTML travels once (markup-scope.server.ts): a document's loader data leaves it out, and
 * at hydration the browser reads it back from the host element the server sent, found by its
 * `data-markup` id (React's useId: the same on the server and at hydration). A client-side
 * navigation's data carries it.
 */
import { createElement, useId, type HTMLAttributes } from "react";

/** Markup rendered on the server; no `html` in a document's loader data, before hydration reads it. */
export interface ServerHtml {
  html?: string;
}

type Host = "section" | "nav" | "p" | "div" | "dl" | "footer" | "article";

type HostAttributes = Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML">;

/** The attribute that names a host element for hydration. */
export const MARKUP_ID_ATTRIBUTE = "data-markup";

/**
 * The HTML of markup that came without it (a document's loader data): the host element's, as the
 * server sent it, remembered on the object for the next time it is shown.
 */
function adoptServerHtml(markup: ServerHtml, id: string): string {
  if (typeof document === "undefined") return "";
  // React's ids (":R1:") hold no quote or backslash: no escaping in a quoted attribute value.
  return (markup.html = document.querySelector(`[${MARKUP_ID_ATTRIBUTE}="${id}"]`)?.innerHTML ?? "");
}

export function ServerMarkup({ as, markup, ...attributes }: { as: Host; markup: ServerHtml } & HostAttributes) {
  const id = useId();
  const html = markup.html ?? adoptServerHtml(markup, id);
  return createElement(as, { ...attributes, [MARKUP_ID_ATTRIBUTE]: id, dangerouslySetInnerHTML: { __html: html } });
}
