/**
 * The Parlay Builder's window events and markers, on their own so that the code that loads on
 * demand (the dialog, the live buttons, the storage) names them without the storage and
 * validation code of parlay-storage.ts, which documents the events. A page's first load spells
 * the ones it needs in parlay-first-load.ts.
 */
export const OPEN_PARLAY_MODAL_EVENT = "openParlayModal";
export const PARLAY_UPDATED_EVENT = "parlayUpdated";
export const PICK_ADDED_EVENT = "pickAdded";
export const MODAL_OPEN_EVENT = "modalOpen";

/** Marks a parlay button's slot in server markup (ParlayButtonSlot); its value is the pick as JSON. */
export const PARLAY_PICK_ATTRIBUTE = "data-parlay-pick";

/** Marks a button in server markup that opens the Parlay Builder (LazyParlayModal answers it). */
export const OPEN_PARLAY_ATTRIBUTE = "data-open-parlay";
