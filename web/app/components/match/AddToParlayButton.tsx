import { useEffect, useState } from "react";
import {
  isInParlay,
  PARLAY_ADD_FAILED,
  PARLAY_REMOVE_FAILED,
  removeFromParlay,
  type ParlayPick,
} from "../../../../shared/domain/parlay";
import { addToParlay, parlayButtonState } from "../../../../shared/domain/parlay-rules";
import { OPEN_PARLAY_MODAL_EVENT, PARLAY_UPDATED_EVENT, readParlay, storeParlayOrToast } from "../parlay/parlay-storage";

/**
 * The match page's parlay button with the states of spec 4 (parlayButtonState). The pick is
 * kept in this browser session; a refusal is announced beside the button, and a successful add
 * asks for the parlay dialog.
 */
export function AddToParlayButton({ pick }: { pick: ParlayPick }) {
  const [inParlay, setInParlay] = useState(false);
  const [hovering, setHovering] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

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
  const onClick = () => {
    if (state.action === "remove") {
      storeParlayOrToast(removeFromParlay(readParlay(), pick.id), PARLAY_REMOVE_FAILED);
      setMessage(null);
      return;
    }
    const added = addToParlay(readParlay(), pick);
    if (!added.ok) {
      setMessage(added.title ? `${added.title}: ${added.message}` : added.message);
      return;
    }
    setMessage(null);
    if (storeParlayOrToast(added.picks, PARLAY_ADD_FAILED)) window.dispatchEvent(new CustomEvent(OPEN_PARLAY_MODAL_EVENT));
  };

  return (
    <div className="parlay-add">
      <button
        type="button"
        className={`button parlay-add__button${inParlay ? " parlay-add__button--added" : ""}`}
        disabled={state.disabled}
        onClick={onClick}
        onMouseEnter={() => setHovering(true)}
        onMouseLeave={() => setHovering(false)}
        onFocus={() => setHovering(true)}
        onBlur={() => setHovering(false)}
      >
        {hovering && state.hoverLabel ? state.hoverLabel : state.label}
      </button>
      <p className="parlay-add__message" role="status">
        {message}
      </p>
    </div>
  );
}
