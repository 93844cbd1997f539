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

export function Tooltip({ text, children }: { text: string; children: ReactElement<{ "aria-describedby"?: string }> }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  const show = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), tooltipOpenDelay(Date.now(), lastClosedAt));
  };
  const hide = () => {
    window.clearTimeout(timer.current);
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
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <span
      className="tooltip"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
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
