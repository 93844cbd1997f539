/**
 * The toasts on demand. Their code (Toaster: swiping, timers, the dialog portal) is not part of a
 * page's first load: until a toast is asked for, this renders the same empty notifications region
 * (its live regions exist before anything is announced, and F8 still reaches it). The first
 * showSuccessToast or showErrorToast event fetches Toaster, which then shows that toast and
 * answers every later event itself.
 */
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { ToasterProps } from "./Toaster";
import type { ToastType } from "./toast-events";

/**
 * The toast events' names and the region's hotkey, as toast-events.ts spells them
 * (toast-events.test.ts checks they agree): importing that module, which Toaster shares, would
 * put a file of its own into every first load.
 */
export const SUCCESS_TOAST_EVENT = "showSuccessToast";
export const ERROR_TOAST_EVENT = "showErrorToast";
export const TOAST_VIEWPORT_HOTKEY = "F8";

export function LazyToaster() {
  const [loaded, setLoaded] = useState<{ Toaster: ComponentType<ToasterProps> } | null>(null);
  // The latest toast asked for while the code loads: Toaster shows it unless a newer one came to it.
  const first = useRef<{ type: ToastType; detail: unknown } | null>(null);
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    if (loaded) return;
    let active = true;
    let loading = false;
    const listen = (type: ToastType) => (event: Event) => {
      first.current = { type, detail: (event as CustomEvent<unknown>).detail };
      if (loading) return;
      loading = true;
      import("./Toaster").then(
        ({ Toaster }) => {
          if (active) setLoaded({ Toaster });
        },
        (error: unknown) => {
          // Offline or a new deployment: no toast this time, and the next one tries again.
          console.warn("Could not load the notifications", error);
          loading = false;
        },
      );
    };
    const onSuccess = listen("success");
    const onError = listen("error");
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_VIEWPORT_HOTKEY) return;
      event.preventDefault();
      viewport.current?.focus();
    };
    window.addEventListener(SUCCESS_TOAST_EVENT, onSuccess);
    window.addEventListener(ERROR_TOAST_EVENT, onError);
    window.addEventListener("keydown", onKey);
    return () => {
      active = false;
      window.removeEventListener(SUCCESS_TOAST_EVENT, onSuccess);
      window.removeEventListener(ERROR_TOAST_EVENT, onError);
      window.removeEventListener("keydown", onKey);
    };
  }, [loaded]);

  if (loaded) return <loaded.Toaster first={first} />;
  return (
    <section
      ref={viewport}
      className="toast-viewport"
      aria-label={`Notifications (${TOAST_VIEWPORT_HOTKEY})`}
      tabIndex={-1}
    >
      <div role="status" aria-live="polite" aria-atomic="true" />
      <div role="alert" aria-live="assertive" aria-atomic="true" />
    </section>
  );
}
