/**
 * The Studio's schema and validation in Node, without the hosted Studio (which needs Sanity's
 * API for users and documents). `sanity` expects a few browser globals once its validation
 * runs, so `window` gets the timers it uses, after the import.
 */
import { createClient, type SanityClient } from "@sanity/client";
import { createSchema, validateDocument, type SanityDocument, type ValidationMarker, type Workspace } from "sanity";
import { schemaTypes } from "./schema";
import { STUDIO_API_VERSION } from "./environment";

const globals = globalThis as { window?: unknown };
globals.window ??= { setTimeout, clearTimeout };

export const studioSchema = createSchema({ name: "test", types: schemaTypes });

/** Validates a document as the Studio would, querying the API at `apiHost` for uniqueness checks. */
export function validateWithApi(apiHost: string) {
  const client: SanityClient = createClient({
    projectId: "test",
    dataset: "test",
    apiVersion: STUDIO_API_VERSION,
    apiHost,
    useProjectHostname: false,
    useCdn: false,
    token: "studio-token",
  });
  return (document: Record<string, unknown>): Promise<ValidationMarker[]> =>
    validateDocument({
      document: document as SanityDocument,
      workspace: { schema: studioSchema } as unknown as Workspace,
      getClient: () => client,
      getDocumentExists: async () => true,
    });
}

export function errorsOf(markers: ValidationMarker[]): { path: string; message: string }[] {
  return markers
    .filter((marker) => marker.level === "error")
    .map((marker) => ({
      path: marker.path.map((segment) => (typeof segment === "object" ? JSON.stringify(segment) : segment)).join("."),
      message: marker.message,
    }));
}

/** Brighton v Crystal Palace of 2025/26, the fixture the desk's tests write previews for. */
export const BRIGHTON_PALACE = {
  league: "premier-league",
  season: "2526",
  homeTeam: "brighton-and-hove-albion",
  awayTeam: "crystal-palace",
} as const;

/** A draft preview of Brighton v Crystal Palace kicking off at `kickoff`. */
export function brightonPalaceDraft(kickoff: string) {
  return {
    _id: "drafts.matchPreview-2526-premier-league-brighton-and-hove-albion-vs-crystal-palace",
    _type: "matchPreview",
    ...BRIGHTON_PALACE,
    kickoff,
  };
}

/** What the fixture list hands the "Match preview from a fixture" template for it. */
export const BRIGHTON_PALACE_TEMPLATE_PARAMETERS = {
  ...BRIGHTON_PALACE,
  kickoff: "2026-02-14T15:00:00.000Z",
  matchId: "premier-league/brighton-and-hove-albion-vs-crystal-palace",
} as const;
