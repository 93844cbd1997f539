import { ordinal } from "@shared/domain/format";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { SEASON_OUTLOOK_ANCHOR, seasonOutlookUrl } from "@shared/domain/urls";
import {
  SEASON_OUTLOOK_HEADING,
  SEASON_OUTLOOK_MISSING_TEXT,
  SEASON_OUTLOOK_TEAM_LINK_TEXT,
  simulationCount,
} from "~/features/league/season-outlook";
import type { TeamOutlookView } from "~/features/league/season-outlook.server";
import { PageLink } from "~/components/PageLink";
import { expectedPointsText, outlookPercent } from "./outlook-format";
import { PositionStrip } from "./PositionStrip";

/** The team page's share of the league's outlook: the club's row and its strip, or null before one is stored. */
export interface TeamOutlook {
  league: LeagueKey;
  seasons: number;
  team: TeamOutlookView;
}

/** The team page's Season Outlook block, linking to the league page's whole section. */
export function TeamSeasonOutlook({ outlook, league }: { outlook: TeamOutlook | null; league: LeagueKey }) {
  return (
    <section
      id={SEASON_OUTLOOK_ANCHOR}
      aria-labelledby="season-outlook-title"
      className="page-section team-section team-outlook"
    >
      <h2 id="season-outlook-title">{SEASON_OUTLOOK_HEADING}</h2>
      {outlook ? <TeamOutlookFigures outlook={outlook} /> : <p className="empty-text">{SEASON_OUTLOOK_MISSING_TEXT}</p>}
      <p className="team-outlook__link">
        <PageLink to={seasonOutlookUrl(league)}>{SEASON_OUTLOOK_TEAM_LINK_TEXT}</PageLink>
      </p>
    </section>
  );
}

function TeamOutlookFigures({ outlook }: { outlook: TeamOutlook }) {
  const { team } = outlook;
  const { bands } = LEAGUES[outlook.league];
  const championsLeague = bands.find((band) => band.key === "champions-league")!;
  const teamCount = team.positions.length;
  const figures: [string, string][] = [
    ["Expected points", expectedPointsText(team.expectedPoints)],
    ["Title", outlookPercent(team.title)],
    [championsLeague.label, outlookPercent(team.championsLeague)],
    ["Relegation", outlookPercent(team.relegation)],
  ];
  return (
    <>
      <p className="muted team-section__subtitle">
        From {simulationCount(outlook.seasons)} simulations of the rest of the season.
      </p>
      <dl className="team-stats team-outlook__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="team-stats__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="team-outlook__strip">
        <p className="team-outlook__likeliest">
          Most likely finish: <strong>{ordinal(team.mostLikelyPosition)}</strong> (
          {outlookPercent(team.positions[team.mostLikelyPosition - 1])})
        </p>
        <PositionStrip positions={team.positions} mostLikely={team.mostLikelyPosition} size="wide" />
        <p className="team-outlook__axis muted" aria-hidden="true">
          <span>1st</span>
          <span>{ordinal(teamCount)}</span>
        </p>
      </div>
    </>
  );
}
