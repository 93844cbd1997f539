/**
 * Request bodies are capped before they are read. The site takes only small JSON bodies (the
 * content webhook, content automation, the internal pages' forms), so a client sending more than
 * MAX_REQUEST_BODY_KB gets a 413 without the server holding the body in memory:
 *
 * - A declared Content-Length above the cap is answered at once, before any byte of the body is
 *   read, with `Connection: close` so that the rest of the upload is not read either.
 * - A body without Content-Length (chunked) is held, up to the cap, until it has all arrived and
 *   only then handed on; the byte that passes the cap gets the 413 and the rest is discarded.
 * - A body within its declared Content-Length cannot grow: Node's HTTP parser frames it.
 *
 * The handlers that read a body also read it through readBodyCapped, so their own limits hold
 * wherever the request comes from.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** The default cap: the largest body the site accepts (content automation's, 256 KB) with room to spare. */
export const DEFAULT_MAX_REQUEST_BODY_BYTES = 1024 * 1024;

const TOO_LARGE_BODY = JSON.stringify({ error: "Request body too large" });

export interface RequestBodyLimits {
  /** The most bytes of body a request may carry. */
  maxBytes: number;
}

/** Answers 413 and closes the connection once the answer is sent (Node reads nothing more of the body). */
function refuseBody(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 413;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(TOO_LARGE_BODY));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  res.end(TOO_LARGE_BODY);
}

/**
 * Express middleware that refuses request bodies larger than `maxBytes` with a 413 JSON answer
 * (`{ "error": "Request body too large" }`). Put it before any handler that reads bodies.
 */
export function limitRequestBodies({ maxBytes }: RequestBodyLimits) {
  if (!(Number.isSafeInteger(maxBytes) && maxBytes >= 0))
    throw new RangeError(`maxBytes must be a whole number of bytes, not ${maxBytes}`);
  return function limitRequestBody(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      // Node's parser has refused a malformed or ambiguous Content-Length already.
      if (Number(declared) > maxBytes) refuseBody(res);
      else next();
      return;
    }
    // Without Content-Length or Transfer-Encoding a request has no body.
    if (req.headers["transfer-encoding"] === undefined) {
      next();
      return;
    }
    holdBody(req, res, maxBytes, next);
  };
}

/**
 * Holds a body of unknown length until it has all arrived, then hands the request on with the
 * body readable as usual; refuses it as soon as it passes `maxBytes`.
 *
 * Node's HTTP parser delivers each piece of a request's body by calling the request's push();
 * this request gets its own push() meanwhile, which keeps the pieces (or, past the cap, drops
 * them) instead of queueing them for readers, and gives them back once the body is complete.
 */
function holdBody(req: IncomingMessage, res: ServerResponse, maxBytes: number, next: (error?: unknown) => void): void {
  // What arrived before this middleware ran is already queued in the stream.
  let received = req.readableLength;
  if (received > maxBytes) {
    refuseBody(res);
    return;
  }
  if (req.complete) {
    next();
    return;
  }
  const held: Buffer[] = [];
  let refused = false;
  const stream = req as IncomingMessage & { push: IncomingMessage["push"] };
  const push = stream.push;
  stream.push = function holdChunk(chunk: unknown, encoding?: BufferEncoding): boolean {
    // Past the cap: nothing more is kept, and the socket stops being read until the answer is sent.
    if (refused) return false;
    if (chunk === null) {
      delete (stream as Partial<typeof stream>).push;
      for (const piece of held.splice(0)) push.call(stream, piece);
      const more = push.call(stream, null);
      // Out of the parser's callback: the next handler may do anything.
      process.nextTick(next);
      return more;
    }
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding);
    received += piece.length;
    if (received > maxBytes) {
      refused = true;
      held.length = 0;
      refuseBody(res);
      return false;
    }
    held.push(piece);
    return true;
  };
}

/** How much of an over-long body a handler reads on to keep the connection usable before it gives up on it. */
const DRAIN_LIMIT_BYTES = DEFAULT_MAX_REQUEST_BODY_BYTES;

/**
 * The request's body as text, keeping no more than `maxBytes`; null when the body is larger
 * (declared or sent), for the handler to answer 413. The rest of a body too large is read and
 * discarded in the background, so that the answer still reaches the client on its connection;
 * a body too large even for that (DRAIN_LIMIT_BYTES) is cancelled, which drops the connection.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    if (declared > DRAIN_LIMIT_BYTES) void reader.cancel().catch(() => undefined);
    else void discardRest(reader, DRAIN_LIMIT_BYTES);
    return null;
  }
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void discardRest(reader, DRAIN_LIMIT_BYTES);
      return null;
    }
    pieces.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(pieces));
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<void> {
  try {
    let discarded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing to discard.
  }
}
