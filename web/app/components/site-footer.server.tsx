/**
 * The site footer as server markup: the same on every page, shown by the root's ServerMarkup.
 * Rendered once per year and social link, not on every page's render.
 */
import type { ServerHtml } from "./ServerMarkup";
import { SiteFooterContent } from "./SiteFooter";
import { memoServerHtml } from "../server-markup.server";

export function renderSiteFooter(year: number, socialUrl: string): ServerHtml {
  return memoServerHtml(`footer:${year}:${socialUrl}`, () => <SiteFooterContent year={year} socialUrl={socialUrl} />);
}
