import { describe, expect, it } from "vitest";
import * as shared from "@shared/domain/parlay";
import * as events from "./parlay-events";
import * as firstLoad from "./parlay-first-load";

describe("the parlay names of the first load", () => {
  it("are spelled as the parlay events and the parlay rules spell them", () => {
    expect(firstLoad.OPEN_PARLAY_MODAL_EVENT).toBe(events.OPEN_PARLAY_MODAL_EVENT);
    expect(firstLoad.PARLAY_UPDATED_EVENT).toBe(events.PARLAY_UPDATED_EVENT);
    expect(firstLoad.PARLAY_PICK_ATTRIBUTE).toBe(events.PARLAY_PICK_ATTRIBUTE);
    expect(firstLoad.OPEN_PARLAY_ATTRIBUTE).toBe(events.OPEN_PARLAY_ATTRIBUTE);
    expect(firstLoad.PARLAY_STORAGE_KEY).toBe(shared.PARLAY_STORAGE_KEY);
    expect(firstLoad.EMPTY_PARLAY_NOTICE).toBe(shared.EMPTY_PARLAY_NOTICE);
  });
});
