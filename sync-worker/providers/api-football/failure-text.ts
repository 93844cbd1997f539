/**
 * How the API-Football client words what went wrong in an answer: a short snippet of a body, the
 * provider's `errors` field as field → text, and the first issues of a failed zod check.
 */
import type { z } from "zod";
import type { Envelope } from "./schemas";

export function snippet(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
}

/** The provider's `errors` as field → text; an empty array or object means no error. */
export function errorsOf(errors: Envelope["errors"]): Record<string, string> {
  const entries = Array.isArray(errors)
    ? errors.map((value, index) => [String(index), value] as const)
    : Object.entries(errors);
  return Object.fromEntries(
    entries.map(([field, value]) => [field, typeof value === "string" ? value : JSON.stringify(value)]),
  );
}

/** The first issues of a failed zod check, as "path: message" for a log line. */
export function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}
