/**
 * The Parlay Builder's names and texts that a page's first load uses (the header's buttons, the
 * lazy dialog and buttons, the badge's count). They are written out here rather than imported
 * from parlay-events.ts and @shared/domain/parlay: those modules are shared with the code that
 * loads later, so importing them would put a file of their own into every first load, where this
 * module is part of the root's. parlay-first-load.test.ts checks the two spellings agree.
 */
export const OPEN_PARLAY_MODAL_EVENT = "openParlayModal";
export const PARLAY_UPDATED_EVENT = "parlayUpdated";
export const PARLAY_PICK_ATTRIBUTE = "data-parlay-pick";
export const OPEN_PARLAY_ATTRIBUTE = "data-open-parlay";
export const PARLAY_STORAGE_KEY = "parlay-picks";
export const EMPTY_PARLAY_NOTICE =
  "Your Parlay Builder is empty — start by adding a pick from any match page. You can add up to 10 picks before sharing.";

/** Whether this session has stored anything as its parlay (read and checked by the loaded code). */
export function hasStoredParlay(): boolean {
  try {
    const raw = window.sessionStorage.getItem(PARLAY_STORAGE_KEY);
    return raw !== null && raw !== "" && raw !== "[]";
  } catch {
    return false;
  }
}
