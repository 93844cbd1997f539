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
 * The CSP hash sources of every inline script element of an HTML document, in order, without
 * repeats. The hash covers the element's text exactly as sent, which is what a browser checks.
 * Script elements with a `src` are covered by the policy's origins instead.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const [, attributes, text] = match;
    if (SRC_ATTRIBUTE.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The CSP hash sources of every inline `<style>` element of an HTML document, without repeats. */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(STYLE_ELEMENT)) {
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
