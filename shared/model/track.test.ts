import { describe, expect, it } from "vitest";
import { outcomeOf } from "./track";

describe("outcomeOf", () => {
  it.each([
    [2, 1, { result: 0, over25: true, btts: true }],
    [0, 0, { result: 1, over25: false, btts: false }],
    [1, 1, { result: 1, over25: false, btts: true }],
    [0, 3, { result: 2, over25: true, btts: false }],
    [2, 0, { result: 0, over25: false, btts: false }],
  ])("%i-%i → %j", (homeGoals, awayGoals, expected) => {
    expect(outcomeOf({ homeGoals, awayGoals })).toEqual(expected);
  });
});
