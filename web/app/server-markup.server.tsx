/**
 * Renders the parts of a page that never change in the browser to HTML, for ServerMarkup
 * (components/ServerMarkup.tsx) to show. Links to the site's pages (PageLink) become anchors
 * that the root navigates with client-side (server-markup-behaviour.ts), marked for route
 * discovery as Remix's Link marks its own.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PageLinkContext, type PageLinkProps } from "./components/PageLink";
import { SERVER_LINK_ATTRIBUTE } from "./components/server-markup-behaviour";
import type { ServerHtml } from "./components/ServerMarkup";
import { serverHtml } from "./markup-scope.server";

function ServerLink({ to, className, children }: PageLinkProps) {
  return (
    <a href={to} className={className} data-discover="true" {...{ [SERVER_LINK_ATTRIBUTE]: "" }}>
      {children}
    </a>
  );
}

/**
 * The prefix of the ids React gives inside server markup (useId): a ServerMarkup there (the
 * Match of the Week's header parts) carries a `data-markup` id that hydration never reads, and
 * the prefix keeps it from being one the page's own tree uses, which hydration does read.
 */
const SERVER_HTML_ID_PREFIX = "sm";

function htmlOf(node: ReactNode): string {
  return renderToStaticMarkup(<PageLinkContext.Provider value={ServerLink}>{node}</PageLinkContext.Provider>, {
    identifierPrefix: SERVER_HTML_ID_PREFIX,
  });
}

export function renderServerHtml(node: ReactNode): ServerHtml {
  return serverHtml(htmlOf(node));
}

/** How many keys memoServerHtml keeps: far more than the site's constant sections. */
const MEMO_LIMIT = 64;
const memoized = new Map<string, string>();

/**
 * Markup that depends on nothing but `key` (a section of constant texts, the footer of a year):
 * rendered the first time its key is asked for and kept, the last MEMO_LIMIT keys, so a page's
 * render does not render the same sections again.
 */
export function memoServerHtml(key: string, render: () => ReactNode): ServerHtml {
  return serverHtml(memoMarkup(key, render));
}

/**
 * The HTML of `render()`, rendered once per `key` and kept like memoServerHtml's: for a part of a
 * page's markup that depends on nothing but what its key names (the Season Outlook of a league
 * and version), given to the component that shows it inside the page's own server markup.
 */
export function memoMarkup(key: string, render: () => ReactNode): string {
  let html = memoized.get(key);
  if (html === undefined) {
    html = htmlOf(render());
    if (memoized.size >= MEMO_LIMIT) memoized.delete(memoized.keys().next().value as string);
    memoized.set(key, html);
  }
  return html;
}
