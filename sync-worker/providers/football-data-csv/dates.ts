/**
 * football-data.co.uk dates and times: Date is dd/mm/yy or dd/mm/yyyy, Time (from 2019-20) is
 * the kick-off in UK local time, whatever the country of the match. UK local time is GMT in
 * winter and BST (GMT+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
 * Sunday of October.
 */

/** Kick-off assumed when a season file has no Time column: the traditional 15:00 UK kick-off. */
export const DEFAULT_UK_KICKOFF = "15:00";

const HOUR_MS = 3_600_000;

function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const sunday = lastDay.getUTCDate() - lastDay.getUTCDay();
  return Date.UTC(year, month, sunday, 1);
}

/** Whether British Summer Time is in force at this instant. */
export function isBritishSummerTime(instant: number): boolean {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9);
}

/** The instant of a UK wall-clock time. */
export function ukLocalToUtc(year: number, month: number, day: number, hour: number, minute: number): Date {
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  const summer = asIfUtc - HOUR_MS;
  return new Date(isBritishSummerTime(summer) ? summer : asIfUtc);
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** '13/08/05' or '13/08/2005' → 13 August 2005; null when unreadable or not a real date. */
export function parseFootballDataDate(text: string): CalendarDate | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  // Two-digit years: every season in the data is from 2000 on.
  const year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** '15:00' → { hour: 15, minute: 0 }; null when unreadable. */
export function parseKickoffTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}
