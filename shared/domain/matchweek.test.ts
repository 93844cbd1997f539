import { describe, expect, it } from "vitest";
import {
  matchweekFor,
  seasonCodeFor,
  seasonLabel,
  seasonStartYear,
  weekStartDate,
  weekStartUtc,
  weekWindow,
} from "./matchweek";

describe("matchweekFor: 'computed from weeks since 1 August, clamped to 1-38'", () => {
  it.each([
    ["2025-08-01T00:00:00Z", 1],
    ["2025-08-07T23:59:59Z", 1],
    ["2025-08-08T00:00:00Z", 2],
    ["2025-08-16T14:00:00Z", 3],
    ["2025-12-26T12:30:00Z", 22],
    ["2026-03-07T15:00:00Z", 32],
    ["2026-04-24T15:00:00Z", 38],
    ["2026-05-24T15:00:00Z", 38],
    ["2026-06-30T23:59:59Z", 38],
    ["2026-07-01T00:00:00Z", 1],
    ["2026-07-31T23:59:59Z", 1],
    ["2026-08-01T00:00:00Z", 1],
    ["2026-08-08T00:00:00Z", 2],
  ])("%s → matchweek %i", (date, week) => {
    expect(matchweekFor(date)).toBe(week);
  });

  it("takes Date objects and refuses what is not a date", () => {
    expect(matchweekFor(new Date(Date.UTC(2025, 7, 1)))).toBe(1);
    expect(() => matchweekFor("soon")).toThrow(RangeError);
  });
});

describe("seasons: '2526' runs from 1 July 2025 to 30 June 2026", () => {
  it.each([
    ["2025-07-01T00:00:00Z", 2025, "2526"],
    ["2025-08-16T14:00:00Z", 2025, "2526"],
    ["2026-06-30T23:59:59Z", 2025, "2526"],
    ["2025-06-30T23:59:59Z", 2024, "2425"],
    ["2026-07-01T00:00:00Z", 2026, "2627"],
    ["2099-09-01T00:00:00Z", 2099, "9900"],
    ["2005-08-01T00:00:00Z", 2005, "0506"],
  ])("%s is in the season starting %i, code %s", (date, year, code) => {
    expect(seasonStartYear(date)).toBe(year);
    expect(seasonCodeFor(date)).toBe(code);
  });

  it.each([
    ["2526", "2025/26"],
    ["2627", "2026/27"],
    ["0506", "2005/06"],
    ["0910", "2009/10"],
  ])("seasonLabel(%s) → %s", (code, label) => {
    expect(seasonLabel(code)).toBe(label);
  });

  it.each(["2525", "25/26", "252", "abcd"])("seasonLabel refuses %s", (code) => {
    expect(() => seasonLabel(code)).toThrow(RangeError);
  });
});

describe("weeks from Monday 00:00 UTC", () => {
  it.each([
    ["2026-02-07T15:00:00Z", "2026-02-02"],
    ["2026-02-09T00:00:00Z", "2026-02-09"],
    ["2026-02-08T23:59:59Z", "2026-02-02"],
    ["2026-01-01T12:00:00Z", "2025-12-29"],
    ["1970-01-05T00:00:00Z", "1970-01-05"],
    ["1969-12-31T00:00:00Z", "1969-12-29"],
  ])("puts %s in the week of Monday %s", (instant, monday) => {
    const now = new Date(instant);
    expect(weekStartDate(now)).toBe(monday);
    expect(new Date(weekStartUtc(now.getTime())).toISOString()).toBe(`${monday}T00:00:00.000Z`);
    expect(weekWindow(now)).toEqual({
      from: new Date(`${monday}T00:00:00Z`),
      to: new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000),
    });
  });
});
