/**
 * The league page's content: breadcrumb, header, the week's ranked matches, the table, the
 * Season Outlook and the leaderboards. Rendered on the server only (league-page.server.tsx); the route shows the markup.
 */
import { bigMatchIds } from "@shared/model/match-stakes";
import { ALGO_RESULTS, LEAGUE_TABLE_ANCHOR, matchweekUrl, SEASON_OUTLOOK_ANCHOR } from "@shared/domain/urls";
import type { TableBand } from "@shared/domain/leagues";
import type { MatchweekNeighbours } from "@shared/domain/matchweeks";
import type { Leaderboards } from "~/features/player/leaderboard.server";
import type { MatchCard } from "~/features/match/match-card.server";
import {
  leagueHeading,
  leaguePageCrumbs,
  matchweekLabel,
  NO_FIXTURES_TEXT,
  NO_TABLE_DATA_TEXT,
  TOP_PICK_CARDS,
  TOP_PLAYERS_HEADING,
  fixturesHeading,
} from "../league";
import { SEASON_OUTLOOK_TABLE_LINK_TEXT } from "../season-outlook";
import type { SeasonOutlookView } from "../season-outlook.server";
import type { LeagueTable } from "../../standings/standings.server";
import { Breadcrumb } from "~/components/Breadcrumb";
import { RankedMatchCardItem } from "~/features/match/components/RankedMatchCard";
import { FixtureList } from "~/features/match/components/FixtureList";
import { PageLink } from "~/components/PageLink";
import { MemoMarkup } from "~/components/MemoMarkup";
import { SeasonOutlookSection } from "./season-outlook/SeasonOutlookSection";
import { LeaderboardTables } from "./LeaderboardTables";
import { LeagueTableView, TableBandKey } from "../../standings/components/LeagueTableView";
import { MatchweekNeighbourLinks, WeekLink } from "./MatchweekPageContent";

export interface LeaguePageData {
  league: MatchCard["league"];
  name: string;
  bands: readonly TableBand[];
  seasonLabel: string;
  matches: MatchCard[];
  /** This week's rounds and the ones either side, for the links to their matchweek pages. */
  weeks: MatchweekNeighbours;
  table: LeagueTable;
  /** The worker's simulation of the rest of the season; null until it has stored one. */
  outlook: SeasonOutlookView | null;
  /** The Season Outlook section's content already rendered, when the loader kept it (SeasonOutlookSection). */
  outlookBody?: string;
  leaderboards: Leaderboards;
}

export function LeaguePageContent({ page }: { page: LeaguePageData }) {
  const bigMatches = bigMatchIds(page.matches);
  return (
    <>
      <Breadcrumb crumbs={leaguePageCrumbs(page.league, page.name)} />
      <header className="page-header">
        <p className="badge">
          {page.name} · {page.seasonLabel}
        </p>
        <h1>{leagueHeading(page.name)}</h1>
        <p className="page-header__intro">
          This week's {page.name} matches, ranked by how confident our algorithm is in each best pick. The top picks
          come first as cards; every match of the week follows at a glance. Open a match for the full prediction, the
          odds, form and head-to-head.
        </p>
      </header>

      <section aria-labelledby="matches-title" className="page-section">
        <h2 id="matches-title">This Week's {page.name} Picks</h2>
        <nav className="week-nav" aria-label="Matchweeks">
          {page.weeks.current.length ? (
            <p className="week-nav__this">
              This week:{" "}
              {page.weeks.current.map((week, index) => (
                <span key={week}>
                  {index > 0 ? " and " : null}
                  <WeekLink to={matchweekUrl(page.league, week)}>{matchweekLabel(week)}</WeekLink>
                </span>
              ))}
            </p>
          ) : null}
          <MatchweekNeighbourLinks league={page.league} previous={page.weeks.previous} next={page.weeks.next} />
        </nav>
        {page.matches.length === 0 ? (
          <p className="empty-text">{NO_FIXTURES_TEXT}</p>
        ) : (
          <ol className="match-list">
            {page.matches.slice(0, TOP_PICK_CARDS).map((match, index) => (
              <RankedMatchCardItem key={match.id} match={match} rank={index + 1} bigMatch={bigMatches.has(match.id)} />
            ))}
          </ol>
        )}
      </section>

      {page.matches.length > 0 ? (
        <section aria-labelledby="fixtures-title" className="page-section">
          <h2 id="fixtures-title">This Week&apos;s {fixturesHeading(page.name)}</h2>
          <FixtureList matches={page.matches.map((match) => ({ ...match, bigMatch: bigMatches.has(match.id) }))} />
        </section>
      ) : null}

      <MemoMarkup
        as="section"
        id={LEAGUE_TABLE_ANCHOR}
        aria-labelledby="table-title"
        className="page-section"
        name="league-table-section"
        input={{ name: page.name, seasonLabel: page.seasonLabel, table: page.table, bands: page.bands }}
      >
        {() => (
          <>
            <h2 id="table-title">{page.name} Table</h2>
            {page.table.hasData ? (
              <>
                <LeagueTableView rows={page.table.rows} caption={`${page.name} table ${page.seasonLabel}`} />
                <TableBandKey bands={page.bands} />
              </>
            ) : (
              <p className="empty-text">{NO_TABLE_DATA_TEXT}</p>
            )}
            <p className="season-outlook__teaser">
              <a href={`#${SEASON_OUTLOOK_ANCHOR}`}>{SEASON_OUTLOOK_TABLE_LINK_TEXT}</a>
            </p>
          </>
        )}
      </MemoMarkup>

      <SeasonOutlookSection
        outlook={page.outlook}
        leagueName={page.name}
        league={page.league}
        body={page.outlookBody}
      />

      <MemoMarkup
        as="section"
        aria-labelledby="players-title"
        className="page-section"
        name="leaderboards-section"
        input={{ boards: page.leaderboards, leagueName: page.name }}
      >
        {() => (
          <>
            <h2 id="players-title">{TOP_PLAYERS_HEADING}</h2>
            <LeaderboardTables boards={page.leaderboards} leagueName={page.name} />
          </>
        )}
      </MemoMarkup>

      <p className="page-section">
        <PageLink className="button" to={ALGO_RESULTS}>
          View Latest Results & Hit Rates
        </PageLink>
      </p>
    </>
  );
}
