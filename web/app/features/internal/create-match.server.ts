/**
 * POST /api/matches/from-api/{fixtureId?}: the test page's "create a match". The web checks the
 * token and the fixture ID; fetching from the provider and storing the match is the worker's
 * code, reached through the operator services the server injects (context.operations).
 */
import type { AppContext } from "~/load-context";
import { checkInternalEndpoint, internalJson } from "./access.server";

export type { CreatedMatch } from "@shared/operations/operator-services";

/** The largest id a fixture column holds (Postgres integer). */
export const MAX_FIXTURE_ID = 2 ** 31 - 1;

export type FixtureIdInput = { ok: true; id: number | null } | { ok: false; error: string };

/** The optional URL segment: absent means "the next United v Brighton"; otherwise digits, 1 to 2^31-1. */
export function parseFixtureId(segment: string | undefined): FixtureIdInput {
  if (segment === undefined) return { ok: true, id: null };
  const invalid = { ok: false, error: `The fixture ID must be a whole number from 1 to ${MAX_FIXTURE_ID}.` } as const;
  if (!/^\d{1,12}$/.test(segment)) return invalid;
  const id = Number(segment);
  return id >= 1 && id <= MAX_FIXTURE_ID ? { ok: true, id } : invalid;
}

/** 201 with a new match, 200 with one already stored; the outcome's status otherwise. */
export async function handleCreateMatch(
  request: Request,
  context: Pick<AppContext, "env" | "operations">,
  segment: string | undefined,
): Promise<Response> {
  const denied = checkInternalEndpoint(request, context.env);
  if (denied) return denied;
  const input = parseFixtureId(segment);
  if (!input.ok) return internalJson(400, { error: input.error });

  const outcome = await context.operations.createMatch(input.id, request.signal);
  if (!outcome.ok) return internalJson(outcome.status, { error: outcome.error });
  return internalJson(outcome.match.created ? 201 : 200, outcome.match);
}
