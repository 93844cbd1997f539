import { ordinal } from "@shared/domain/format";
import { LEAGUES, type LeagueKey, type TableBand } from "@shared/domain/leagues";
import { SEASON_OUTLOOK_ANCHOR, seasonOutlookCsvUrl, teamUrl } from "@shared/domain/urls";
import {
  SEASON_OUTLOOK_CSV_TEXT,
  SEASON_OUTLOOK_HEADING,
  SEASON_OUTLOOK_MISSING_TEXT,
  seasonOutlookLead,
} from "~/features/league/season-outlook";
import type { SeasonOutlookView, TeamOutlookView } from "~/features/league/season-outlook.server";
import { PageLink } from "~/components/PageLink";
import { ScrollRegion } from "~/components/ScrollRegion";
import { TeamBadge } from "~/components/TeamBadge";
import { expectedPointsText, outlookPercent } from "./outlook-format";
import { PositionStrip } from "./PositionStrip";

/** "Top 4", "Bottom 3": the places a band covers, for the column headers. */
export function bandPlaces(bands: readonly TableBand[], key: TableBand["key"]): { short: string; long: string } {
  const band = bands.find((b) => b.key === key)!;
  const count = band.to - band.from + 1;
  return band.from === 1
    ? { short: `Top ${count}`, long: `${band.label} (top ${count})` }
    : { short: `Bottom ${count}`, long: `${band.label} (${ordinal(band.from)} to ${ordinal(band.to)})` };
}

/** Projected finish first: expected points, then the table as it stands. */
function byExpectedPoints(a: TeamOutlookView, b: TeamOutlookView): number {
  return b.expectedPoints - a.expectedPoints || a.currentPosition - b.currentPosition;
}

interface SeasonOutlookProps {
  outlook: SeasonOutlookView | null;
  leagueName: string;
  league: LeagueKey;
}

/**
 * The league page's Season Outlook: each club's expected points, its chances of the title, the
 * Champions League places and relegation, and its whole distribution of final positions.
 * Rendered on the server only, like the rest of the league page. `body`, when given, is the
 * section's content already rendered (SeasonOutlookBody's HTML): the outlook changes only when the
 * worker stores a new one, so the league page's loader renders it once per league and version
 * (memoMarkup) and not on every render of the page, which re-renders for every live score.
 */
export function SeasonOutlookSection({ body, ...props }: SeasonOutlookProps & { body?: string }) {
  const attributes = {
    id: SEASON_OUTLOOK_ANCHOR,
    "aria-labelledby": "season-outlook-title",
    className: "page-section season-outlook",
  };
  return body === undefined ? (
    <section {...attributes}>
      <SeasonOutlookBody {...props} />
    </section>
  ) : (
    <section {...attributes} dangerouslySetInnerHTML={{ __html: body }} />
  );
}

/** The Season Outlook section's content: its heading, the table (or why there is none) and the CSV link. */
export function SeasonOutlookBody({ outlook, leagueName, league }: SeasonOutlookProps) {
  return (
    <>
      <h2 id="season-outlook-title">{SEASON_OUTLOOK_HEADING}</h2>
      {outlook && outlook.teams.length > 0 ? (
        <OutlookTable outlook={outlook} leagueName={leagueName} />
      ) : (
        <p className="empty-text">{SEASON_OUTLOOK_MISSING_TEXT}</p>
      )}
      {outlook && outlook.teams.length > 0 ? (
        <p className="season-outlook__download">
          <a href={seasonOutlookCsvUrl(league)} download>
            {SEASON_OUTLOOK_CSV_TEXT}
          </a>
        </p>
      ) : null}
    </>
  );
}

function OutlookTable({ outlook, leagueName }: { outlook: SeasonOutlookView; leagueName: string }) {
  const { bands } = LEAGUES[outlook.league];
  const top = bandPlaces(bands, "champions-league");
  const bottom = bandPlaces(bands, "relegation");
  const teamCount = outlook.teams[0].positions.length;
  const caption = `${leagueName} Season Outlook`;
  return (
    <>
      <p className="season-outlook__lead">{seasonOutlookLead(outlook.seasons)}</p>
      <ScrollRegion label={caption}>
        <table className="outlook-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="outlook-table__team">
                Team
              </th>
              <th scope="col">
                <abbr title="Expected points">xPts</abbr>
              </th>
              <th scope="col">
                <abbr title="Chance of the title">Title</abbr>
              </th>
              <th scope="col">
                <abbr title={`Chance of the ${top.long}`}>{top.short}</abbr>
              </th>
              <th scope="col">
                <abbr title={`Chance of relegation: ${bottom.long}`}>Rel.</abbr>
              </th>
              <th scope="col" className="outlook-table__finish">
                Finish
                <span className="visually-hidden">: chance of each final position, 1st to {ordinal(teamCount)}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...outlook.teams].sort(byExpectedPoints).map((team) => (
              <tr key={team.teamId} className="outlook-table__row">
                <th scope="row" className="outlook-table__team">
                  <span className="outlook-table__club">
                    <TeamBadge teamId={team.teamId} width={18} lazy />
                    {team.teamSlug ? (
                      <PageLink to={teamUrl(outlook.league, team.teamSlug)}>{team.teamName}</PageLink>
                    ) : (
                      team.teamName
                    )}
                  </span>
                </th>
                <td>{expectedPointsText(team.expectedPoints)}</td>
                <td>{outlookPercent(team.title)}</td>
                <td>{outlookPercent(team.championsLeague)}</td>
                <td>{outlookPercent(team.relegation)}</td>
                <td className="outlook-table__finish">
                  <div className="outlook-table__finish-cell">
                    <span className="outlook-table__likeliest">
                      <span className="visually-hidden">Most likely </span>
                      {ordinal(team.mostLikelyPosition)}
                    </span>
                    <PositionStrip positions={team.positions} mostLikely={team.mostLikelyPosition} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="season-outlook__key muted">
        Finish: one cell per final position, 1st to {ordinal(teamCount)}; the stronger the green, the likelier. The
        place shown is the most likely finish.
      </p>
    </>
  );
}
