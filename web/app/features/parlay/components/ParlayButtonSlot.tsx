/**
 * Parlay add buttons inside markup the server renders ahead (ServerMarkup): the ranked match
 * cards, the fixture lists and the match header. The server renders each button in its first
 * state inside a slot that carries the pick; in the browser, ParlayButtonSlots (loaded by
 * LazyParlaySlots when a visitor reaches for a button, or has picks stored) takes every slot
 * over with the live AddToParlayButton.
 */
import type { ParlayPick } from "@shared/domain/parlay";
import { AddToParlayButton } from "./AddToParlayButton";
import { PARLAY_PICK_ATTRIBUTE } from "./parlay-events";

/** Server side: the button as it first shows, in a slot the browser takes over. */
export function ParlayButtonSlot({ pick }: { pick: ParlayPick }) {
  return (
    <div className="parlay-add-slot" {...{ [PARLAY_PICK_ATTRIBUTE]: JSON.stringify(pick) }}>
      <AddToParlayButton pick={pick} />
    </div>
  );
}
