import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
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

/** The bytes of each document rendered here, by its Response: renderedDocument. */
const documents = new WeakMap<Response, Buffer>();

/**
 * A document's bytes as this entry rendered them, for the page server, which keeps every page
 * whole (web/page-cache/remix-render.ts): the same bytes as the Response's body, without
 * reading them back through its stream.
 */
export function renderedDocument(response: Response): Buffer | undefined {
  return documents.get(response);
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
  // Every answer is the whole document: the page server stores and sends pages whole. For crawlers
  // React renders it in one pass once all is ready; for browsers it starts when the shell is.
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
      // The status as the shell was rendered, as a streamed answer would have sent it.
      const status = responseStatusCode;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const chunks: Uint8Array[] = [];
      pipe(
        new Writable({
          write(chunk: Uint8Array, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            const body = Buffer.concat(chunks);
            const response = new Response(body, { headers: responseHeaders, status });
            documents.set(response, body);
            resolve(response);
            done();
          },
        }),
      );
    }
    if (!settled) abortTimer = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}
