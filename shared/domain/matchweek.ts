/**
 * Seasons and matchweeks. A season runs from 1 July to 30 June ('2526' is 1 July 2025 to
 * 30 June 2026); its matchweeks count from 1 August of its first year.
 */
import { parseInstant } from "./instant";

export const FIRST_MATCHWEEK = 1;
/** "clamped to 1-38": the 20-team leagues' count; the 18-team leagues simply stop at 34. */
export const LAST_MATCHWEEK = 38;

const SEASON_START_MONTH = 6; // July, zero-based as in Date.UTC
const MATCHWEEK_START_MONTH = 7; // August
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function instantOrThrow(date: Date | string): Date {
  const d = parseInstant(date);
  if (!d) throw new RangeError(`Not a date: ${String(date)}`);
  return d;
}

/** The calendar year a date's season started in: 2025 for any date from 1 July 2025 to 30 June 2026 (UTC). */
export function seasonStartYear(date: Date | string): number {
  const d = instantOrThrow(date);
  return d.getUTCMonth() >= SEASON_START_MONTH ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

const twoDigits = (year: number) => String(year % 100).padStart(2, "0");

/** '2526' for dates from 1 July 2025 to 30 June 2026, the code football-data.co.uk files use. */
export function seasonCodeFor(date: Date | string): string {
  const start = seasonStartYear(date);
  return `${twoDigits(start)}${twoDigits(start + 1)}`;
}

/** The season code before another: '2526' → '2425', '0001' → '9900'. */
export function seasonBefore(code: string): string {
  const start = Number(code.slice(0, 2));
  const two = (year: number) => String((year + 100) % 100).padStart(2, "0");
  return `${two(start - 1)}${two(start)}`;
}

/** '2526' → '2025/26'. Codes are read as 21st-century seasons, as every season the product shows is. */
export function seasonLabel(code: string): string {
  const match = /^(\d{2})(\d{2})$/.exec(code);
  if (!match || (Number(match[1]) + 1) % 100 !== Number(match[2])) {
    throw new RangeError(`Not a season code like '2526': ${code}`);
  }
  return `20${match[1]}/${match[2]}`;
}

/**
 * "A Matchweek number is computed from weeks since 1 August, clamped to 1-38": 1 August to
 * 7 August is matchweek 1, 8 August starts matchweek 2. The count belongs to the season the
 * date falls in, so January 2026 counts from 1 August 2025, and July 2026 (already the
 * 2026/27 season, before its first match) is matchweek 1 rather than 38.
 */
export function matchweekFor(date: Date | string): number {
  const d = instantOrThrow(date);
  const start = Date.UTC(seasonStartYear(d), MATCHWEEK_START_MONTH, 1);
  const week = Math.floor((d.getTime() - start) / WEEK_MS) + 1;
  return Math.min(LAST_MATCHWEEK, Math.max(FIRST_MATCHWEEK, week));
}

/** 1970-01-05 was a Monday. */
const FIRST_MONDAY = 4 * 24 * 60 * 60 * 1000;

/**
 * The Monday 00:00 UTC at or before an instant (epoch milliseconds): weeks run Monday to Monday
 * in UTC for the league page's "this week", the Match of the Week and the engine's weekly step.
 */
export function weekStartUtc(time: number): number {
  return FIRST_MONDAY + Math.floor((time - FIRST_MONDAY) / WEEK_MS) * WEEK_MS;
}

/** The week `now` falls in: Monday 00:00 UTC up to the next Monday 00:00 UTC. */
export function weekWindow(now: Date): { from: Date; to: Date } {
  const from = weekStartUtc(now.getTime());
  return { from: new Date(from), to: new Date(from + WEEK_MS) };
}

/** The Monday (UTC) of the week `now` falls in, as YYYY-MM-DD (the Match of the Week's key). */
export function weekStartDate(now: Date): string {
  return new Date(weekStartUtc(now.getTime())).toISOString().slice(0, 10);
}
