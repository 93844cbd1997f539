/**
 * A day page's content (/today, /matches/{day}): the five leagues' matches of one UTC day as the
 * compact fixtures list, with the days either side a tap away. Rendered on the server only
 * (match-day-page.server.tsx).
 */
import { PageLink } from "~/components/PageLink";
import { addDays, matchDayHeading, matchDayUrl, NO_DAY_MATCHES_TEXT, shortDayText, longDayText } from "../match-day";
import { FixtureList, type FixtureListMatch } from "./FixtureList";

export interface MatchDayPageData {
  day: string;
  /** The site clock's day. */
  today: string;
  matches: FixtureListMatch[];
}

function dayLinkText(day: string, today: string): string {
  if (day === today) return `Today, ${shortDayText(day)}`;
  if (day === addDays(today, -1)) return `Yesterday, ${shortDayText(day)}`;
  if (day === addDays(today, 1)) return `Tomorrow, ${shortDayText(day)}`;
  return shortDayText(day);
}

export function MatchDayContent({ page }: { page: MatchDayPageData }) {
  const previous = addDays(page.day, -1);
  const next = addDays(page.day, 1);
  return (
    <>
      <header className="page-header match-day__header">
        <p className="badge">{longDayText(page.day)}</p>
        <h1>{matchDayHeading(page.day, page.today)}</h1>
        <p className="page-header__intro">
          Every Premier League, La Liga, Bundesliga, Serie A and Ligue 1 match of the day at a glance: live scores,
          kick-offs in your time zone, our best pick and its confidence, and HIT or MISS once the final whistle goes.
        </p>
      </header>
      <nav className="day-nav" aria-label="Days">
        <PageLink className="day-nav__step day-nav__step--previous" to={matchDayUrl(previous, page.today)}>
          ← {dayLinkText(previous, page.today)}
        </PageLink>
        {page.day !== page.today ? (
          <PageLink className="day-nav__step day-nav__step--today" to={matchDayUrl(page.today, page.today)}>
            Today
          </PageLink>
        ) : null}
        <PageLink className="day-nav__step day-nav__step--next" to={matchDayUrl(next, page.today)}>
          {dayLinkText(next, page.today)} →
        </PageLink>
      </nav>
      {page.matches.length === 0 ? (
        <p className="empty-text">{NO_DAY_MATCHES_TEXT}</p>
      ) : (
        <FixtureList matches={page.matches} headingLevel={2} timeOnly showLeague />
      )}
    </>
  );
}
