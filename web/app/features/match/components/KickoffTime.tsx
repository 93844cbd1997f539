/**
 * A kick-off in UTC, identical on the server and in the browser (no hydration mismatch from
 * the reader's time zone). Past meetings carry the year instead of the time.
 */
const KICKOFF = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});
const MATCH_DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export function KickoffTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const date = new Date(iso);
  return <time dateTime={iso}>{dateOnly ? MATCH_DAY.format(date) : `${KICKOFF.format(date)} UTC`}</time>;
}
