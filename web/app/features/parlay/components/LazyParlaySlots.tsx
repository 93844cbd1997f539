/**
 * The parlay buttons in server markup (ParlayButtonSlot) come to life on demand. Their code
 * (AddToParlayButton, the parlay rules and storage) is not part of a page's first load: the
 * server's buttons show the state every visitor starts in, and the code loads when the visitor
 * reaches for one (pointer over it, focus on it, or a click, which is then replayed), or at once
 * when this browser session already holds picks or the parlay changes.
 */
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { ParlayButtonSlotsProps } from "./ParlayButtonSlots";
import { hasStoredParlay, PARLAY_PICK_ATTRIBUTE, PARLAY_UPDATED_EVENT } from "./parlay-first-load";

export function LazyParlaySlots() {
  const [Slots, setSlots] = useState<ComponentType<ParlayButtonSlotsProps> | null>(null);
  const pendingClick = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (Slots) return;
    let active = true;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      import("./ParlayButtonSlots").then(
        (module) => active && setSlots(() => module.ParlayButtonSlots),
        (error: unknown) => {
          // Offline or a new deployment: the server's buttons stay, and the next reach tries again.
          console.warn("Could not load the parlay buttons", error);
          loading = false;
        },
      );
    };
    const slotOf = (event: Event) =>
      event.target instanceof Element ? event.target.closest<HTMLElement>(`[${PARLAY_PICK_ATTRIBUTE}]`) : null;
    const onReach = (event: Event) => {
      if (slotOf(event)) load();
    };
    const onClick = (event: MouseEvent) => {
      const slot = slotOf(event);
      if (!slot) return;
      pendingClick.current = slot;
      load();
    };
    if (hasStoredParlay()) load();
    document.addEventListener("pointerover", onReach);
    document.addEventListener("focusin", onReach);
    document.addEventListener("click", onClick);
    window.addEventListener(PARLAY_UPDATED_EVENT, load);
    window.addEventListener("storage", load);
    return () => {
      active = false;
      document.removeEventListener("pointerover", onReach);
      document.removeEventListener("focusin", onReach);
      document.removeEventListener("click", onClick);
      window.removeEventListener(PARLAY_UPDATED_EVENT, load);
      window.removeEventListener("storage", load);
    };
  }, [Slots]);

  return Slots ? <Slots pendingClick={pendingClick} /> : null;
}
