import { PARLAY_STORAGE_KEY, type ParlayPick } from "../../../../shared/domain/parlay";
import { parseStoredParlay } from "../../../../shared/domain/stored-parlay";
import { showToast } from "../toast/toast-events";

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

/**
 * writeParlay for a user action: a storage failure (full or blocked) is logged and shown as the
 * given error toast (spec 8: 'Failed to add pick to parlay' / 'Failed to remove pick from parlay').
 */
export function storeParlayOrToast(picks: readonly ParlayPick[], failureMessage: string): boolean {
  try {
    writeParlay(picks);
    return true;
  } catch (error) {
    console.warn("Could not store the parlay", error);
    showToast("error", { message: failureMessage });
    return false;
  }
}
