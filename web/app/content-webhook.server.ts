/**
 * The Sanity webhook: Sanity calls it when a document changes, signed with
 * SANITY_WEBHOOK_SECRET. The signature is checked on the raw body, then the cache entries the
 * change affects are purged. Closed (404) when no secret is configured.
 */
import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { contentChangeSchema } from "../../shared/content/cache-tags";
import type { AppContext } from "./load-context";

type WebhookContext = Pick<AppContext, "env" | "content">;

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function handleContentWebhook(request: Request, { env, content }: WebhookContext): Promise<Response> {
  if (!env.SANITY_WEBHOOK_SECRET) return json(404, { error: "The content webhook is not configured on this site." });
  const body = await request.text();
  const signature = request.headers.get(SIGNATURE_HEADER_NAME);
  if (!signature || !(await isValidSignature(body, signature, env.SANITY_WEBHOOK_SECRET))) {
    return json(401, { error: `Missing or invalid ${SIGNATURE_HEADER_NAME} header.` });
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
  return json(200, { purged: content.purge(change.data) });
}
