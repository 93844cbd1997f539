import { describe, expect, it } from "vitest";
import * as firstLoad from "./LazyToaster";
import * as events from "./toast-events";
import { TOAST_DURATION_MS, toastFromEvent } from "./toast-events";

describe("the toast names of the first load (LazyToaster)", () => {
  it("are spelled as toast-events.ts spells them", () => {
    expect(firstLoad.SUCCESS_TOAST_EVENT).toBe(events.SUCCESS_TOAST_EVENT);
    expect(firstLoad.ERROR_TOAST_EVENT).toBe(events.ERROR_TOAST_EVENT);
    expect(firstLoad.TOAST_VIEWPORT_HOTKEY).toBe(events.TOAST_VIEWPORT_HOTKEY);
  });
});

describe("toastFromEvent", () => {
  it("reads the message, the persistent flag and the duration", () => {
    expect(toastFromEvent("error", { message: "Failed to copy parlay to clipboard.", durationMs: 3000 })).toMatchObject(
      {
        type: "error",
        message: "Failed to copy parlay to clipboard.",
        persistent: false,
        durationMs: 3000,
      },
    );
    expect(toastFromEvent("success", { message: "Saved", persistent: true })).toMatchObject({ persistent: true });
  });

  it("closes after 5000 ms unless told otherwise", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(toastFromEvent("success", { message: "Saved" })?.durationMs).toBe(5000);
    expect(toastFromEvent("success", { message: "Saved", durationMs: -1 })?.durationMs).toBe(5000);
    expect(toastFromEvent("success", { message: "Saved", durationMs: "3000" })?.durationMs).toBe(5000);
  });

  it("gives each toast its own id", () => {
    expect(toastFromEvent("success", { message: "a" })?.id).not.toBe(toastFromEvent("success", { message: "a" })?.id);
  });

  it.each([[null], ["text"], [{}], [{ message: "" }], [{ message: "  " }], [{ message: 42 }]])(
    "ignores the detail %j",
    (detail) => {
      expect(toastFromEvent("success", detail)).toBeNull();
    },
  );
});
