/**
 * A kick-off in the reader's time zone, in the same words as the server's UTC text
 * (KickoffTime): "Sat 7 Feb, 23:30 UTC" reads "Sun 8 Feb, 00:30 CET" in Berlin.
 */
const KICKOFF_PARTS = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" } as const;

/** `timeZone` defaults to the reader's. */
export function localKickoffText(date: Date, timeZone?: string): string {
  const text = new Intl.DateTimeFormat("en-GB", { ...KICKOFF_PARTS, timeZone, timeZoneName: "short" }).format(date);
  const offset = / GMT[+-][\d:]+$/.exec(text);
  if (!offset) return text;
  // British English names only the zones of Europe (CET, GMT); American English also knows
  // those of America (EST, PST). Elsewhere the offset stays: "GMT+9".
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && /^[A-Z]{2,5}$/.test(name) ? `${text.slice(0, offset.index)} ${name}` : text;
}

/**
 * The server's kick-off text in UTC ("Sat 7 Feb, 23:30 UTC", "Sun 14 Sept, 12:00 UTC"): only
 * these are rewritten. Other UTC times keep their own format (the operators' pages write
 * "2026-02-07 15:50 UTC" on purpose).
 */
export function isKickoffUtcText(text: string): boolean {
  return /^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2,3}, \d{2}:\d{2} UTC$/.test(text);
}

/** A kick-off's time alone in the reader's zone ("16:00 CET"), for lists of one day's matches. */
export function localClockText(date: Date, timeZone?: string): string {
  const text = localKickoffText(date, timeZone);
  return text.slice(text.indexOf(", ") + 2);
}

/** The server's time-only kick-off text ("15:00 UTC"), written inside a `<time data-time-only>`. */
export function isClockUtcText(text: string): boolean {
  return /^\d{2}:\d{2} UTC$/.test(text);
}
