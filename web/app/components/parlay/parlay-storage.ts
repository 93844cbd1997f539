import { PARLAY_STORAGE_KEY, parseStoredParlay, type ParlayPick } from "../../../../shared/domain/parlay";

/** Fired on window whenever the stored parlay changes in this tab. */
export const PARLAY_UPDATED_EVENT = "parlayUpdated";
export const OPEN_PARLAY_MODAL_EVENT = "openParlayModal";

export function readParlay(): ParlayPick[] {
  try {
    const raw = window.sessionStorage.getItem(PARLAY_STORAGE_KEY);
    return raw ? parseStoredParlay(raw) : [];
  } catch (error) {
    // Spec: a pick-count read error is logged and counts as 0.
    console.warn("Could not read the stored parlay", error);
    return [];
  }
}

/** Stores the parlay for this browser session and tells this tab's listeners. */
export function writeParlay(picks: readonly ParlayPick[]): void {
  window.sessionStorage.setItem(PARLAY_STORAGE_KEY, JSON.stringify(picks));
  window.dispatchEvent(new CustomEvent(PARLAY_UPDATED_EVENT));
}
