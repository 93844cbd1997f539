import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_PAGE_CACHE } from "../cache-control";
import { getSitemapEntries, sitemapXml } from "../features/sitemap/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const entries = await getSitemapEntries(context);
  return new Response(sitemapXml(new URL(context.env.SITE_URL).origin, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE },
  });
}
