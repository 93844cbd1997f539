import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_PAGE_CACHE } from "../cache-control";
import { robotsTxt } from "../features/seo/robots.server";

export function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(new URL(context.env.SITE_URL).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE },
  });
}
