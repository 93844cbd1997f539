/**
 * Renders the parts of a page that never change in the browser to HTML, for ServerMarkup
 * (components/ServerMarkup.tsx) to show. Links to the site's pages (PageLink) become anchors
 * that the root navigates with client-side (server-markup-behaviour.ts), marked for route
 * discovery as Remix's Link marks its own.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MarkupMemoContext, type MarkupMemo } from "./components/MemoMarkup";
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

/** The prefix of ids inside a kept part (MemoMarkup): found in one, the part cannot be kept. */
const PART_ID_PREFIX = "smp";

/** How many characters of kept parts, keys and HTML, the process holds at most (a few MB). */
const KEPT_PARTS_CHARS = 4_000_000;

const keptParts = new Map<string, string>();
let keptChars = 0;
/** Names whose parts use an id: rendered in place every time. */
const unkeepable = new Set<string>();

function NoIds() {
  return null;
}

function keep(key: string, html: string): void {
  const chars = key.length + html.length;
  if (chars > KEPT_PARTS_CHARS / 16) return;
  keptParts.set(key, html);
  keptChars += chars;
  for (const [oldKey, oldHtml] of keptParts) {
    if (keptChars <= KEPT_PARTS_CHARS) break;
    keptParts.delete(oldKey);
    keptChars -= oldKey.length + oldHtml.length;
  }
}

/**
 * MemoMarkup's parts, kept by their name and input (the oldest go first). A part
 * seen for the first time is rendered on its own there and then (React allows a synchronous
 * render inside another), so its HTML is the same whether it was kept or not.
 */
const markupMemo: MarkupMemo = {
  html(name, input, render) {
    if (unkeepable.has(name)) return null;
    const key = `${name}\u0000${JSON.stringify(input)}`;
    const kept = keptParts.get(key);
    // Not moved to the end on a hit: that would store this render's copy of the key, a young
    // string held from an old Map, which the next collections would copy and promote. The
    // oldest parts go first, used or not; one still in use is rendered once more.
    if (kept !== undefined) return kept;
    const html = renderMarkup(render(), PART_ID_PREFIX);
    if (html.includes(`:${PART_ID_PREFIX}`)) {
      unkeepable.add(name);
      // React counts a component's ids in one variable: the part's last one would count as
      // MemoMarkup's own and change the ids of the part rendered in place. A render of a
      // component without ids sets it back.
      renderToStaticMarkup(<NoIds />);
      return null;
    }
    keep(key, html);
    return html;
  },
};

/**
 * A loader's section that is a function of `input` alone (a match page's lineups, its part of
 * the table), rendered once per input and kept with MemoMarkup's parts.
 */
export function keptServerHtml(name: string, input: unknown, render: () => ReactNode): ServerHtml {
  return serverHtml(markupMemo.html(name, input, render) ?? htmlOf(render()));
}

/** What the process keeps of MemoMarkup's parts, for tests and the metrics. */
export function keptPartsStats(): { parts: number; chars: number } {
  return { parts: keptParts.size, chars: keptChars };
}

function renderMarkup(node: ReactNode, identifierPrefix: string): string {
  return renderToStaticMarkup(
    <PageLinkContext.Provider value={ServerLink}>
      <MarkupMemoContext.Provider value={markupMemo}>{node}</MarkupMemoContext.Provider>
    </PageLinkContext.Provider>,
    { identifierPrefix },
  );
}

function htmlOf(node: ReactNode): string {
  return renderMarkup(node, SERVER_HTML_ID_PREFIX);
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
