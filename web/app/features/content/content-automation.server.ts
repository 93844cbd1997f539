/**
 * Content automation: the spec's admin-style update payload, posted as JSON with
 * `Authorization: Bearer <CONTENT_AUTOMATION_TOKEN>`, becomes a draft (or, with
 * `"publish": true`, published) match preview. Closed (404) when no token is configured; a
 * missing or wrong token is a 401; an invalid payload a 400 listing every invalid field, and
 * nothing is written.
 */
import { contentSeasonAt } from "@shared/content/rules";
import { ContentConflictError, ContentSourceError } from "@shared/content/source";
import { parseMatchUpdatePayload } from "@shared/content/match-update-payload";
import { readBodyCapped } from "../../../request-limits";
import type { AppContext } from "~/load-context";
import { secretsMatch } from "~/secrets.server";

type AutomationContext = Pick<AppContext, "env" | "content" | "clock">;

/** An update is a few texts: anything bigger is a mistake or an attack, and is not read further. */
const MAX_BODY_BYTES = 256 * 1024;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export async function handleMatchUpdate(
  request: Request,
  { env, content, clock }: AutomationContext,
): Promise<Response> {
  if (!env.CONTENT_AUTOMATION_TOKEN) return json(404, { error: "Content automation is not configured on this site." });
  const presented = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (!secretsMatch(presented, env.CONTENT_AUTOMATION_TOKEN)) {
    return json(
      401,
      { error: "Send Authorization: Bearer <CONTENT_AUTOMATION_TOKEN>." },
      { "WWW-Authenticate": 'Bearer realm="content"' },
    );
  }
  const body = await readBodyCapped(request, MAX_BODY_BYTES);
  if (body === null) return json(413, { error: `The body is larger than ${MAX_BODY_BYTES} bytes.` });
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return json(400, { error: "The body is not JSON.", issues: [{ field: "(body)", message: "not JSON" }] });
  }
  const parsed = parseMatchUpdatePayload(payload, contentSeasonAt(clock.now()));
  if (!parsed.ok) return json(400, { error: "Invalid update: nothing was written.", issues: parsed.issues });
  if (!content.source.canWrite) return json(503, { error: "Writing to Sanity needs SANITY_WRITE_TOKEN on this site." });

  try {
    const result = await content.updateMatchPreview(parsed.update);
    return json(result.created ? 201 : 200, {
      matchId: parsed.update.matchId,
      season: parsed.update.fixture.season,
      ...result,
    });
  } catch (error) {
    if (error instanceof ContentConflictError) return json(409, { error: `${error.message}. Nothing was written.` });
    if (error instanceof ContentSourceError) {
      console.error(`Content automation: ${error.message}`);
      return json(503, { error: "The content source is unavailable; nothing was written. Try again later." });
    }
    throw error;
  }
}
