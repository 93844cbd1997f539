/** What the two internal pages share: their meta, their headers and how they write instants. */
import type { HeadersFunction, MetaDescriptor } from "@remix-run/node";
import { NOT_FOUND_TITLE, SITE_NAME } from "@shared/domain/site";

/** The page's title, or the site's not-found title when the page is closed (exactly as an unknown path). */
export function internalPageMeta(title: string | null): MetaDescriptor[] {
  return [{ title: `${title ?? NOT_FOUND_TITLE} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
}

/** An open page passes on its loader's no-store and noindex headers; a closed one adds nothing to the 404. */
export const internalPageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers: Record<string, string> = {};
  for (const name of ["Cache-Control", "X-Robots-Tag"]) {
    const value = loaderHeaders.get(name);
    if (value) headers[name] = value;
  }
  return headers;
};

/** "2026-02-07 15:50 UTC": the same text on the server and in any browser. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** An instant as formatUtc writes it, kept on one line. */
export function UtcTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="internal-time">
      {formatUtc(iso)}
    </time>
  );
}
