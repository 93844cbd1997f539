import { useEffect, useState } from "react";
import { PARLAY_STORAGE_KEY } from "@shared/domain/parlay";
import { PARLAY_UPDATED_EVENT } from "./parlay-events";
import { readParlay } from "./parlay-storage";

/**
 * The number of stored parlay picks; refreshes on storage changes and parlay-updated events.
 * Part of the live header buttons (ParlayButton), which load after the first page view
 * (LazyParlayButton): the first buttons count 0 without it.
 */
export function useParlayCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const refresh = () => setCount(readParlay().length);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === PARLAY_STORAGE_KEY) refresh();
    };
    refresh();
    window.addEventListener("storage", onStorage);
    window.addEventListener(PARLAY_UPDATED_EVENT, refresh);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(PARLAY_UPDATED_EVENT, refresh);
    };
  }, []);
  return count;
}
