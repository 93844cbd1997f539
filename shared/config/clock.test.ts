import { describe, expect, it } from "vitest";
import { createClock } from "./clock";

describe("createClock", () => {
  it("real time follows the wall clock", () => {
    let wall = 1_000;
    const clock = createClock({ kind: "real" }, () => wall);
    wall = 5_000;
    expect(clock.now().getTime()).toBe(5_000);
  });

  it("replay starts at its instant and runs at its speed", () => {
    let wall = 1_000_000;
    const start = new Date("2026-02-07T15:50:00Z");
    const clock = createClock({ kind: "replay", start, speed: 60 }, () => wall);
    expect(clock.now()).toEqual(start);
    wall += 1_000; // one real second is a replayed minute at speed 60
    expect(clock.now()).toEqual(new Date("2026-02-07T15:51:00Z"));
  });
});
