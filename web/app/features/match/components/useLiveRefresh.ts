import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LIVE_REFRESH_MS } from "@shared/domain/match-state";

/**
 * Reloads the route's data every 15 s while `live` is true, without a full page load; the
 * loop ends when the data says the match is no longer live. One refresh is one request for
 * fresh data: the server sends data requests without stale-while-revalidate (page-cache/answer-headers.ts),
 * so the browser asks (a 304 when nothing changed) instead of showing its previous answer and
 * fetching the same URL again behind it.
 */
export function useLiveRefresh(live: boolean): void {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const idle = revalidator.state === "idle";
  // The timer keeps its phase across renders (a new revalidator object each render would restart it).
  const state = useRef({ idle, revalidate });
  useEffect(() => {
    state.current = { idle, revalidate };
  });
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (state.current.idle && document.visibilityState === "visible") state.current.revalidate();
    }, LIVE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [live]);
}
