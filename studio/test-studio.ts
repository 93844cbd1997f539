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
    .map((marker) => ({ path: marker.path.map((segment) => (typeof segment === "object" ? JSON.stringify(segment) : segment)).join("."), message: marker.message }));
}
