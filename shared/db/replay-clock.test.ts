import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./index";
import { openClock, replayAnchor } from "./replay-clock";
import { testDatabases } from "./test-databases";

const setting = { kind: "replay", start: new Date("2026-02-07T15:50:00Z"), speed: 1 } as const;

describe.each(testDatabases())("the replay clock's moment on $driver", (testDb) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("survives a restart: a process started 11 minutes later stands where the first one does", async () => {
    let wall = 1_000_000;
    const first = await openClock(db, setting, () => wall);
    wall += 74 * 60_000;
    expect(first.now()).toEqual(new Date("2026-02-07T17:04:00Z"));
    // The worker restarts: its new clock carries on from minute 74 instead of starting over.
    const restarted = await openClock(db, setting, () => wall);
    expect(restarted.now()).toEqual(first.now());
    wall += 60_000;
    expect(restarted.now()).toEqual(new Date("2026-02-07T17:05:00Z"));
  });

  it("is one moment for concurrent first starts, and a new one for another instant or speed", async () => {
    const other = { kind: "replay", start: new Date("2026-03-01T12:00:00Z"), speed: 60 } as const;
    const anchors = await Promise.all([replayAnchor(db, other, () => 5), replayAnchor(db, other, () => 9)]);
    expect(new Set(anchors).size).toBe(1);
    expect(await replayAnchor(db, { ...other, speed: 30 }, () => 42)).toBe(42);
  });

  it("leaves real time alone", async () => {
    const clock = await openClock(db, { kind: "real" }, () => 123);
    expect(clock.now().getTime()).toBe(123);
  });
});
