/**
 * The Content-Security-Policy, built without per-request nonces so a page can be cached and
 * served to every visitor (docs/decisions/004-page-cache.md): scripts load
 * from the site itself (and the analytics host when configured); each inline script of an HTML
 * page is allowed by its SHA-256 hash, computed once when the page is rendered.
 */
import { createHash } from "node:crypto";

export interface CspOptions {
  /** Origins allowed to serve scripts, images and receive connections (the analytics host). */
  analyticsSources: readonly string[];
  /** Origins allowed to frame the site besides itself (the Studio's Presentation tool). */
  frameAncestors: readonly string[];
}

/**
 * A policy for the given inline-script and inline-style hashes ('sha256-…' sources). Styles come
 * from the site's stylesheets; a page's own `<style>` element is allowed by its hash, and style
 * attributes are refused (the app sets none in its HTML).
 */
export function contentSecurityPolicy(
  options: CspOptions,
  scriptHashes: readonly string[] = [],
  styleHashes: readonly string[] = [],
  /**
   * Draft preview only (never cached, never a visitor's page): the Presentation tool's
   * visual-editing bridge positions its overlays with inline styles and injects its own style
   * elements, so styles may be inline there (hashes would make browsers ignore 'unsafe-inline').
   */
  { visualEditing = false }: { visualEditing?: boolean } = {},
): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["font-src", ["'self'", "https:", "data:"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'self'", ...options.frameAncestors]],
    ["img-src", ["'self'", "data:", ...options.analyticsSources]],
    ["object-src", ["'none'"]],
    ["script-src", ["'self'", ...scriptHashes, ...options.analyticsSources]],
    ["script-src-attr", ["'none'"]],
    ["style-src", visualEditing ? ["'self'", "'unsafe-inline'"] : ["'self'", ...styleHashes]],
    ["connect-src", ["'self'", ...options.analyticsSources]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join(";");
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;

/**
 * A page's bytes as text to search: Latin-1, one character per byte, so that a match's offsets
 * are the bytes' own. The patterns are ASCII, and no byte of a multi-byte UTF-8 character is an
 * ASCII one (its lead byte, read as Latin-1, is a letter: neither a space nor a word character to
 * `\b`), so they find in it the elements they find in the decoded text. A page's inline scripts
 * are a few KB of its 30-80 KB: hashing their bytes where they are saves a miss the decoding of
 * the whole page (0.25 ms for the league page's 80 KB).
 */
const searchable = (document: string | Buffer) =>
  typeof document === "string" ? document : document.toString("latin1");

/** The hash source of a matched element's text: `text` as matched, the same bytes as sent. */
function hashSource(document: string | Buffer, match: RegExpMatchArray, text: string): string {
  const hash = createHash("sha256");
  if (typeof document === "string") hash.update(text, "utf8");
  else {
    // The element's text ends where its closing tag begins: the last "</" of the match.
    const end = match.index! + match[0].lastIndexOf("</");
    hash.update(document.subarray(end - text.length, end));
  }
  return `'sha256-${hash.digest("base64")}'`;
}

/** The hash sources of the script elements without `src` among `text`'s, in order, without repeats. */
function scriptHashes(document: string | Buffer, text: string): string[] {
  const hashes = new Set<string>();
  for (const match of text.matchAll(SCRIPT_ELEMENT)) {
    const [, attributes, content] = match;
    if (SRC_ATTRIBUTE.test(` ${attributes}`)) continue;
    hashes.add(hashSource(document, match, content));
  }
  return [...hashes];
}

function styleHashes(document: string | Buffer, text: string): string[] {
  const hashes = new Set<string>();
  for (const match of text.matchAll(STYLE_ELEMENT)) hashes.add(hashSource(document, match, match[1]));
  return [...hashes];
}

/**
 * The CSP hash sources of every inline script element of an HTML document (its text or its
 * bytes, UTF-8), in order, without repeats. The hash covers the element's text exactly as sent,
 * which is what a browser checks. Script elements with a `src` are covered by the policy's
 * origins instead.
 */
export function inlineScriptHashes(document: string | Buffer): string[] {
  return scriptHashes(document, searchable(document));
}

/** The CSP hash sources of every inline `<style>` element of an HTML document (its text or its bytes), without repeats. */
export function inlineStyleHashes(document: string | Buffer): string[] {
  return styleHashes(document, searchable(document));
}

/** Both at once, the document searched as text once: what a rendered page's policy needs. */
export function inlineHashes(document: string | Buffer): { scripts: string[]; styles: string[] } {
  const text = searchable(document);
  return { scripts: scriptHashes(document, text), styles: styleHashes(document, text) };
}
