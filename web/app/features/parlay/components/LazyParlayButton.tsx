/**
 * The header's Parlay Builder buttons (the 'PB' badge and the menu's button) as every visitor
 * first sees them: no picks counted, no notice, no tooltip. Their code (ParlayButton: the count,
 * the empty notice, the tooltip) is not part of a page's first load. It loads when the visitor
 * reaches for a button (pointer over it, focus on it), at once when this session holds picks or
 * the parlay changes. Not on a pointer over the rest of the header: the browser reports one under
 * a pointer that has not moved when the page first lays out, which is no visitor's reach. A click,
 * focus or hover on a button that came first is carried over to the live one: the click is
 * answered, the focus kept, and the tooltip's 700 ms counted from when the pointer arrived.
 */
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import type { ParlayButtonProps, ParlayReach } from "./ParlayButton";
import { hasStoredParlay, PARLAY_UPDATED_EVENT } from "./parlay-first-load";

export type ParlayButtonVariant = "badge" | "menu";

let loading: Promise<ComponentType<ParlayButtonProps>> | null = null;

/** The live buttons' code, fetched once for both. */
function loadParlayButton(): Promise<ComponentType<ParlayButtonProps>> {
  loading ??= import("./ParlayButton").then(
    (module) => module.ParlayButton,
    (error: unknown) => {
      // Offline or a new deployment: the first buttons stay, and the next reach tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * What the button says, for the first and the live button alike. The name is the visible text
 * plus hidden words: "PB Parlay Builder, 2 picks" (badge), "Parlay Builder, 2 picks" (menu).
 */
export function parlayButtonFace(variant: ParlayButtonVariant, count: number): ReactNode {
  return (
    <>
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
    </>
  );
}

export function LazyParlayButton({ variant }: { variant: ParlayButtonVariant }) {
  const [Button, setButton] = useState<ComponentType<ParlayButtonProps> | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  const reach = useRef<ParlayReach>({ hoveredSince: null, focused: false, clicked: false });
  const load = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (Button) return;
    let active = true;
    load.current = () =>
      void loadParlayButton().then(
        (loaded) => {
          if (!active) return;
          // What the first button has as the live one takes its place.
          const button = first.current;
          reach.current.focused = button !== null && button === document.activeElement;
          if (!button?.matches(":hover")) reach.current.hoveredSince = null;
          setButton(() => loaded);
        },
        (error: unknown) => console.warn("Could not load the parlay buttons", error),
      );
    const start = () => load.current();
    if (hasStoredParlay()) start();
    window.addEventListener(PARLAY_UPDATED_EVENT, start);
    // A change in another tab's storage may be the parlay's: the live buttons read it.
    window.addEventListener("storage", start);
    return () => {
      active = false;
      window.removeEventListener(PARLAY_UPDATED_EVENT, start);
      window.removeEventListener("storage", start);
    };
  }, [Button]);

  if (Button) return <Button variant={variant} face={parlayButtonFace} reached={reach.current} />;

  const button = (
    <button
      ref={first}
      type="button"
      aria-expanded={false}
      onPointerEnter={() => {
        reach.current.hoveredSince = Date.now();
        load.current();
      }}
      onFocus={() => load.current()}
      onClick={() => {
        reach.current.clicked = true;
        load.current();
      }}
    >
      {parlayButtonFace(variant, 0)}
    </button>
  );
  return (
    <div className={`parlay-button parlay-button--${variant}`}>
      {variant === "badge" ? <span className="tooltip">{button}</span> : button}
    </div>
  );
}
