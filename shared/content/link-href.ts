/**
 * Which link addresses editorial text may carry: http, https and mailto addresses, and pages of
 * this site (`/picks`, not `//elsewhere`). Everything else (javascript:, data:, vbscript:,
 * protocol-relative addresses, plain words) is refused by the Studio and dropped by the site's
 * renderers, which then show the link's text without a link.
 *
 * The check parses the address as a browser does (the WHATWG URL parser, which strips leading
 * and trailing control characters and spaces and ignores tabs and newlines anywhere), so
 * ` JAVASCRIPT:`, `java\tscript:` and their kind are judged by the scheme the browser would see.
 */

export const ALLOWED_LINK_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);

/** An address starts with a scheme exactly when the URL parser finds one (its "scheme state"). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Where a path of this site resolves, to check that it stays on the site. */
const RELATIVE_BASE = "https://relative.invalid";

/** What the URL parser removes before parsing: leading and trailing C0 controls and spaces, tabs and newlines anywhere. */
function asParsed(value: string): string {
  // eslint-disable-next-line no-control-regex -- the controls are what the URL parser removes
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
}

/**
 * The address to put in the link's href, or null when it must not be a link. The address is
 * returned as the editor wrote it less what the URL parser ignores anyway: rendering escapes it,
 * and a browser parses it to the URL judged here.
 */
export function safeLinkHref(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const cleaned = asParsed(value);
  if (cleaned === "") return null;
  if (!SCHEME.test(cleaned)) {
    // Relative: only a path of this site. `//host`, `/\host` and `\\host` name another host.
    return /^\/(?![/\\])/.test(cleaned) && parses(cleaned) ? cleaned : null;
  }
  try {
    return ALLOWED_LINK_PROTOCOLS.has(new URL(cleaned).protocol) ? cleaned : null;
  } catch {
    return null;
  }
}

function parses(relative: string): boolean {
  try {
    return new URL(relative, RELATIVE_BASE).origin === RELATIVE_BASE;
  } catch {
    return false;
  }
}

/** Whether a link opens another site (in a new tab, without an opener). */
export function isExternalHref(href: string): boolean {
  return /^https?:/i.test(href);
}
