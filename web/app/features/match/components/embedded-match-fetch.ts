/**
 * One refresh of an embedded match (useEmbeddedRefresh): loaded when the first refresh is due,
 * not with the page.
 */
import type { EmbeddedMatch } from "../embedded-match.server";

/** The resource route (routes/resource.embedded-match.$id.ts) an embedded match reloads from. */
export function embeddedMatchDataUrl(id: number): string {
  return `/resource/embedded-match/${id}`;
}

function isEmbeddedMatch(value: unknown, id: number): value is EmbeddedMatch {
  return typeof value === "object" && value !== null && (value as { id?: unknown }).id === id;
}

/** The match's fresh data; null when the answer is not that match. Throws on a failed request. */
export async function fetchEmbeddedMatch(id: number, signal: AbortSignal): Promise<EmbeddedMatch | null> {
  const response = await fetch(embeddedMatchDataUrl(id), { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const body: unknown = await response.json();
  const next = (body as { match?: unknown }).match;
  return isEmbeddedMatch(next, id) ? next : null;
}
