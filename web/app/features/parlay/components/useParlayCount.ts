import { useEffect, useState } from "react";
import { hasStoredParlay, PARLAY_STORAGE_KEY, PARLAY_UPDATED_EVENT } from "./parlay-first-load";

/**
 * The number of stored parlay picks; refreshes on storage changes and parlay-updated events.
 * A session with nothing stored counts 0 without loading the code that reads and checks picks
 * (parlay-storage.ts).
 */
export function useParlayCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let active = true;
    const refresh = () => {
      if (!hasStoredParlay()) return setCount(0);
      import("./parlay-storage").then(
        ({ readParlay }) => active && setCount(readParlay().length),
        (error: unknown) => console.warn("Could not read the stored parlay", error),
      );
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === PARLAY_STORAGE_KEY) refresh();
    };
    refresh();
    window.addEventListener("storage", onStorage);
    window.addEventListener(PARLAY_UPDATED_EVENT, refresh);
    return () => {
      active = false;
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(PARLAY_UPDATED_EVENT, refresh);
    };
  }, []);
  return count;
}
