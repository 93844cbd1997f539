import { useEffect, useId, useRef, useState } from "react";
import { Tooltip } from "~/components/tooltip/Tooltip";
import { EMPTY_PARLAY_NOTICE, hasStoredParlay, OPEN_PARLAY_MODAL_EVENT } from "./parlay-first-load";
import { useParlayCount } from "./useParlayCount";

/**
 * The 'PB' header button (variant "badge") and the menu's 'Parlay Builder' button. With at
 * least one stored pick it asks for the parlay dialog; otherwise it shows the empty notice.
 * Picks stored but not yet counted (their reading code still loading) are read first.
 */
export function ParlayButton({ variant }: { variant: "badge" | "menu" }) {
  const count = useParlayCount();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const noticeId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);

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

  const onClick = () => {
    const open = () => window.dispatchEvent(new CustomEvent(OPEN_PARLAY_MODAL_EVENT));
    if (count > 0) open();
    // Picks stored a moment ago, not counted yet (the storage code is on its way): it decides.
    else if (hasStoredParlay())
      import("./parlay-storage").then(
        ({ readParlay }) => (readParlay().length > 0 ? open() : setNoticeOpen((was) => !was)),
        (error: unknown) => console.warn("Could not read the stored parlay", error),
      );
    else setNoticeOpen((was) => !was);
  };

  const button = (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={noticeOpen ? noticeId : undefined}
      aria-expanded={count === 0 ? noticeOpen : undefined}
    >
      {/* The name is the visible text plus hidden words: "PB Parlay Builder, 2 picks". */}
      {variant === "badge" ? (
        <>
          PB<span className="visually-hidden"> Parlay Builder,</span>
        </>
      ) : (
        <>
          Parlay Builder<span className="visually-hidden">,</span>
        </>
      )}{" "}
      <span className="parlay-button__badge">{count}</span>
      <span className="visually-hidden"> {count === 1 ? "pick" : "picks"}</span>
    </button>
  );

  return (
    <div className={`parlay-button parlay-button--${variant}`} ref={wrapperRef}>
      {variant === "badge" ? <Tooltip text="Parlay Builder">{button}</Tooltip> : button}
      {noticeOpen ? (
        <p id={noticeId} role="status" className="parlay-button__notice">
          {EMPTY_PARLAY_NOTICE}
        </p>
      ) : null}
    </div>
  );
}
