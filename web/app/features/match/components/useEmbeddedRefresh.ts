import { useEffect, useState } from "react";
import type { EmbeddedMatch } from "../embedded-match.server";
import { embeddedRefreshMs, startEmbeddedRefresh } from "./embedded-refresh";

/**
 * Keeps an embedded match current without reloading the page (embedded-refresh.ts), from the
 * copy it is given.
 */
export function useEmbeddedRefresh(initial: EmbeddedMatch): { match: EmbeddedMatch; refreshMs: number | null } {
  const [match, setMatch] = useState(initial);
  // New data from the page's own loader (a navigation back to it) replaces the refreshed copy.
  useEffect(() => setMatch(initial), [initial]);

  const refreshMs = embeddedRefreshMs(match.state);
  const { id } = match;
  useEffect(() => (refreshMs === null ? undefined : startEmbeddedRefresh(id, refreshMs, setMatch)), [id, refreshMs]);

  return { match, refreshMs };
}
