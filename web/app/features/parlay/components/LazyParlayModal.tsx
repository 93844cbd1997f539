/**
 * The Parlay Builder dialog on demand. The dialog's code (ParlayModal and the parlay maths it
 * shows) is not part of a page's first load: the first openParlayModal event fetches it, and the
 * dialog opens as soon as it has loaded, with focus returning to what asked for it. From then
 * on the dialog stays mounted and answers the window events itself, as it always has. A button
 * in server markup marked `data-open-parlay` asks for it too.
 */
import { useEffect, useState, type ComponentType } from "react";
import type { ParlayModalProps } from "./ParlayModal";
import { OPEN_PARLAY_ATTRIBUTE, OPEN_PARLAY_MODAL_EVENT } from "./parlay-first-load";

interface Loaded {
  Modal: ComponentType<ParlayModalProps>;
  openedBy: NonNullable<ParlayModalProps["openedBy"]>;
}

export function LazyParlayModal() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(`[${OPEN_PARLAY_ATTRIBUTE}]`))
        window.dispatchEvent(new CustomEvent(OPEN_PARLAY_MODAL_EVENT));
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    if (loaded) return;
    let active = true;
    let loading = false;
    const onOpen = () => {
      if (loading) return;
      loading = true;
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      import("./ParlayModal").then(
        ({ ParlayModal }) => {
          if (active) setLoaded({ Modal: ParlayModal, openedBy: { opener } });
        },
        (error: unknown) => {
          // Offline or a new deployment: nothing opens, and the next request tries again.
          console.warn("Could not load the Parlay Builder", error);
          loading = false;
        },
      );
    };
    window.addEventListener(OPEN_PARLAY_MODAL_EVENT, onOpen);
    return () => {
      active = false;
      window.removeEventListener(OPEN_PARLAY_MODAL_EVENT, onOpen);
    };
  }, [loaded]);

  return loaded ? <loaded.Modal openedBy={loaded.openedBy} /> : null;
}
