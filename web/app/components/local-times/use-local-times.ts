/**
 * Kick-off times in the reader's time zone. Pages are cached and shared by every visitor, so
 * the server writes kick-offs in UTC ("Sat 7 Feb, 23:30 UTC", KickoffTime); after hydration
 * the root rewrites each such <time> to the reader's zone, and again whenever the page changes
 * (a navigation, a live refresh, React writing a time back to UTC). The code that does it
 * (localize-times.ts) loads once the page shows a time: a page without one never fetches it.
 */
import { useEffect } from "react";

const TIME = "time[datetime]";

export function useLocalTimes(): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let active = true;
    let observer: MutationObserver | null = null;
    const start = () => {
      observer?.disconnect();
      import("./localize-times").then(
        (module) => {
          if (active) stop = module.startLocalTimes();
        },
        // Offline or a new deployment: the times stay in UTC, as the server wrote them.
        (error: unknown) => console.warn("Could not load the local times", error),
      );
    };
    if (document.querySelector(TIME)) start();
    else {
      observer = new MutationObserver(() => {
        if (document.querySelector(TIME)) start();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }
    return () => {
      active = false;
      observer?.disconnect();
      stop?.();
    };
  }, []);
}
