/**
 * Browser side of the parlay buttons in server markup (ParlayButtonSlot): the live
 * AddToParlayButton of every slot on the page, looked up again whenever the page's DOM changes
 * (a live refresh or a navigation replaces the markup). Loaded on demand by LazyParlaySlots; a
 * click that came before this code is replayed on the live button of its slot.
 */
import { useEffect, useLayoutEffect, useRef, useState, type MutableRefObject } from "react";
import { createPortal } from "react-dom";
import type { ParlayPick } from "@shared/domain/parlay";
import { readStoredPick } from "@shared/domain/stored-parlay";
import { AddToParlayButton } from "./AddToParlayButton";
import { PARLAY_PICK_ATTRIBUTE } from "./parlay-events";

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

export interface ParlayButtonSlotsProps {
  /** The slot whose server button was clicked before this code had loaded, if any. */
  pendingClick: MutableRefObject<HTMLElement | null>;
}

let nextKey = 1;

export function ParlayButtonSlots({ pendingClick }: ParlayButtonSlotsProps) {
  const [slots, setSlots] = useState<Slot[]>([]);
  const taken = useRef<Slot[]>([]);
  const replay = useRef<HTMLElement | null>(null);
  // A slot whose server button had focus: its live button takes the focus over.
  const refocus = useRef<HTMLElement | null>(null);

  // Before the browser paints, so a server button is never seen missing.
  useLayoutEffect(() => {
    const unreadable = new WeakSet<HTMLElement>();
    // Only a click that came before the live buttons: later ones reach them directly.
    replay.current = pendingClick.current;
    pendingClick.current = null;
    const scan = () => {
      const elements = [...document.querySelectorAll<HTMLElement>(`[${PARLAY_PICK_ATTRIBUTE}]`)].filter(
        (element) => !unreadable.has(element),
      );
      const current = taken.current;
      if (elements.length === current.length && elements.every((element, i) => element === current[i].element)) return;
      const kept = new Map(current.map((slot) => [slot.element, slot]));
      const next = elements.flatMap((element) => {
        const existing = kept.get(element);
        if (existing) return [existing];
        const pick = readSlotPick(element);
        if (!pick) {
          unreadable.add(element);
          return [];
        }
        if (element.contains(document.activeElement)) refocus.current = element;
        element.replaceChildren();
        return [{ key: `${nextKey++}:${pick.id}`, element, pick }];
      });
      taken.current = next;
      setSlots(next);
    };
    scan();
    const observer = new MutationObserver(scan);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pendingClick]);

  // A press that began on a server button and ended on the live one that replaced it meanwhile
  // clicks neither: the browser sends the click to the slot they share. It goes to its button.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.hasAttribute(PARLAY_PICK_ATTRIBUTE))
        target.querySelector("button")?.click();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    const focused = refocus.current;
    if (focused && slots.some((s) => s.element === focused)) {
      refocus.current = null;
      focused.querySelector("button")?.focus();
    }
    const clicked = replay.current;
    if (!clicked) return;
    // The slot clicked may have left the page before this code came: a refresh of the markup
    // around it (the Match of the Week's first, which the click's own focus starts) puts a new
    // slot for the same pick in its place. The click goes to that one.
    const pickId = clicked.isConnected ? null : readSlotPick(clicked)?.id;
    const slot = slots.find((s) => s.element === clicked || (pickId != null && s.pick.id === pickId));
    if (!slot) return;
    replay.current = null;
    slot.element.querySelector("button")?.click();
  }, [slots]);

  return <>{slots.map((slot) => createPortal(<AddToParlayButton pick={slot.pick} />, slot.element, slot.key))}</>;
}
