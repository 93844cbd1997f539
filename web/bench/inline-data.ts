/**
 * How much of a page's HTML is the loader data it carries for hydration: the inline scripts of
 * Remix's context and its stream (`window.__remixContext...`). bench:web prints it per page;
 * tests/e2e/markup-once.e2e.ts holds every page type to at most 15%.
 */

/** The bytes of the inline scripts that carry the loader data. */
export function inlineLoaderDataBytes(html: string): number {
  let bytes = 0;
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(` ${attributes}`)) continue;
    if (text.includes("__remixContext")) bytes += Buffer.byteLength(text);
  }
  return bytes;
}

/** The loader data's share of the page (0 to 1). */
export function inlineLoaderDataShare(html: string): number {
  const total = Buffer.byteLength(html);
  return total === 0 ? 0 : inlineLoaderDataBytes(html) / total;
}
