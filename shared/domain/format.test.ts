import { describe, expect, it } from "vitest";
import { formatUpdatedAgo } from "./updated-ago";
import {
  formatConfidence,
  formatDateShort,
  formatDayMonthYear,
  formatLongDate,
  formatMatchDateMDYY,
  formatMatchMinute,
  formatPercent,
  formatPlayerRating,
  formatTeamRating,
  gamesPlayed,
  isHighRating,
  liveClockLabel,
  ordinal,
  pickTitleSize,
  roundTo,
  shotsOnTargetPerGame,
  standingLabel,
  teamNameOrFallback,
} from "./format";

describe("ordinal: 'st, nd, rd for 1 to 3, th otherwise'", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [20, "20th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [111, "111th"],
  ])("%i → %s", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
});

describe("standingLabel: 'place – N pts'", () => {
  it.each([
    [1, 45, "1st – 45 pts"],
    [2, 0, "2nd – 0 pts"],
    [13, 31, "13th – 31 pts"],
    [18, 22, "18th – 22 pts"],
  ])("%i, %i → %s", (position, points, text) => {
    expect(standingLabel(position, points)).toBe(text);
  });
});

describe("teamNameOrFallback: 'Team #{id}'", () => {
  it.each([
    ["Arsenal", 42, "Arsenal"],
    ["  Lens ", 116, "Lens"],
    ["", 50, "Team #50"],
    ["   ", 50, "Team #50"],
    [null, 85, "Team #85"],
    [undefined, 85, "Team #85"],
  ])("%s (%i) → %s", (name, id, text) => {
    expect(teamNameOrFallback(name, id)).toBe(text);
  });
});

describe("gamesPlayed: 'games played fall back to max(1, ceil(minutes/90))'", () => {
  it.each([
    [12, 1000, 12],
    [null, 1000, 12],
    [undefined, 90, 1],
    [undefined, 91, 2],
    [null, 0, 1],
    [null, null, 1],
    [0, 270, 3],
  ])("appearances %s, minutes %s → %i", (appearances, minutes, games) => {
    expect(gamesPlayed(appearances, minutes)).toBe(games);
  });
});

describe("ratings: team cards '2 decimals, n/a if missing or not above 0'; player page '1 decimal or N/A'", () => {
  it.each([
    [7.256, "7.26", "7.3"],
    ["6.8333", "6.83", "6.8"],
    [8, "8.00", "8.0"],
    [7.25, "7.25", "7.3"],
    [0, "n/a", "N/A"],
    [-1, "n/a", "N/A"],
    ["", "n/a", "N/A"],
    ["n/a", "n/a", "N/A"],
    [null, "n/a", "N/A"],
    [undefined, "n/a", "N/A"],
  ])("%s → team %s, player %s", (rating, team, player) => {
    expect(formatTeamRating(rating)).toBe(team);
    expect(formatPlayerRating(rating)).toBe(player);
  });

  it.each([
    [8, true],
    ["8.0", true],
    [9.1, true],
    [7.99, false],
    [7.95, false],
    [null, false],
  ])("'High Rating' (8.0 or more): %s → %s", (rating, high) => {
    expect(isHighRating(rating)).toBe(high);
  });
});

describe("shotsOnTargetPerGame: 'shots on / appearances, 1 decimal, '0.0' if no appearances'", () => {
  it.each([
    [14, 10, "1.4"],
    [5, 3, "1.7"],
    [0, 4, "0.0"],
    [null, 4, "0.0"],
    [7, 0, "0.0"],
    [7, null, "0.0"],
  ])("%s on target in %s → %s", (shotsOn, appearances, text) => {
    expect(shotsOnTargetPerGame(shotsOn, appearances)).toBe(text);
  });
});

describe("percentages and confidence", () => {
  it.each([
    [72, 0, "72%"],
    [45.5, 0, "46%"],
    [45.55, 1, "45.6%"],
    [100, 0, "100%"],
  ])("formatPercent(%s, %i) → %s", (value, digits, text) => {
    expect(formatPercent(value, digits)).toBe(text);
  });

  it.each([
    [72, "72%"],
    [72.0, "72%"],
    [72.5, "72.5%"],
    [85, "85%"],
    [100, "100%"],
    [64.96, "65%"],
  ])("formatConfidence(%s) → %s", (value, text) => {
    expect(formatConfidence(value)).toBe(text);
  });

  it("rounds half up on the digits people see", () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
  });
});

describe("dates, read in UTC", () => {
  it.each([
    ["2026-03-07T20:00:00Z", "Mar 7", "3/7/26"],
    ["2025-08-16T11:30:00Z", "Aug 16", "8/16/25"],
    ["2025-12-31T23:59:00Z", "Dec 31", "12/31/25"],
    ["2030-01-01T00:00:00Z", "Jan 1", "1/1/30"],
    ["not a date", "N/A", "N/A"],
  ])("%s → %s (short) and %s (M/D/YY)", (date, short, mdyy) => {
    expect(formatDateShort(date)).toBe(short);
    expect(formatMatchDateMDYY(date)).toBe(mdyy);
  });

  it("takes Date objects too", () => {
    expect(formatDateShort(new Date(Date.UTC(2026, 2, 7, 15)))).toBe("Mar 7");
  });

  it.each([
    ["2026-11-21T23:30:00Z", "November 21, 2026", "21 Nov 2026"],
    ["2025-08-09", "August 9, 2025", "9 Aug 2025"],
    ["2026-01-01T00:00:00Z", "January 1, 2026", "1 Jan 2026"],
    ["not a date", "N/A", "N/A"],
  ])("%s → %s (long) and %s (day month year), in UTC", (date, long, dayMonthYear) => {
    expect(formatLongDate(date)).toBe(long);
    expect(formatDayMonthYear(date)).toBe(dayMonthYear);
    // The same text as a date's own toLocaleDateString gives, which built a formatter per call.
    if (long !== "N/A") {
      const options = { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" } as const;
      expect(formatLongDate(new Date(date))).toBe(new Date(date).toLocaleDateString("en-US", options));
    }
  });
});

describe("pickTitleSize: '12/15/18 one line, 24/30/36 two lines, 45/54 three lines'", () => {
  it.each([
    [1, "large", 1],
    [12, "large", 1],
    [13, "medium", 1],
    [15, "medium", 1],
    [16, "small", 1],
    [18, "small", 1],
    [19, "large", 2],
    [24, "large", 2],
    [25, "medium", 2],
    [30, "medium", 2],
    [31, "small", 2],
    [36, "small", 2],
    [37, "medium", 3],
    [45, "medium", 3],
    [46, "small", 3],
    [54, "small", 3],
    [55, "small", 4],
  ])("%i characters → %s on %i line(s)", (length, size, lines) => {
    expect(pickTitleSize("x".repeat(length))).toEqual({ size, lines });
  });

  it("measures real picks without their surrounding spaces", () => {
    expect(pickTitleSize("  Draw  ")).toEqual({ size: "large", lines: 1 });
    expect(pickTitleSize("Over 2.5 Goals")).toEqual({ size: "medium", lines: 1 });
    expect(pickTitleSize("Manchester United to Win")).toEqual({ size: "large", lines: 2 });
  });
});

describe("formatUpdatedAgo: 'Updated Ns/Nm ago'", () => {
  it.each([
    [0, "Updated 0s ago"],
    [12_400, "Updated 12s ago"],
    [59_999, "Updated 59s ago"],
    [60_000, "Updated 1m ago"],
    [3 * 60_000 + 30_000, "Updated 3m ago"],
    [-5_000, "Updated 0s ago"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatUpdatedAgo(ms)).toBe(text);
  });
});

describe("liveClockLabel: the minute with optional +injury time, 'HT' at half-time", () => {
  it.each<[string | null, number | null, number | null, string | null]>([
    ["1H", 23, null, "23'"],
    ["1H", 45, 2, "45+2'"],
    ["HT", 45, null, "HT"],
    ["ht", 45, null, "HT"],
    ["HT", null, null, "HT"],
    ["2H", 46, null, "46'"],
    ["2H", 90, 4, "90+4'"],
    [null, 63, null, "63'"],
    ["1H", null, null, null],
  ])("status %s, minute %s, injury time %s → %s", (status, minute, injuryTime, label) => {
    expect(liveClockLabel(status, minute, injuryTime)).toBe(label);
  });

  it("formats a minute without a status the same way", () => {
    expect(formatMatchMinute(45, null)).toBe("45'");
    expect(formatMatchMinute(90, 3)).toBe("90+3'");
    expect(formatMatchMinute(null, null)).toBeNull();
  });
});
