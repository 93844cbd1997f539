import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { EMPTY_PARLAY_NOTICE } from "@shared/domain/parlay";
import { Tooltip } from "~/components/tooltip/Tooltip";
// Not parlay-first-load.ts, which the first page view's code holds: importing it here would give
// it a file of its own, loaded with every page.
import { OPEN_PARLAY_MODAL_EVENT } from "./parlay-events";
import { readParlay } from "./parlay-storage";
import { useParlayCount } from "./useParlayCount";

/** What the visitor did to the first button (LazyParlayButton) before this one took its place. */
export interface ParlayReach {
  /** When the pointer came over it (Date.now()), if it is still there. */
  hoveredSince: number | null;
  focused: boolean;
  clicked: boolean;
}

export interface ParlayButtonProps {
  variant: "badge" | "menu";
  /** The button's text for a count: the first button's own, so that both say the same. */
  face: (variant: "badge" | "menu", count: number) => ReactNode;
  reached?: ParlayReach;
}

/**
 * The 'PB' header button (variant "badge") and the menu's 'Parlay Builder' button, once loaded
 * (LazyParlayButton). With at least one stored pick it asks for the parlay dialog; otherwise it
 * shows the empty notice. What the visitor did to the first button carries over: its click is
 * answered and its focus kept.
 */
export function ParlayButton({ variant, face, reached }: ParlayButtonProps) {
  const count = useParlayCount();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const noticeId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!noticeOpen) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== "Escape") return;
      if (e instanceof PointerEvent && wrapperRef.current?.contains(e.target as Node)) return;
      setNoticeOpen(false);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [noticeOpen]);

  // The stored picks decide, not the count, which a click carried over comes before.
  const onClick = () => {
    if (readParlay().length > 0) window.dispatchEvent(new CustomEvent(OPEN_PARLAY_MODAL_EVENT));
    else setNoticeOpen((was) => !was);
  };

  // Once, as this button takes the first one's place: the focus and the click it had.
  const carriedOver = useRef(reached);
  const answerFirstClick = useRef(onClick);
  useEffect(() => {
    const first = carriedOver.current;
    if (!first) return;
    const active = document.activeElement;
    if (first.focused && (active === null || active === document.body)) buttonRef.current?.focus();
    if (first.clicked) answerFirstClick.current();
  }, []);

  const button = (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      aria-describedby={noticeOpen ? noticeId : undefined}
      aria-expanded={count === 0 ? noticeOpen : undefined}
    >
      {face(variant, count)}
    </button>
  );

  return (
    <div className={`parlay-button parlay-button--${variant}`} ref={wrapperRef}>
      {variant === "badge" ? (
        <Tooltip text="Parlay Builder" hoveredSince={reached?.hoveredSince ?? null}>
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {noticeOpen ? (
        <p id={noticeId} role="status" className="parlay-button__notice">
          {EMPTY_PARLAY_NOTICE}
        </p>
      ) : null}
    </div>
  );
}
