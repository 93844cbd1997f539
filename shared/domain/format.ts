/**
 * How numbers, names and dates read on the site (spec sections 2, 4, 8 and 9). Dates are read
 * in UTC so the server and every browser print the same day.
 */
import { parseInstant } from "./instant";
import { roundTo } from "./numbers";

export { roundTo };

function fixed(value: number, fractionDigits: number): string {
  return roundTo(value, fractionDigits).toFixed(fractionDigits);
}

/**
 * 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. The spec states "st, nd, rd for 1 to 3, th
 * otherwise"; table positions never pass 20, where that and the English rule agree.
 */
export function ordinal(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  const last = Math.abs(n) % 10;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  if (last === 1) return `${n}st`;
  if (last === 2) return `${n}nd`;
  if (last === 3) return `${n}rd`;
  return `${n}th`;
}

/** The team page's current standing: 'place – N pts' with an en dash. */
export function standingLabel(position: number, points: number): string {
  return `${ordinal(position)} – ${points} pts`;
}

/** "Team name unknown in a table: 'Team #{id}'". */
export function teamNameOrFallback(name: string | null | undefined, id: number): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : `Team #${id}`;
}

const MINUTES_PER_MATCH = 90;

/**
 * The divisor for a player's per-match rates. Without an appearance count the spec falls back
 * to max(1, ceil(minutes/90)); a count of 0 is treated the same, since a divisor of 0 would
 * turn every rate into NaN.
 */
export function gamesPlayed(appearances: number | null | undefined, minutes: number | null | undefined): number {
  if (typeof appearances === "number" && appearances > 0) return appearances;
  const played = typeof minutes === "number" && minutes > 0 ? minutes : 0;
  return Math.max(1, Math.ceil(played / MINUTES_PER_MATCH));
}

/** A rating as a number when it is one above 0 ("Ratings show only if a number above 0"); the provider sends text. */
export function parseRating(rating: number | string | null | undefined): number | null {
  if (rating === null || rating === undefined) return null;
  const value = typeof rating === "number" ? rating : rating.trim() === "" ? NaN : Number(rating);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Team page cards: "avg rating (2 decimals, n/a if missing or not above 0)". */
export function formatTeamRating(rating: number | string | null | undefined): string {
  const value = parseRating(rating);
  return value === null ? "n/a" : fixed(value, 2);
}

/** Player page: "avg rating (1 decimal or N/A)". */
export function formatPlayerRating(rating: number | string | null | undefined): string {
  const value = parseRating(rating);
  return value === null ? "N/A" : fixed(value, 1);
}

export const HIGH_RATING = 8.0;

/** "High Rating needs rating of at least 8" (8.0 or more), judged on the raw rating, not the rounded one. */
export function isHighRating(rating: number | string | null | undefined): boolean {
  const value = parseRating(rating);
  return value !== null && value >= HIGH_RATING;
}

/** "shots on / appearances, 1 decimal, '0.0' if no appearances". */
export function shotsOnTargetPerGame(
  shotsOn: number | null | undefined,
  appearances: number | null | undefined,
): string {
  if (typeof appearances !== "number" || appearances <= 0) return "0.0";
  return fixed((shotsOn ?? 0) / appearances, 1);
}

/** A value already on the 0–100 scale: 45.5 → '46%', or '45.5%' with one fraction digit. */
export function formatPercent(percentage: number, fractionDigits = 0): string {
  return `${fixed(percentage, fractionDigits)}%`;
}

/**
 * Confidence is stored with one decimal: whole values print without it ('72%'), others keep
 * it ('72.5%'), so the page never shows a different number from the one stored.
 */
export function formatConfidence(confidence: number): string {
  const value = roundTo(confidence, 1);
  return Number.isInteger(value) ? `${value}%` : `${value.toFixed(1)}%`;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Player recent form: short month and day, 'Mar 7'; 'N/A' for an unreadable date. */
export function formatDateShort(date: Date | string): string {
  const d = parseInstant(date);
  return d ? `${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}` : "N/A";
}

// Made once: a date's toLocaleDateString with options builds a formatter on every call.
const LONG_DATE = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** 'November 21, 2026' in UTC; 'N/A' for an unreadable date. */
export function formatLongDate(date: Date | string): string {
  const d = parseInstant(date);
  return d ? LONG_DATE.format(d) : "N/A";
}

/** '21 Nov 2026' in UTC; 'N/A' for an unreadable date. */
export function formatDayMonthYear(date: Date | string): string {
  const d = parseInstant(date);
  return d ? DAY_MONTH_YEAR.format(d) : "N/A";
}

/** Results page match dates: 'M/D/YY', e.g. '3/7/26'; 'N/A' for an unreadable date. */
export function formatMatchDateMDYY(date: Date | string): string {
  const d = parseInstant(date);
  if (!d) return "N/A";
  const yy = String(d.getUTCFullYear() % 100).padStart(2, "0");
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${yy}`;
}

export type PickTitleSize = "large" | "medium" | "small";

const CHARACTERS_PER_LINE: Record<PickTitleSize, number> = { large: 12, medium: 15, small: 18 };
/** The layouts to try, fewest lines first, then the largest size. */
const TITLE_LAYOUTS: ReadonlyArray<{ size: PickTitleSize; lines: number }> = [
  { size: "large", lines: 1 },
  { size: "medium", lines: 1 },
  { size: "small", lines: 1 },
  { size: "large", lines: 2 },
  { size: "medium", lines: 2 },
  { size: "small", lines: 2 },
  { size: "large", lines: 3 },
  { size: "medium", lines: 3 },
  { size: "small", lines: 3 },
];

/**
 * "Pick-text title size thresholds by length: 12/15/18 one line, 24/30/36 two lines, 45/54
 * three lines." Read as three font sizes that fit 12, 15 and 18 characters a line: one line
 * holds 12/15/18, two lines 24/30/36, three lines 36/45/54 (36 large on three lines is
 * already small on two, so the spec lists it once). The fewest lines win, then the largest
 * size; beyond 54 characters the title stays small and takes the lines it needs.
 */
export function pickTitleSize(text: string): { size: PickTitleSize; lines: number } {
  const length = [...text.trim()].length;
  const fits = TITLE_LAYOUTS.find(({ size, lines }) => length <= CHARACTERS_PER_LINE[size] * lines);
  return fits ?? { size: "small", lines: Math.ceil(length / CHARACTERS_PER_LINE.small) };
}

/** A match minute with its added time: "90+3'"; null when there is no minute. */
export function formatMatchMinute(minute: number | null, injuryTime: number | null): string | null {
  if (minute === null) return null;
  return injuryTime ? `${minute}+${injuryTime}'` : `${minute}'`;
}

/** The provider's short status during the half-time break, and what a live match shows then. */
export const HALF_TIME_STATUS = "HT";

/**
 * The clock of a live match (spec 4: "minute with optional +injury time"). During the break the
 * provider keeps the minute at 45, so the status decides: 'HT', never a 45' that reads as play.
 */
export function liveClockLabel(
  status: string | null | undefined,
  minute: number | null,
  injuryTime: number | null,
): string | null {
  if (status?.trim().toUpperCase() === HALF_TIME_STATUS) return HALF_TIME_STATUS;
  return formatMatchMinute(minute, injuryTime);
}
