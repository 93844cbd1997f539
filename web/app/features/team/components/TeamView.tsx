import type { ReactNode } from "react";
import { standingLabel } from "@shared/domain/format";
import { squadSections } from "@shared/domain/team-squad";
import { recentResults } from "@shared/domain/team-stats";
import { HOME, leagueUrl, teamListUrl, teamUrl } from "@shared/domain/urls";
import { TEAM_SECTIONS } from "../team";
import {
  NO_COMPLETED_MATCHES_TEXT,
  PLAYER_DATA_COMING_SOON_TEXT,
  PLAYER_STATS_MISSING_TEXT,
  STANDINGS_MISSING_TEXT,
} from "~/page-texts/shared";
import type { TeamFixture, TeamInfo, TeamPlayerStat, TeamStanding, TeamStatistics } from "../teams.schema";
import { Breadcrumb } from "~/components/Breadcrumb";
import { MyTeamStar } from "./my-teams/MyTeamStar";
import { PageLink } from "~/components/PageLink";
import { MemoMarkup } from "~/components/MemoMarkup";
import { RichText, type RichTextHtml } from "~/features/content/components/RichText";
import { TeamSeasonOutlook, type TeamOutlook } from "~/features/league/components/season-outlook/TeamSeasonOutlook";
import { TEAM_STRENGTH_EXPLAINER, TEAM_STRENGTH_TITLE, TeamStrengthChart } from "./TeamStrengthChart";
import type { TeamStrengthView } from "../team-strength.server";
import { TeamBadge } from "../../../components/TeamBadge";
import { FormStrip, formLetters } from "./FormStrip";
import { NextMatchCard } from "./NextMatchCard";
import { PlayerCards } from "./PlayerCards";
import { RecentResults } from "./RecentResults";
import { StatsOverview } from "./StatsOverview";

export interface TeamPageData {
  info: TeamInfo;
  seasonLabel: string;
  standing: TeamStanding | null;
  nextFixture: TeamFixture | null;
  recentFixtures: TeamFixture[];
  statistics: TeamStatistics | null;
  players: TeamPlayerStat[];
  /** The editors' team overview, rendered on the server. */
  overview: RichTextHtml | null;
  /** The club's row of the league's Season Outlook; null until the worker has stored one. */
  outlook: TeamOutlook | null;
  /** The club's strength week by week by the model and the market; null until the worker has stored it. */
  strength: TeamStrengthView | null;
}

/** A section of the team page; `empty` (nothing but its placeholder text) shows it as one muted line. */
function Section({
  id,
  title,
  children,
  empty = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  empty?: boolean;
}) {
  return (
    <section {...sectionAttributes(id, empty)}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A team section's element: its id, the heading that names it, and its classes. */
function sectionAttributes(id: string, empty: boolean) {
  return {
    id,
    "aria-labelledby": `${id}-title`,
    className: `page-section team-section${empty ? " page-section--empty" : ""}`,
  };
}

/**
 * A section that is a function of `input` alone (data the worker writes, not the live score):
 * rendered once per input and kept (MemoMarkup), the same markup as Section's.
 */
function KeptSection({
  id,
  title,
  input,
  children,
  empty = false,
}: {
  id: string;
  title: string;
  input: unknown;
  children: () => ReactNode;
  empty?: boolean;
}) {
  return (
    <MemoMarkup as="section" {...sectionAttributes(id, empty)} name={`team-section:${id}`} input={{ title, input }}>
      {() => (
        <>
          <h2 id={`${id}-title`}>{title}</h2>
          {children()}
        </>
      )}
    </MemoMarkup>
  );
}

/**
 * The team detail page's content (spec section 2, "Team detail page"), inside the page's
 * `page team-page` element. Rendered on the server only (team-page-markup.server.tsx).
 */
export function TeamView({ page }: { page: TeamPageData }) {
  const { info, standing, nextFixture, recentFixtures, statistics, players, overview, strength } = page;
  const { team, league } = info;
  const recent = recentResults(
    team.id,
    recentFixtures.map((f) => ({
      matchId: f.fixture.id,
      kickoffAt: f.fixture.date,
      homeTeam: f.teams.home,
      awayTeam: f.teams.away,
      homeGoals: f.goals.home,
      awayGoals: f.goals.away,
    })),
  );
  const matchUrls = new Map(recentFixtures.map((f) => [f.fixture.id, f.fixture.url]));
  const hasStanding = standing !== null && (standing.played > 0 || standing.points !== 0);
  const { keyPlayers, goalkeepers } = squadSections(players);

  return (
    <>
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: league.name, href: leagueUrl(league.key) },
          { label: "Teams", href: teamListUrl(league.key) },
          { label: team.name },
        ]}
      />
      <header className="team-hero">
        <TeamBadge teamId={team.id} width={96} className="team-hero__badge" />
        <div className="team-hero__text">
          <p className="badge">
            {league.name} · {page.seasonLabel}
          </p>
          <div className="team-hero__title">
            <h1>{team.name}</h1>
            <MyTeamStar id={team.id} name={team.name} url={teamUrl(league.key, team.slug)} />
          </div>
          <dl className="team-hero__facts">
            <div>
              <dt>League</dt>
              <dd>
                <PageLink to={leagueUrl(league.key)}>{league.name}</PageLink>
              </dd>
            </div>
            <div>
              <dt>Standing</dt>
              <dd>{hasStanding ? standingLabel(standing.rank, standing.points) : STANDINGS_MISSING_TEXT}</dd>
            </div>
            <div>
              <dt>Form</dt>
              <dd>
                <FormStrip letters={formLetters(standing, recent)} />
              </dd>
            </div>
            {team.venue ? (
              <div>
                <dt>Ground</dt>
                <dd>
                  {team.venue}
                  {team.city ? `, ${team.city}` : ""}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </header>

      {nextFixture ? (
        <Section id="next-match" title={TEAM_SECTIONS.nextMatch}>
          <NextMatchCard fixture={nextFixture} teamId={team.id} />
        </Section>
      ) : null}

      {overview ? (
        <Section id="overview" title={TEAM_SECTIONS.overview}>
          <RichText value={overview} />
        </Section>
      ) : null}

      <KeptSection id="stats" title={TEAM_SECTIONS.stats} empty={!statistics} input={statistics}>
        {() =>
          statistics ? <StatsOverview stats={statistics} /> : <p className="empty-text">{NO_COMPLETED_MATCHES_TEXT}</p>
        }
      </KeptSection>

      <TeamSeasonOutlook outlook={page.outlook} league={league.key} />

      {strength ? (
        <KeptSection id="strength" title={TEAM_STRENGTH_TITLE} input={{ strength, teamName: team.name }}>
          {() => (
            <>
              <p className="muted team-section__subtitle">{TEAM_STRENGTH_EXPLAINER}</p>
              <TeamStrengthChart strength={strength} teamName={team.name} />
            </>
          )}
        </KeptSection>
      ) : null}

      <Section id="recent" title={TEAM_SECTIONS.recent}>
        <p className="muted team-section__subtitle">Last 5 Matches</p>
        <RecentResults results={recent} urls={matchUrls} />
      </Section>

      <KeptSection
        id="players"
        title={TEAM_SECTIONS.players}
        empty={keyPlayers.length === 0}
        input={{ keyPlayers, info, anyPlayers: players.length > 0 }}
      >
        {() =>
          keyPlayers.length > 0 ? (
            <PlayerCards players={keyPlayers} info={info} goalkeepers={false} />
          ) : (
            <p className="empty-text">
              {players.length === 0 ? PLAYER_STATS_MISSING_TEXT : PLAYER_DATA_COMING_SOON_TEXT}
            </p>
          )
        }
      </KeptSection>

      <KeptSection
        id="goalkeepers"
        title={TEAM_SECTIONS.goalkeepers}
        empty={goalkeepers.length === 0}
        input={{ goalkeepers, info, anyPlayers: players.length > 0 }}
      >
        {() =>
          goalkeepers.length > 0 ? (
            <PlayerCards players={goalkeepers} info={info} goalkeepers />
          ) : (
            <p className="empty-text">
              {players.length === 0 ? PLAYER_STATS_MISSING_TEXT : PLAYER_DATA_COMING_SOON_TEXT}
            </p>
          )
        }
      </KeptSection>
    </>
  );
}
