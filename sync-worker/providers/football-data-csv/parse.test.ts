import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { ProviderError } from "../types";
import { isBritishSummerTime, parseFootballDataDate, ukLocalToUtc } from "./dates";
import { parseFootballDataCsv } from "./parse";

const fixture = (file: string) => readFileSync(new URL(`./fixtures/${file}`, import.meta.url), "utf8");
const id = (slug: string) => getTeamBySlug(slug)!.id;

describe("football-data dates", () => {
  it("reads both date formats", () => {
    expect(parseFootballDataDate("13/08/05")).toEqual({ year: 2005, month: 8, day: 13 });
    expect(parseFootballDataDate("09/08/2019")).toEqual({ year: 2019, month: 8, day: 9 });
    expect(parseFootballDataDate("31/02/2026")).toBeNull();
    expect(parseFootballDataDate("2026-02-07")).toBeNull();
  });

  it("turns UK local time into UTC across British Summer Time", () => {
    expect(ukLocalToUtc(2026, 2, 7, 15, 0).toISOString()).toBe("2026-02-07T15:00:00.000Z");
    expect(ukLocalToUtc(2025, 8, 16, 15, 0).toISOString()).toBe("2025-08-16T14:00:00.000Z");
    // 2026: BST from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(ukLocalToUtc(2026, 3, 28, 20, 0).toISOString()).toBe("2026-03-28T20:00:00.000Z");
    expect(ukLocalToUtc(2026, 3, 29, 14, 0).toISOString()).toBe("2026-03-29T13:00:00.000Z");
    expect(ukLocalToUtc(2026, 10, 24, 17, 30).toISOString()).toBe("2026-10-24T16:30:00.000Z");
    expect(ukLocalToUtc(2026, 10, 25, 14, 0).toISOString()).toBe("2026-10-25T14:00:00.000Z");
    expect(isBritishSummerTime(Date.UTC(2026, 2, 29, 0, 59))).toBe(false);
    expect(isBritishSummerTime(Date.UTC(2026, 2, 29, 1, 0))).toBe(true);
  });
});

describe("parseFootballDataCsv", () => {
  const current = parseFootballDataCsv(fixture("mmz4281/2526/E0.csv"), "2526/E0.csv", {
    kind: "season",
    league: "premier-league",
    season: "2526",
  });

  it("reads a file with a byte-order mark, times, statistics and opening and closing odds", () => {
    const first = current.matches[0];
    expect(first).toMatchObject({
      line: 2,
      league: "premier-league",
      season: "2526",
      homeTeamId: id("arsenal"),
      awayTeamId: id("chelsea"),
      kickoffTimeKnown: true,
      fullTime: { home: 2, away: 1 },
      halfTime: { home: 1, away: 0 },
      referee: "M Oliver",
    });
    expect(first.kickoffAt.toISOString()).toBe("2025-08-16T14:00:00.000Z");
    expect(first.statistics).toEqual({
      shots: { home: 14, away: 9 },
      shotsOnTarget: { home: 6, away: 3 },
      fouls: { home: 10, away: 12 },
      corners: { home: 7, away: 4 },
      yellowCards: { home: 1, away: 2 },
      redCards: { home: 0, away: 0 },
    });
    expect(first.odds).toContainEqual({
      source: "market-average",
      kind: "opening",
      market: "1x2",
      home: 1.79,
      draw: 3.75,
      away: 4.4,
    });
    expect(first.odds).toContainEqual({
      source: "market-average",
      kind: "closing",
      market: "1x2",
      home: 1.74,
      draw: 3.85,
      away: 4.5,
    });
    expect(first.odds).toContainEqual({
      source: "pinnacle",
      kind: "closing",
      market: "1x2",
      home: 1.77,
      draw: 3.95,
      away: 4.7,
    });
    expect(first.odds).toContainEqual({
      source: "market-average",
      kind: "opening",
      market: "ou25",
      over: 1.72,
      under: 2.08,
    });
    expect(first.odds).toContainEqual({
      source: "market-average",
      kind: "closing",
      market: "ou25",
      over: 1.68,
      under: 2.12,
    });
    expect(first.odds).toHaveLength(6);
  });

  it("leaves out odds groups with blank prices and keeps the rest of the row", () => {
    const fulham = current.matches.find((m) => m.homeTeamId === id("fulham"))!;
    expect(fulham.odds.filter((o) => o.source === "pinnacle")).toEqual([]);
    expect(
      fulham.odds.find((o) => o.source === "market-average" && o.kind === "closing" && o.market === "1x2"),
    ).toMatchObject({
      home: 2.27,
    });
  });

  it("rejects broken rows, unknown teams, duplicate fixtures and impossible dates with file and line, and reads the rest", () => {
    expect(current.read).toBe(12);
    expect(current.matches).toHaveLength(8);
    const reasons = current.rejected.map((r) => `${r.source}:${r.line}: ${r.reason}`);
    expect(reasons).toHaveLength(4);
    expect(reasons[0]).toBe("2526/E0.csv:9: malformed row: 7 fields where the header has 48");
    expect(reasons[1]).toBe(
      '2526/E0.csv:10: unknown team "Atletico Springfield" (not in the team registry: add its football-data.co.uk name to shared/domain/teams)',
    );
    expect(reasons[2]).toBe("2526/E0.csv:11: duplicate fixture Arsenal v Chelsea in 2526 (first on line 2)");
    expect(reasons[3]).toBe('2526/E0.csv:12: unreadable date "31/02/2026"');
    expect(current.unknownTeams).toEqual(new Map([["Atletico Springfield", [10]]]));
  });

  it("reads an older season: two-digit years, no Time column, BbAv odds, numbers written 2.0", () => {
    const old = parseFootballDataCsv(fixture("mmz4281/2425/E0.csv"), "2425/E0.csv", {
      kind: "season",
      league: "premier-league",
      season: "2425",
    });
    expect(old.rejected).toEqual([]);
    expect(old.read).toBe(4);
    const [first, , third] = old.matches;
    expect(first.kickoffAt.toISOString()).toBe("2024-08-17T14:00:00.000Z");
    expect(first.kickoffTimeKnown).toBe(false);
    expect(first.fullTime).toEqual({ home: 2, away: 0 });
    expect(first.odds).toEqual([
      { source: "market-average", kind: "opening", market: "1x2", home: 1.37, draw: 4.95, away: 8.6 },
      { source: "market-average", kind: "opening", market: "ou25", over: 1.55, under: 2.48 },
    ]);
    expect(third.halfTime).toBeNull();
  });

  it("reads fixtures.csv for the covered divisions only, with no results", () => {
    const upcoming = parseFootballDataCsv(fixture("fixtures.csv"), "fixtures.csv", {
      kind: "fixtures",
      leagues: ["premier-league", "bundesliga"],
    });
    expect(upcoming.rejected).toEqual([]);
    expect(upcoming.read).toBe(3);
    expect(upcoming.matches.map((m) => [m.league, m.season, m.fullTime])).toEqual([
      ["premier-league", "2526", null],
      ["bundesliga", "2526", null],
      ["premier-league", "2526", null],
    ]);
  });

  it("refuses a body that is not a football-data file at all", () => {
    const html = "<!doctype html><html><body>Service unavailable</body></html>";
    expect(() =>
      parseFootballDataCsv(html, "2526/E0.csv", { kind: "season", league: "premier-league", season: "2526" }),
    ).toThrow(ProviderError);
    expect(() =>
      parseFootballDataCsv(html, "2526/E0.csv", { kind: "season", league: "premier-league", season: "2526" }),
    ).toThrow(/2526\/E0\.csv is not a football-data\.co\.uk CSV file/);
  });

  it("rejects a row of another division and a date outside the season", () => {
    const text =
      "Div,Date,HomeTeam,AwayTeam,FTHG,FTAG\nE1,10/08/25,Arsenal,Chelsea,1,0\nE0,10/08/19,Arsenal,Chelsea,1,0\n";
    const parsed = parseFootballDataCsv(text, "2526/E0.csv", {
      kind: "season",
      league: "premier-league",
      season: "2526",
    });
    expect(parsed.rejected.map((r) => r.reason)).toEqual([
      'Div "E1" is not E0',
      "date 10/08/19 is outside the 2526 season",
    ]);
  });
});
