import { useEffect } from "react";

/**
 * Runs the 'Updated Ns ago' clock (updated-ago-clock.ts) while `live`: its code loads then, so
 * a page with no live match never fetches it. The first change comes after hydration, so the
 * server's text and the hydrated one are the same.
 */
export function useUpdatedAgoClock(live: boolean): void {
  useEffect(() => {
    if (!live) return;
    let active = true;
    let stop: (() => void) | null = null;
    import("./updated-ago-clock").then(
      ({ startUpdatedAgoClock }) => {
        if (active) stop = startUpdatedAgoClock();
      },
      (error: unknown) => console.warn("Could not load the live clock", error),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [live]);
}
