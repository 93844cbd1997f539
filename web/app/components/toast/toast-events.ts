/**
 * Toasts are asked for through window events (spec 2): showSuccessToast and showErrorToast,
 * with a message and a persistent flag. Timings are those of spec 9.
 */
export const SUCCESS_TOAST_EVENT = "showSuccessToast";
export const ERROR_TOAST_EVENT = "showErrorToast";

export const TOAST_DURATION_MS = 5000;
/** Parlay copied / copy failed toasts. */
export const PARLAY_TOAST_DURATION_MS = 3000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = "F8";

export type ToastType = "success" | "error";

export interface ToastRequest {
  message: string;
  /** Stays until closed with its 'Close' button. */
  persistent?: boolean;
  durationMs?: number;
}

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  persistent: boolean;
  durationMs: number;
}

let nextId = 1;

/**
 * The toast an event asks for, or null when its detail is unusable: any script can dispatch
 * these events, so the detail is checked rather than trusted.
 */
export function toastFromEvent(type: ToastType, detail: unknown): Toast | null {
  if (typeof detail !== "object" || detail === null) return null;
  const { message, persistent, durationMs } = detail as Record<string, unknown>;
  if (typeof message !== "string" || message.trim() === "") return null;
  const duration =
    typeof durationMs === "number" && Number.isFinite(durationMs) && durationMs > 0 ? durationMs : TOAST_DURATION_MS;
  return { id: nextId++, type, message, persistent: persistent === true, durationMs: duration };
}

export function showToast(type: ToastType, request: ToastRequest): void {
  window.dispatchEvent(
    new CustomEvent(type === "success" ? SUCCESS_TOAST_EVENT : ERROR_TOAST_EVENT, { detail: request }),
  );
}
