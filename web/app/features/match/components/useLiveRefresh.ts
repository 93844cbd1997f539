import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { LIVE_REFRESH_MS } from "@shared/domain/match-state";

/**
 * Reloads the route's data every 15 s while `live` is true, without a full page load; the
 * loop ends when the data says the match is no longer live.
 */
export function useLiveRefresh(live: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, LIVE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [live, revalidator]);
}
