import { useEffect, useState } from "react";
import { LIVE_REFRESH_MS, type MatchState } from "@shared/domain/match-state";
import type { EmbeddedMatch } from "../embedded-match.server";

/** Spec 9: "embedded refresh 60 s"; spec 7: "every 60 s when embedded and not post-match". */
export const EMBEDDED_REFRESH_MS = 60_000;

/**
 * How often an embedded match reloads its data: every 15 s while live (as the match page
 * does), every 60 s before kick-off, and never once the match is over.
 */
export function embeddedRefreshMs(state: MatchState): number | null {
  switch (state) {
    case "live":
      return LIVE_REFRESH_MS;
    case "pre-match":
      return EMBEDDED_REFRESH_MS;
    default:
      return null;
  }
}

/**
 * Keeps an embedded match current without reloading the page: fetches its data on the interval
 * above and when the window regains focus; the code of a refresh (embedded-match-fetch.ts) loads
 * when the first one is due. A failed refresh (offline, a restart) keeps what is
 * on screen and the next one tries again, so the page around it never turns into an error.
 */
export function useEmbeddedRefresh(initial: EmbeddedMatch): { match: EmbeddedMatch; refreshMs: number | null } {
  const [match, setMatch] = useState(initial);
  // New data from the page's own loader (a navigation back to it) replaces the refreshed copy.
  useEffect(() => setMatch(initial), [initial]);

  const refreshMs = embeddedRefreshMs(match.state);
  const { id } = match;
  useEffect(() => {
    if (refreshMs === null) return;
    let inFlight: AbortController | null = null;
    const refresh = async () => {
      if (inFlight || document.visibilityState !== "visible") return;
      const controller = new AbortController();
      inFlight = controller;
      try {
        const { fetchEmbeddedMatch } = await import("./embedded-match-fetch");
        const next = await fetchEmbeddedMatch(id, controller.signal);
        if (next) setMatch(next);
      } catch (error) {
        if (!controller.signal.aborted) console.warn("Could not refresh the match; showing the last data", error);
      } finally {
        if (inFlight === controller) inFlight = null;
      }
    };
    // refresh handles its own failures; the timer and the listener only start it.
    const startRefresh = () => void refresh();
    const timer = window.setInterval(startRefresh, refreshMs);
    window.addEventListener("focus", startRefresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", startRefresh);
      inFlight?.abort();
    };
  }, [id, refreshMs]);

  return { match, refreshMs };
}
