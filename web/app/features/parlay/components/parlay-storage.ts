import { PARLAY_STORAGE_KEY, type ParlayPick } from "@shared/domain/parlay";
import { parseStoredParlay } from "@shared/domain/stored-parlay";
import { showToast } from "~/components/toast/toast-events";
import { MODAL_OPEN_EVENT, PARLAY_UPDATED_EVENT, PICK_ADDED_EVENT } from "./parlay-events";

/**
 * The Parlay Builder's window events (spec 2 and 7: "window events for add, update, modal-open").
 * Any script on the page may listen to them; only openParlayModal is a request, the others
 * announce what has already happened:
 *
 * - `openParlayModal` (no detail): asks for the Parlay Builder dialog.
 * - `parlayUpdated` (no detail): the stored parlay changed in this tab (added, removed, cleared).
 * - `pickAdded` (detail `{ pick, count }`): a pick joined the parlay; `pick` is the stored
 *   ParlayPick and `count` the number of picks now stored. Fired after parlayUpdated.
 * - `modalOpen` (detail `{ count }`): the dialog is open and shows `count` picks.
 *
 * Toasts have their own events (toast-events.ts).
 */
export { OPEN_PARLAY_MODAL_EVENT, PARLAY_UPDATED_EVENT, PICK_ADDED_EVENT, MODAL_OPEN_EVENT } from "./parlay-events";

export interface PickAddedDetail {
  pick: ParlayPick;
  count: number;
}

export interface ModalOpenDetail {
  count: number;
}

/** Announces a pick that has just been stored (PICK_ADDED_EVENT). */
export function announcePickAdded(detail: PickAddedDetail): void {
  window.dispatchEvent(new CustomEvent<PickAddedDetail>(PICK_ADDED_EVENT, { detail }));
}

/** Announces that the Parlay Builder dialog has opened (MODAL_OPEN_EVENT). */
export function announceModalOpen(detail: ModalOpenDetail): void {
  window.dispatchEvent(new CustomEvent<ModalOpenDetail>(MODAL_OPEN_EVENT, { detail }));
}

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
