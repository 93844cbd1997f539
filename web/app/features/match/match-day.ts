/**
 * The day pages: /today (the site clock's day) and /matches/{YYYY-MM-DD} (any other day), each
 * listing the five leagues' matches of one UTC day. Pure helpers, safe in the browser (the
 * header links to TODAY_PATH).
 */
import { TODAY_PATH } from "./today-link";

export { TODAY_NAV_LABEL, TODAY_PATH } from "./today-link";

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of an instant, as YYYY-MM-DD. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD that names a real day (2000 to 2099), else null. */
export function parseDay(text: string): string | null {
  const parts = ISO_DAY.exec(text);
  if (!parts) return null;
  const year = Number(parts[1]);
  if (year < 2000 || year > 2099) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && dayOf(date) === text ? text : null;
}

/** The day `offset` days after (or before) `day`. */
export function addDays(day: string, offset: number): string {
  return dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + offset * DAY_MS));
}

/** 00:00 UTC of the day to 00:00 UTC of the next. */
export function dayWindow(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The page of a day: /today for the clock's own day, else /matches/{day}. */
export function matchDayUrl(day: string, today: string): string {
  return day === today ? TODAY_PATH : `/matches/${day}`;
}

const LONG_DAY = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const SHORT_DAY = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "Saturday 7 February 2026". */
export function longDayText(day: string): string {
  return LONG_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** "Sat 7 Feb". */
export function shortDayText(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** The day page's heading: 'Today's Matches', 'Yesterday's Matches', 'Tomorrow's Matches' or the date's. */
export function matchDayHeading(day: string, today: string): string {
  if (day === today) return "Today's Matches";
  if (day === addDays(today, -1)) return "Yesterday's Matches";
  if (day === addDays(today, 1)) return "Tomorrow's Matches";
  return `Matches of ${longDayText(day)}`;
}

export const NO_DAY_MATCHES_TEXT = "No matches in the five leagues on this day.";
