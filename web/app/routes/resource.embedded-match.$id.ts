import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { pageCacheControl } from "../cache-control";
import { getEmbeddedMatch } from "../features/match/embedded-match.server";
import { MATCH_NOT_FOUND_TEXT, MATCH_NOT_FOUND_TITLE } from "../features/match/match";

/** A database id: a positive 32-bit integer written in plain digits. */
const matchId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= 2 ** 31 - 1);

/**
 * The data of an embedded match view (the home page's Match of the Week), reloaded in place
 * every 60 s, or 15 s while live. Cached like the page it refreshes; never stored in preview.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const preview = await context.previewSessions.isActive(request);
  const json = (body: unknown, status: number, cacheControl: string) =>
    Response.json(body, { status, headers: { "Cache-Control": preview ? "no-store" : cacheControl } });

  const id = matchId.safeParse(params.id);
  if (!id.success) return json({ error: "The match id must be a whole number from 1 to 2147483647." }, 400, "no-store");
  const match = await getEmbeddedMatch(context, id.data, preview);
  if (!match)
    return json({ error: `${MATCH_NOT_FOUND_TITLE} - ${MATCH_NOT_FOUND_TEXT}` }, 404, pageCacheControl(false));
  return json({ match }, 200, pageCacheControl(match.state === "live"));
}
