/**
 * Parlay add buttons inside markup the server renders ahead (ServerMarkup), such as the ranked
 * match cards. The server renders each button in its first state inside a slot that carries
 * the pick (ParlayButtonSlot); in the browser, ParlayButtonSlots takes every slot over with the
 * live AddToParlayButton, so the cards' buttons behave exactly as the match page's.
 */
import { useEffect, useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { ParlayPick } from "@shared/domain/parlay";
import { readStoredPick } from "@shared/domain/stored-parlay";
import { AddToParlayButton } from "~/features/parlay/components/AddToParlayButton";
import type { ServerHtml } from "~/components/ServerMarkup";

/** Marks a slot in server markup; its value is the pick as JSON. */
export const PARLAY_PICK_ATTRIBUTE = "data-parlay-pick";

/** Server side: the button as it first shows, in a slot the browser takes over. */
export function ParlayButtonSlot({ pick }: { pick: ParlayPick }) {
  return (
    <div className="parlay-add-slot" {...{ [PARLAY_PICK_ATTRIBUTE]: JSON.stringify(pick) }}>
      <AddToParlayButton pick={pick} />
    </div>
  );
}

interface Slot {
  key: string;
  element: HTMLElement;
  pick: ParlayPick;
}

function readSlotPick(element: HTMLElement): ParlayPick | null {
  try {
    return readStoredPick(JSON.parse(element.getAttribute(PARLAY_PICK_ATTRIBUTE) ?? ""));
  } catch {
    return null;
  }
}

// Runs before the browser paints, so the server's button is never seen missing; on the server
// (where effects do not run) plain useEffect avoids React's layout-effect warning.
const useBeforePaintEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Browser side: the live buttons of every slot on the page, looked up again whenever the
 * server markup changes (a live refresh replaces it).
 */
export function ParlayButtonSlots({ markup }: { markup: ServerHtml }) {
  const [slots, setSlots] = useState<Slot[]>([]);

  useBeforePaintEffect(() => {
    const found: Slot[] = [];
    document.querySelectorAll<HTMLElement>(`[${PARLAY_PICK_ATTRIBUTE}]`).forEach((element, index) => {
      const pick = readSlotPick(element);
      if (!pick) return;
      element.replaceChildren();
      found.push({ key: `${index}:${pick.id}`, element, pick });
    });
    setSlots(found);
  }, [markup.html]);

  return <>{slots.map((slot) => createPortal(<AddToParlayButton pick={slot.pick} />, slot.element, slot.key))}</>;
}
