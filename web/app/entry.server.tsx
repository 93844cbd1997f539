import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

const ABORT_DELAY = 5_000;

// The page server runs each render in it: server markup travels once (markup-scope.server.ts).
export { inRequestScope } from "./markup-scope.server";

/** Nothing rendered from drafts may be stored by a browser or a CDN. */
async function noStoreInPreview(headers: Headers, request: Request, loadContext: AppLoadContext): Promise<void> {
  if (await loadContext.previewSessions.isActive(request)) headers.set("Cache-Control", "no-store");
}

export async function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: AppLoadContext },
): Promise<Response> {
  if (context.timing) context.timing.renderStartedAt = performance.now();
  await noStoreInPreview(response.headers, request, context);
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext.timing) loadContext.timing.renderStartedAt = performance.now();
  await noStoreInPreview(responseHeaders, request, loadContext);
  // Crawlers get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const wholeDocument = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The render's whole state (its markup, its loader data) stays reachable from this timer until
    // it fires: a page server rendering a hundred pages a second would hold six seconds of them.
    // Once everything is rendered (or the shell failed) there is nothing left to abort.
    let settled = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      settled = true;
      clearTimeout(abortTimer);
    };
    const { pipe, abort } = renderToPipeableStream(
      // No nonce: inline scripts are allowed by their hashes, so a rendered page can be cached
      // and served to everyone (web/page-cache/csp.ts).
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        onShellReady() {
          if (!wholeDocument) answer();
        },
        onAllReady() {
          settle();
          if (wholeDocument) answer();
        },
        onShellError(error: unknown) {
          settle();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is out reject above; later ones are logged, not swallowed.
          if (shellRendered) console.error(error);
        },
      },
    );
    function answer() {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    }
    if (!settled) abortTimer = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}
