import { describe, expect, it } from "vitest";
import { isClockUtcText, isKickoffUtcText, localClockText, localKickoffText } from "./local-kickoff";

const LATE_SATURDAY = new Date("2026-02-07T23:30:00Z");

describe("localKickoffText", () => {
  it.each([
    ["UTC", "Sat 7 Feb, 23:30 UTC"],
    ["Europe/London", "Sat 7 Feb, 23:30 GMT"],
    ["Europe/Berlin", "Sun 8 Feb, 00:30 CET"],
    ["America/New_York", "Sat 7 Feb, 18:30 EST"],
    ["America/Los_Angeles", "Sat 7 Feb, 15:30 PST"],
    ["Asia/Tokyo", "Sun 8 Feb, 08:30 GMT+9"],
    ["Asia/Kolkata", "Sun 8 Feb, 05:00 GMT+5:30"],
  ])("writes a kick-off in %s as %s, changing the day past midnight", (zone, text) => {
    expect(localKickoffText(LATE_SATURDAY, zone)).toBe(text);
  });

  it("follows summer time", () => {
    expect(localKickoffText(new Date("2026-04-11T14:00:00Z"), "Europe/Berlin")).toBe("Sat 11 Apr, 16:00 CEST");
    expect(localKickoffText(new Date("2026-04-11T14:00:00Z"), "America/New_York")).toBe("Sat 11 Apr, 10:00 EDT");
  });
});

describe("isKickoffUtcText", () => {
  it.each(["Sat 7 Feb, 23:30 UTC", "Sun 14 Sept, 12:00 UTC", "Mon 1 May, 09:05 UTC"])(
    "rewrites the kick-off text %s",
    (text) => {
      expect(isKickoffUtcText(text)).toBe(true);
    },
  );

  it.each(["2026-02-07 15:50 UTC", "Sat 7 Feb, 23:30 CET", "7 Feb 2026", "Sat 7 Feb 23:30 UTC"])(
    "leaves %s as written",
    (text) => {
      expect(isKickoffUtcText(text)).toBe(false);
    },
  );
});

describe("localClockText and isClockUtcText (the day pages' time-only kick-offs)", () => {
  it.each([
    ["UTC", "23:30 UTC"],
    ["Europe/Berlin", "00:30 CET"],
    ["America/New_York", "18:30 EST"],
    ["Asia/Kolkata", "05:00 GMT+5:30"],
  ])("writes the time alone in %s as %s", (zone, text) => {
    expect(localClockText(LATE_SATURDAY, zone)).toBe(text);
  });

  it("reads only the server's time-only text", () => {
    expect(isClockUtcText("15:00 UTC")).toBe(true);
    for (const text of ["15:00 CET", "Sat 7 Feb, 15:00 UTC", "2026-02-07 15:50 UTC", "5:00 UTC"])
      expect(isClockUtcText(text)).toBe(false);
  });
});
