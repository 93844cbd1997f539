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
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      // No nonce: inline scripts are allowed by their hashes, so a rendered page can be cached
      // and served to everyone (web/page-cache/csp.ts).
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [readyEvent]() {
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
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is out reject above; later ones are logged, not swallowed.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}
