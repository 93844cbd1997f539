import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { createPortal } from "react-dom";
import {
  ERROR_TOAST_EVENT,
  SUCCESS_TOAST_EVENT,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_HOTKEY,
  toastFromEvent,
  type Toast,
  type ToastType,
} from "./toast-events";

/**
 * The one toast on screen (spec 4 and 9): a newer toast replaces it; it closes after its
 * duration unless persistent, when it shows 'Close'; a swipe right of 50 px dismisses it; F8
 * moves focus to the notifications region. Success toasts are polite, errors assertive.
 * While a modal dialog is open the rest of the page is inert, so a toast raised then is shown
 * inside that dialog, where it can be heard, reached and closed.
 */
export interface ToasterProps {
  /** The event that asked for the toasts' code (LazyToaster): shown once the regions are in place. */
  first?: { readonly current: { type: ToastType; detail: unknown } | null };
}

/** How long after mounting the first toast is shown, so that its live region is there before it. */
const FIRST_TOAST_DELAY_MS = 50;

export function Toaster({ first }: ToasterProps = {}) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [swipe, setSwipe] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  const pageViewportRef = useRef<HTMLElement>(null);
  const dialogViewportRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Once this listens, every event is newer than the one that loaded it (LazyToaster).
    let heard = false;
    const show = (type: ToastType, detail: unknown) => {
      const next = toastFromEvent(type, detail);
      if (!next) return;
      setSwipe(0);
      setHost(document.querySelector<HTMLDialogElement>("dialog:modal"));
      setToast(next);
    };
    const listen = (type: ToastType) => (event: Event) => {
      heard = true;
      show(type, (event as CustomEvent<unknown>).detail);
    };
    const onSuccess = listen("success");
    const onError = listen("error");
    const firstTimer = window.setTimeout(() => {
      const request = first?.current;
      if (request && !heard) show(request.type, request.detail);
    }, FIRST_TOAST_DELAY_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_VIEWPORT_HOTKEY) {
        event.preventDefault();
        (dialogViewportRef.current ?? pageViewportRef.current)?.focus();
      }
    };
    window.addEventListener(SUCCESS_TOAST_EVENT, onSuccess);
    window.addEventListener(ERROR_TOAST_EVENT, onError);
    window.addEventListener("keydown", onKey);
    return () => {
      window.clearTimeout(firstTimer);
      window.removeEventListener(SUCCESS_TOAST_EVENT, onSuccess);
      window.removeEventListener(ERROR_TOAST_EVENT, onError);
      window.removeEventListener("keydown", onKey);
    };
    // `first` is read when the timer fires: the latest request made before this listened.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listens once; `first` is read when the timer fires
  }, []);

  // The dialog closed under the toast: the toast moves back to the page.
  useEffect(() => {
    if (!host) return;
    const onClose = () => setHost(null);
    host.addEventListener("close", onClose);
    return () => host.removeEventListener("close", onClose);
  }, [host]);

  useEffect(() => {
    if (!toast || toast.persistent) return;
    const timer = window.setTimeout(() => setToast(null), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLButtonElement) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (swipeStart.current !== null) setSwipe(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (swipe >= TOAST_SWIPE_THRESHOLD_PX) setToast(null);
    setSwipe(0);
  };

  const render = (type: ToastType) =>
    toast?.type === type ? (
      <div
        key={toast.id}
        className={`toast toast--${type === "error" ? "destructive" : "default"}`}
        style={swipe > 0 ? { transform: `translateX(${swipe}px)`, opacity: Math.max(0.3, 1 - swipe / 200) } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <p className="toast__message">
          <span className="toast__icon" aria-hidden="true">
            {type === "error" ? "!" : "✓"}
          </span>
          <span className="visually-hidden">{type === "error" ? "Error: " : "Success: "}</span>
          {toast.message}
        </p>
        {toast.persistent ? (
          <button type="button" className="toast__close" onClick={() => setToast(null)}>
            Close
          </button>
        ) : null}
      </div>
    ) : null;

  const viewport = (inDialog: boolean) => (
    <section
      ref={inDialog ? dialogViewportRef : pageViewportRef}
      className="toast-viewport"
      aria-label={`Notifications (${TOAST_VIEWPORT_HOTKEY})`}
      tabIndex={-1}
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {(host !== null) === inDialog ? render("success") : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {(host !== null) === inDialog ? render("error") : null}
      </div>
    </section>
  );

  return (
    <>
      {viewport(false)}
      {host ? createPortal(viewport(true), host) : null}
    </>
  );
}
