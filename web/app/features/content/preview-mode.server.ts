/**
 * The resource routes that open and close draft preview.
 *
 * Opening takes the secret in `sanity-preview-secret` (the parameter the Studio's Presentation
 * tool sends) and the page to show in `sanity-preview-pathname`. The secret is valid when it
 * equals PREVIEW_SECRET, or, with Sanity and a read token, when it is one the Presentation tool
 * stored in the dataset (@sanity/preview-url-secret). A valid secret sets the preview cookie
 * and redirects; anything else is a 401 without a cookie. With neither kind of secret
 * configured the route does not exist (404).
 */
import { urlSearchParamPreviewPathname, urlSearchParamPreviewSecret } from "@sanity/preview-url-secret";
import type { AppContext } from "~/load-context";
import { secretsMatch } from "~/secrets.server";

type PreviewContext = Pick<AppContext, "env" | "content" | "previewSessions">;

const NO_STORE = { "Cache-Control": "no-store" };

/** A path on this site, or "/": never another origin (no open redirect). */
export function sameSitePath(target: string | null | undefined, siteUrl: string): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  try {
    const origin = new URL(siteUrl).origin;
    const url = new URL(target, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}

function previewConfigured({ env, content }: PreviewContext): boolean {
  return Boolean(env.PREVIEW_SECRET) || (content.source.kind === "sanity" && content.source.canReadDrafts);
}

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE, ...headers },
  });
}

/**
 * Whether a POST comes from this site's pages: its Origin is the one the request was made to or
 * SITE_URL's. Browsers send Origin with every POST; without one, Sec-Fetch-Site must not say
 * another site sent it.
 */
function fromThisSite(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) {
    const site = request.headers.get("Sec-Fetch-Site");
    return site === null || site === "same-origin" || site === "none";
  }
  return origin === new URL(request.url).origin || origin === new URL(siteUrl).origin;
}

export async function enterPreview(request: Request, context: PreviewContext): Promise<Response> {
  if (!previewConfigured(context)) return text(404, "Preview is not configured on this site.");
  const url = new URL(request.url);
  const secret = url.searchParams.get(urlSearchParamPreviewSecret);
  let target = url.searchParams.get(urlSearchParamPreviewPathname);
  let valid = context.env.PREVIEW_SECRET ? secretsMatch(secret, context.env.PREVIEW_SECRET) : false;
  if (!valid && secret && context.content.source.kind === "sanity") {
    const check = await context.content.source.checkPresentationSecret(request.url);
    valid = check.valid;
    target = check.redirectTo ?? target;
  }
  if (!valid) return text(401, "Invalid preview secret.");
  return new Response(null, {
    status: 307,
    headers: {
      Location: sameSitePath(target, context.env.SITE_URL),
      "Set-Cookie": await context.previewSessions.open(request),
      ...NO_STORE,
    },
  });
}

/**
 * Leaves preview: a POST from this site's own pages (the banner's "Exit preview" button). A GET
 * is refused with 405, and a POST naming another Origin with 403, so that no other site can end an
 * editor's preview session with a link, an image or a form.
 */
export async function exitPreview(request: Request, context: PreviewContext): Promise<Response> {
  if (request.method !== "POST")
    return text(405, "Leave preview with the Exit preview button on the page.", { Allow: "POST" });
  if (!fromThisSite(request, context.env.SITE_URL))
    return text(403, "Refused: leaving preview must come from this site's own pages.");
  const target = new URL(request.url).searchParams.get("redirect");
  return new Response(null, {
    status: 303,
    headers: {
      Location: sameSitePath(target, context.env.SITE_URL),
      "Set-Cookie": await context.previewSessions.close(request),
      ...NO_STORE,
    },
  });
}
