import { describe, expect, it } from "vitest";
import { tooltipOpenDelay } from "./tooltip-timing";

describe("tooltipOpenDelay", () => {
  it.each<[string, number, number | null, number]>([
    ["no tooltip closed before", 10_000, null, 700],
    ["another closed 100 ms ago", 10_000, 9_900, 0],
    ["another closed 299 ms ago", 10_000, 9_701, 0],
    ["another closed 300 ms ago", 10_000, 9_700, 700],
    ["another closed long ago", 10_000, 1_000, 700],
  ])("%s → %d ms", (_name, now, lastClosedAt, expected) => {
    expect(tooltipOpenDelay(now, lastClosedAt)).toBe(expected);
  });
});
