/**
 * The Sanity webhook: Sanity calls it when a document changes, signed with
 * SANITY_WEBHOOK_SECRET. The signature is checked on the raw body (read up to a small cap), the
 * signature's timestamp must be within 5 minutes of this server's clock, and each delivery is
 * accepted once: a replayed request changes nothing. Then the cache entries the change affects
 * are purged. Closed (404) when no secret is configured.
 */
import { createHash } from "node:crypto";
import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { lt, sql } from "drizzle-orm";
import { contentChangeSchema } from "@shared/content/cache-tags";
import type { DbHandle } from "@shared/db";
import { webhookDeliveries } from "@shared/db/schema";
import { readBodyCapped } from "../../../request-limits";
import type { AppContext } from "~/load-context";

type WebhookContext = Pick<AppContext, "env" | "content" | "db">;

/** A change notice is a few ids and names (the projection in README.md); whole documents fit too. */
export const WEBHOOK_MAX_BODY_BYTES = 256 * 1024;

/** How far a signature's timestamp may be from this server's clock, either way. */
export const WEBHOOK_MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** How long deliveries are remembered: far longer than a signature stays acceptable. */
const DELIVERY_MEMORY = sql`interval '1 day'`;

/** The header Sanity sends with the same value on every attempt to deliver one change. */
export const IDEMPOTENCY_HEADER_NAME = "idempotency-key";

export interface WebhookOptions {
  /** This server's clock in milliseconds (real time, whatever the site's replay clock says). */
  now?: () => number;
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function handleContentWebhook(
  request: Request,
  { env, content, db }: WebhookContext,
  { now = Date.now }: WebhookOptions = {},
): Promise<Response> {
  if (!env.SANITY_WEBHOOK_SECRET) return json(404, { error: "The content webhook is not configured on this site." });
  const body = await readBodyCapped(request, WEBHOOK_MAX_BODY_BYTES);
  if (body === null) return json(413, { error: `The body is larger than ${WEBHOOK_MAX_BODY_BYTES} bytes.` });
  const signature = request.headers.get(SIGNATURE_HEADER_NAME);
  if (!signature || !(await isValidSignature(body, signature, env.SANITY_WEBHOOK_SECRET))) {
    return json(401, { error: `Missing or invalid ${SIGNATURE_HEADER_NAME} header.` });
  }
  const { timestamp, hashedPayload } = decodeSignatureHeader(signature);
  if (!(Math.abs(now() - timestamp) <= WEBHOOK_MAX_CLOCK_SKEW_MS)) {
    return json(401, {
      error: "Stale webhook timestamp: the signature must be from within 5 minutes of this server's clock.",
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return json(400, { error: "The body is not JSON." });
  }
  const change = contentChangeSchema.safeParse(value);
  if (!change.success) {
    return json(400, {
      error: "The body must describe the changed document: its _id and _type (see README.md, “Editorial content”).",
      issues: change.error.issues.map((issue) => ({ field: issue.path.join(".") || "(body)", message: issue.message })),
    });
  }
  let firstDelivery: boolean;
  try {
    firstDelivery = await recordDelivery(
      db,
      deliveryKeys(request.headers.get(IDEMPOTENCY_HEADER_NAME), timestamp, hashedPayload),
    );
  } catch (error) {
    console.error(`Content webhook: could not record the delivery: ${(error as Error).message}`);
    return json(503, { error: "The delivery could not be recorded; nothing was changed. Try again later." });
  }
  if (!firstDelivery) return json(409, { error: "Delivery already received: nothing was changed." });
  return json(200, { purged: content.purge(change.data) });
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * What identifies a delivery: the signature itself (the same signed request sent again), and
 * Sanity's idempotency key when there is one (the same change delivered again, signed anew). The
 * key is not signed, so it cannot stand alone: a replay with another key still has the signature.
 */
export function deliveryKeys(idempotencyKey: string | null, timestamp: number, hashedPayload: string): string[] {
  const keys = [`signature:${sha256(`${timestamp}.${hashedPayload}`)}`];
  if (idempotencyKey?.trim()) keys.push(`idempotency:${sha256(idempotencyKey.trim())}`);
  return keys;
}

/**
 * Records a delivery's keys; false when any was recorded before (on this server or any other
 * sharing the database). Deliveries older than a day are forgotten on the way.
 */
async function recordDelivery({ db }: DbHandle, keys: string[]): Promise<boolean> {
  const recorded = await db
    .insert(webhookDeliveries)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing()
    .returning({ key: webhookDeliveries.key });
  if (recorded.length < keys.length) return false;
  await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.receivedAt, sql`now() - ${DELIVERY_MEMORY}`))
    .catch((error: unknown) =>
      console.warn(`Content webhook: could not forget old deliveries: ${(error as Error).message}`),
    );
  return true;
}
