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
