/** The site footer as server markup: the same on every page, shown by the root's ServerMarkup. */
import type { ServerHtml } from "./ServerMarkup";
import { SiteFooterContent } from "./SiteFooter";
import { renderServerHtml } from "../server-markup.server";

export function renderSiteFooter(year: number, socialUrl: string): ServerHtml {
  return renderServerHtml(<SiteFooterContent year={year} socialUrl={socialUrl} />);
}
