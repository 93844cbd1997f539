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

export function renderServerHtml(node: ReactNode): ServerHtml {
  return serverHtml(
    renderToStaticMarkup(<PageLinkContext.Provider value={ServerLink}>{node}</PageLinkContext.Provider>, {
      identifierPrefix: SERVER_HTML_ID_PREFIX,
    }),
  );
}
