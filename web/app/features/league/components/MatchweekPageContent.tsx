/**
 * A matchweek page's content: breadcrumb, header, the week navigation (previous / next and every
 * matchweek of the season, plain links that work without JavaScript), the week's hit rate once
 * picks are settled, and the round's match cards as the league page lists them. Rendered on the
 * server only (matchweek-page.server.tsx).
 */
import { bigMatchIds } from "@shared/model/match-stakes";
import type { ReactNode } from "react";
import { formatDayMonthYear, formatPercent } from "@shared/domain/format";
import type { LeagueKey } from "@shared/domain/leagues";
import { ALGO_RESULTS, leagueUrl, matchweekUrl } from "@shared/domain/urls";
import type { MatchweekCard } from "~/features/match/matchweeks.server";
import {
  ALL_MATCHWEEKS_TEXT,
  matchweekHeading,
  matchweekLabel,
  matchweekPageCrumbs,
  NEXT_WEEK_TEXT,
  NO_FIXTURES_TEXT,
  PREVIOUS_WEEK_TEXT,
  TOP_PICK_CARDS,
  fixturesHeading,
} from "../league";
import { Breadcrumb } from "~/components/Breadcrumb";
import { RankedMatchCardItem } from "~/features/match/components/RankedMatchCard";
import { FixtureList } from "~/features/match/components/FixtureList";
import { PageLink } from "~/components/PageLink";
import { SERVER_LINK_ATTRIBUTE } from "~/components/server-markup-behaviour";

export interface MatchweekHitRate {
  hits: number;
  misses: number;
  /** Percent, 2 decimals: hits among the settled best picks (void ones count neither way). */
  rate: number;
}

export interface MatchweekPageData {
  league: LeagueKey;
  name: string;
  seasonLabel: string;
  matchweek: number;
  /** The season's count of matchweeks. */
  matchweeks: number;
  /** The matchweeks the league page shows this week. */
  current: number[];
  /** First and last kick-off of the week's matches; null while none is known. */
  dates: { first: string; last: string } | null;
  /** Every match of the week is finished. */
  played: boolean;
  matches: MatchweekCard[];
  hitRate: MatchweekHitRate | null;
}

function weekDates(dates: MatchweekPageData["dates"]): string | null {
  if (!dates) return null;
  const first = formatDayMonthYear(dates.first);
  const last = formatDayMonthYear(dates.last);
  return first === last ? first : `${first} – ${last}`;
}

/**
 * A link to a matchweek page: navigated client-side like PageLink's, but not marked for route
 * discovery. The browser asks for the routes of every marked link on a page in one request, and
 * the season's 38 paths (or a few more on the long league page) would make it longer than the
 * site accepts; the route is discovered on the click instead.
 */
export function WeekLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <a href={to} className={className} {...{ [SERVER_LINK_ATTRIBUTE]: "" }}>
      {children}
    </a>
  );
}

/** Previous / next matchweek links, shared with the league page ("this week" links to both neighbours). */
export function MatchweekNeighbourLinks({
  league,
  previous,
  next,
}: {
  league: LeagueKey;
  previous: number | null;
  next: number | null;
}) {
  if (previous === null && next === null) return null;
  return (
    <p className="week-nav__steps">
      {previous !== null ? (
        <WeekLink className="week-nav__step week-nav__step--previous" to={matchweekUrl(league, previous)}>
          ← {PREVIOUS_WEEK_TEXT}: {matchweekLabel(previous)}
        </WeekLink>
      ) : null}
      {next !== null ? (
        <WeekLink className="week-nav__step week-nav__step--next" to={matchweekUrl(league, next)}>
          {NEXT_WEEK_TEXT}: {matchweekLabel(next)} →
        </WeekLink>
      ) : null}
    </p>
  );
}

function WeekPicker({ page }: { page: MatchweekPageData }) {
  const weeks = Array.from({ length: page.matchweeks }, (_, index) => index + 1);
  return (
    <details className="week-picker">
      <summary>{ALL_MATCHWEEKS_TEXT}</summary>
      <ol className="week-picker__list">
        <li>
          <PageLink className="week-picker__week week-picker__week--this" to={leagueUrl(page.league)}>
            This week
          </PageLink>
        </li>
        {weeks.map((week) => (
          <li key={week}>
            {week === page.matchweek ? (
              <span className="week-picker__week week-picker__week--shown" aria-current="page">
                {week}
              </span>
            ) : (
              <WeekLink className="week-picker__week" to={matchweekUrl(page.league, week)}>
                <span className="visually-hidden">Round </span>
                {week}
              </WeekLink>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

export function MatchweekPageContent({ page }: { page: MatchweekPageData }) {
  const dates = weekDates(page.dates);
  const bigMatches = bigMatchIds(page.matches);
  const previous = page.matchweek > 1 ? page.matchweek - 1 : null;
  const next = page.matchweek < page.matchweeks ? page.matchweek + 1 : null;
  return (
    <>
      <Breadcrumb crumbs={matchweekPageCrumbs(page.league, page.name, page.matchweek)} />
      <header className="page-header">
        <p className="badge">
          {page.name} · {page.seasonLabel}
        </p>
        <h1>{matchweekHeading(page.name, page.matchweek)}</h1>
        <p className="page-header__intro">
          {dates ? `${page.played ? "Played" : "Kick-offs"} ${dates}. ` : null}
          Finished matches show the final score and the pick locked before kick-off with its result; matches to come
          show our current pick. A match moved away from its round's dates appears in the week it is played.
          {page.current.includes(page.matchweek) ? (
            <>
              {" "}
              <PageLink to={leagueUrl(page.league)}>This is this week's round.</PageLink>
            </>
          ) : null}
        </p>
      </header>

      <nav className="week-nav" aria-label="Matchweeks">
        <MatchweekNeighbourLinks league={page.league} previous={previous} next={next} />
        <WeekPicker page={page} />
      </nav>

      {page.hitRate ? (
        <section aria-labelledby="week-record-title" className="page-section">
          <h2 id="week-record-title">{matchweekLabel(page.matchweek)} Hit Rate</h2>
          <dl className="hit-rates" aria-label={`${matchweekLabel(page.matchweek)} hit rate`}>
            <div className="hit-rate">
              <dt>Best Pick hit rate</dt>
              <dd className="hit-rate__value">{formatPercent(page.hitRate.rate, 2)}</dd>
              <dd className="hit-rate__counts">
                {page.hitRate.hits} hits · {page.hitRate.misses} misses
              </dd>
            </div>
          </dl>
        </section>
      ) : null}

      <section aria-labelledby="matches-title" className="page-section">
        <h2 id="matches-title">
          {matchweekLabel(page.matchweek)} {page.name} Picks
        </h2>
        {page.matches.length === 0 ? (
          <p className="empty-text">{NO_FIXTURES_TEXT}</p>
        ) : (
          <ol className="match-list">
            {page.matches.slice(0, TOP_PICK_CARDS).map((match, index) => (
              <RankedMatchCardItem
                key={match.id}
                match={match}
                rank={index + 1}
                moved={match.moved}
                bigMatch={bigMatches.has(match.id)}
              />
            ))}
          </ol>
        )}
      </section>

      {page.matches.length > 0 ? (
        <section aria-labelledby="fixtures-title" className="page-section">
          <h2 id="fixtures-title">
            {matchweekLabel(page.matchweek)} {fixturesHeading(page.name)}
          </h2>
          <FixtureList matches={page.matches.map((match) => ({ ...match, bigMatch: bigMatches.has(match.id) }))} />
        </section>
      ) : null}

      <p className="page-section">
        <PageLink className="button" to={ALGO_RESULTS}>
          View Latest Results & Hit Rates
        </PageLink>
      </p>
    </>
  );
}
