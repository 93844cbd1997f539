import { useEffect, useId, useRef, useState, type MouseEvent, type PointerEvent } from "react";
import {
  isInParlay,
  PARLAY_ADD_FAILED,
  PARLAY_REMOVE_FAILED,
  removeFromParlay,
  type ParlayPick,
} from "@shared/domain/parlay";
import { addToParlay, parlayButtonState } from "@shared/domain/parlay-rules";
import {
  announcePickAdded,
  OPEN_PARLAY_MODAL_EVENT,
  PARLAY_UPDATED_EVENT,
  readParlay,
  storeParlayOrToast,
} from "~/features/parlay/components/parlay-storage";
import { showToast } from "~/components/toast/toast-events";

/**
 * The parlay button of a match (the match page's header and the ranked match cards) with the
 * states of spec 4 (parlayButtonState). The pick is kept in this browser session; a successful
 * add announces the pick and asks for the parlay dialog.
 *
 * The hover label ('Remove from PB') follows a mouse pointer only: focus is not hover, so a
 * button focused from the keyboard, or given focus back when the dialog closes, shows its real
 * state ('Added to Your PB'). A refusal (the pick is already there, or the parlay holds 10) is an
 * error toast, as every error the product shows (spec 8), not a line that stays under the button. After a click the mouse has to move to show it again: the browser
 * reports the pointer entering again, where it was, when the dialog that covered it closes.
 */
export function AddToParlayButton({ pick }: { pick: ParlayPick }) {
  const [inParlay, setInParlay] = useState(false);
  const [hovering, setHovering] = useState(false);
  const clickedAt = useRef<{ x: number; y: number } | null>(null);
  const hintId = useId();

  useEffect(() => {
    const refresh = () => setInParlay(isInParlay(readParlay(), pick.id));
    refresh();
    window.addEventListener(PARLAY_UPDATED_EVENT, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      window.removeEventListener(PARLAY_UPDATED_EVENT, refresh);
      window.removeEventListener("storage", refresh);
    };
  }, [pick.id]);

  const state = parlayButtonState({ state: pick.matchState }, pick.pick, inParlay);
  const onClick = (event: MouseEvent) => {
    setHovering(false);
    clickedAt.current = { x: event.clientX, y: event.clientY };
    if (state.action === "remove") {
      storeParlayOrToast(removeFromParlay(readParlay(), pick.id), PARLAY_REMOVE_FAILED);
      return;
    }
    const added = addToParlay(readParlay(), pick);
    if (!added.ok) {
      showToast("error", { message: added.title ? `${added.title}: ${added.message}` : added.message });
      return;
    }
    if (storeParlayOrToast(added.picks, PARLAY_ADD_FAILED)) {
      announcePickAdded({ pick, count: added.picks.length });
      window.dispatchEvent(new CustomEvent(OPEN_PARLAY_MODAL_EVENT));
    }
  };
  // Click coordinates are whole pixels, pointer coordinates fractional: the same spot is within 1 px.
  const atClick = (event: PointerEvent) => {
    const clicked = clickedAt.current;
    return clicked !== null && Math.abs(clicked.x - event.clientX) < 1 && Math.abs(clicked.y - event.clientY) < 1;
  };
  // Touch and pen taps also raise pointer events; only a mouse hovers.
  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== "mouse" || atClick(event)) return;
    clickedAt.current = null;
    setHovering(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    setHovering(false);
    // Left for somewhere else (not a dialog opening over the pointer): the next entry is a real hover.
    if (!atClick(event)) clickedAt.current = null;
  };

  return (
    <div className="parlay-add">
      <button
        type="button"
        className={`button parlay-add__button${inParlay ? " parlay-add__button--added" : ""}`}
        disabled={state.disabled}
        onClick={onClick}
        onPointerEnter={onPointerOver}
        onPointerMove={onPointerOver}
        onPointerLeave={onPointerLeave}
        aria-describedby={state.action === "remove" ? hintId : undefined}
      >
        {hovering && state.hoverLabel ? state.hoverLabel : state.label}
      </button>
      {state.action === "remove" ? (
        <span id={hintId} hidden>
          Press to remove this pick from your Parlay Builder.
        </span>
      ) : null}
    </div>
  );
}
