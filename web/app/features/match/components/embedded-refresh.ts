/**
 * How an embedded match (the home page's Match of the Week) keeps current without reloading the
 * page: it fetches its data on an interval and when the window regains focus. The code of a
 * refresh (embedded-match-fetch.ts) loads when the first one is due. A failed refresh (offline, a
 * restart) keeps what is on screen and the next one tries again, so the page around it never
 * turns into an error.
 */
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

/** Refreshes match `id` every `refreshMs` and on focus, handing each fresh copy to `onMatch`; returns the stop. */
export function startEmbeddedRefresh(
  id: number,
  refreshMs: number,
  onMatch: (match: EmbeddedMatch) => void,
): () => void {
  let inFlight: AbortController | null = null;
  const refresh = async () => {
    if (inFlight || document.visibilityState !== "visible") return;
    const controller = new AbortController();
    inFlight = controller;
    try {
      const { fetchEmbeddedMatch } = await import("./embedded-match-fetch");
      const next = await fetchEmbeddedMatch(id, controller.signal);
      if (next && !controller.signal.aborted) onMatch(next);
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
}
