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

const LESS_THAN = 0x3c;
const SLASH = 0x2f;
const GREATER_THAN = 0x3e;

/** Whether `body` has `<` + `name` at `at`, any case, `name` ending there as a word (`<script`, not `<scripts`). */
function tagAt(body: Buffer, at: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    // ASCII letters only: | 0x20 lowers an upper-case one.
    if ((body[at + i] | 0x20) !== name.charCodeAt(i)) return false;
  }
  const next = body[at + name.length];
  return next === undefined || !/\w/.test(String.fromCharCode(next));
}

/**
 * The `<tag …>…</tag>` elements of an HTML document's bytes, whole and in order, as one string:
 * a page's inline scripts are a few KB of its 30-80 KB, and decoding only them saves a miss the
 * decoding of the whole page (0.3 ms for the league page's 80 KB). Found as SCRIPT_ELEMENT and
 * STYLE_ELEMENT find them in the decoded text: from each opening tag to the first closing one.
 */
function elementsOf(body: Buffer, tag: "script" | "style"): string {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    let start = body.indexOf(LESS_THAN, from);
    while (start !== -1 && !tagAt(body, start + 1, tag)) start = body.indexOf(LESS_THAN, start + 1);
    if (start === -1) break;
    let end = -1;
    for (let close = body.indexOf(LESS_THAN, start + 1); close !== -1; close = body.indexOf(LESS_THAN, close + 1)) {
      if (body[close + 1] !== SLASH || !tagAt(body, close + 2, tag)) continue;
      let after = close + 2 + tag.length;
      while (after < body.length && /\s/.test(String.fromCharCode(body[after]))) after += 1;
      if (body[after] === GREATER_THAN) {
        end = after + 1;
        break;
      }
    }
    if (end === -1) break;
    parts.push(body.toString("utf8", start, end));
    from = end;
  }
  return parts.join("");
}

/**
 * The CSP hash sources of every inline script element of an HTML document, in order, without
 * repeats. The hash covers the element's text exactly as sent, which is what a browser checks.
 * Script elements with a `src` are covered by the policy's origins instead.
 */
export function inlineScriptHashes(document: string | Buffer): string[] {
  const html = typeof document === "string" ? document : elementsOf(document, "script");
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const [, attributes, text] = match;
    if (SRC_ATTRIBUTE.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The CSP hash sources of every inline `<style>` element of an HTML document, without repeats. */
export function inlineStyleHashes(document: string | Buffer): string[] {
  const html = typeof document === "string" ? document : elementsOf(document, "style");
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(STYLE_ELEMENT)) {
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
