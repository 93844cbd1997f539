import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from "react";
import { tooltipOpenDelay } from "./tooltip-timing";

/** When the last tooltip on the page closed, for the skip delay. */
let lastClosedAt: number | null = null;

/**
 * A short text shown beside its trigger on hover or keyboard focus, after the delays of spec 9;
 * Escape hides it. The trigger is described by it.
 */
function describedBy(...ids: (string | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length > 0 ? present.join(" ") : undefined;
}

export function Tooltip({
  text,
  children,
  hoveredSince = null,
}: {
  text: string;
  children: ReactElement<{ "aria-describedby"?: string }>;
  /** When the pointer came over the trigger, if it was there before this tooltip was: the delay counts from then. */
  hoveredSince?: number | null;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  /** Opens after the delay counted from `since`; a second pointer-over or focus while it waits changes nothing. */
  const show = (since = Date.now()) => {
    if (timer.current !== undefined) return;
    const wait = since + tooltipOpenDelay(since, lastClosedAt) - Date.now();
    if (wait <= 0) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), wait);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  // Mounted under the pointer (in place of a button that was there first): counts from its arrival.
  const firstHover = useRef(hoveredSince);
  useEffect(() => {
    if (firstHover.current !== null) show(firstHover.current);
    return () => window.clearTimeout(timer.current);
  }, []);

  return (
    <span
      className="tooltip"
      onPointerEnter={() => show()}
      onPointerLeave={hide}
      onFocus={() => show()}
      onBlur={hide}
      onPointerDown={hide}
    >
      {cloneElement(children, {
        "aria-describedby": describedBy(children.props["aria-describedby"], open ? id : undefined),
      })}
      {open ? (
        <span role="tooltip" id={id} className="tooltip__bubble">
          {text}
        </span>
      ) : null}
    </span>
  );
}
