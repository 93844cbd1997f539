import type { ReactNode } from "react";
import { formatTeamRating, standingLabel } from "@shared/domain/format";
import { displayForm, type FormLetter } from "@shared/domain/form";
import { winRatesLabel } from "@shared/domain/team-season-stats";
import { impactScore, isDefender, squadSections } from "@shared/domain/team-squad";
import { recentResults } from "@shared/domain/team-stats";
import { HOME, leagueUrl, playerSlug, playerUrl, teamListUrl, teamUrl } from "@shared/domain/urls";
import { LIVE_BADGE_TEXT } from "~/features/match/match-cards";
import { NEXT_MATCH_BUTTON_TEXT, TEAM_FORM_NO_DATA_TEXT, TEAM_SECTIONS } from "../team";
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
import { KickoffTime } from "~/features/match/components/KickoffTime";
import { RichText, type RichTextHtml } from "~/features/content/components/RichText";
import { TeamSeasonOutlook, type TeamOutlook } from "~/features/league/components/season-outlook/TeamSeasonOutlook";
import { TEAM_STRENGTH_EXPLAINER, TEAM_STRENGTH_TITLE, TeamStrengthChart } from "./TeamStrengthChart";
import type { TeamStrengthView } from "../team-strength.server";
import { TeamBadge } from "../../../components/TeamBadge";

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

const RESULT_WORDS: Record<FormLetter | "N/A", string> = { W: "Win", D: "Draw", L: "Loss", "N/A": "No result" };

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
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`page-section team-section${empty ? " page-section--empty" : ""}`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A result as a letter with its word for screen readers: the letter's colour is never the only signal. */
function ResultMarker({ result }: { result: FormLetter | "N/A" }) {
  return (
    <span className={`result-marker result-marker--${result === "N/A" ? "none" : result.toLowerCase()}`}>
      <span aria-hidden="true">{result}</span>
      <span className="visually-hidden">{RESULT_WORDS[result]}</span>
    </span>
  );
}

/** The standing's form, or the recent results' when the table has none; oldest first. */
function formLetters(standing: TeamStanding | null, recent: ReturnType<typeof recentResults>): FormLetter[] {
  const fromTable = displayForm(standing?.form);
  const letters =
    fromTable !== "N/A"
      ? fromTable
      : displayForm(
          [...recent]
            .reverse()
            .map((r) => r.result)
            .filter((r) => r !== "N/A")
            .join(""),
        );
  return letters === "N/A" ? [] : ([...letters] as FormLetter[]);
}

function FormStrip({ letters }: { letters: readonly FormLetter[] }) {
  if (letters.length === 0) return <span className="muted">{TEAM_FORM_NO_DATA_TEXT}</span>;
  return (
    <ol className="form-strip" aria-label="Recent form, oldest first">
      {letters.map((letter, index) => (
        <li key={index}>
          <ResultMarker result={letter} />
        </li>
      ))}
    </ol>
  );
}

function NextMatchCard({ fixture, teamId }: { fixture: TeamFixture; teamId: number }) {
  const { home, away } = fixture.teams;
  const isHome = home.id === teamId;
  const opponent = isHome ? away : home;
  const live = fixture.fixture.state === "live";
  return (
    <article className="next-match" aria-labelledby="next-match-teams">
      <h3 id="next-match-teams" className="next-match__teams">
        <span className="next-match__side">
          <TeamBadge teamId={home.id} width={40} />
          {home.name}
        </span>
        <span className="next-match__vs">
          {live ? (
            <>
              <span className="live-badge">{LIVE_BADGE_TEXT}</span> {fixture.goals.home ?? 0} -{" "}
              {fixture.goals.away ?? 0}
            </>
          ) : (
            "vs"
          )}
        </span>
        <span className="next-match__side">
          <TeamBadge teamId={away.id} width={40} />
          {away.name}
        </span>
      </h3>
      <dl className="next-match__facts">
        <div>
          <dt>Opponent</dt>
          <dd>
            {opponent.name} {isHome ? "(H)" : "(A)"}
          </dd>
        </div>
        <div>
          <dt>Kick-off</dt>
          <dd>
            <KickoffTime iso={fixture.fixture.date} />
          </dd>
        </div>
        {fixture.fixture.venue.name ? (
          <div>
            <dt>Venue</dt>
            <dd>{fixture.fixture.venue.name}</dd>
          </div>
        ) : null}
      </dl>
      <PageLink className="button" to={fixture.fixture.url}>
        {NEXT_MATCH_BUTTON_TEXT}
        <span className="visually-hidden">
          : {home.name} vs {away.name}
        </span>
      </PageLink>
    </article>
  );
}

function StatsOverview({ stats }: { stats: TeamStatistics }) {
  const estimated = stats.over25Basis === "estimated" || stats.bttsBasis === "estimated";
  const mark = (basis: TeamStatistics["over25Basis"]) => (basis === "estimated" ? "*" : "");
  const figures: [string, string][] = [
    ["Avg Goals Scored", stats.avgGoalsScored.toFixed(2)],
    ["Avg Goals Conceded", stats.avgGoalsConceded.toFixed(2)],
    ["Clean Sheets", String(stats.cleanSheets)],
    ["Over 2.5 Goals", `${stats.over25Percentage}%${mark(stats.over25Basis)}`],
    ["BTTS", `${stats.bttsPercentage}%${mark(stats.bttsBasis)}`],
    ["Win Rate Home | Away", winRatesLabel(stats.homeWinRate, stats.awayWinRate)],
  ];
  return (
    <>
      <dl className="team-stats">
        {figures.map(([label, value]) => (
          <div key={label} className="team-stats__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted team-stats__note">
        From {stats.matches} league {stats.matches === 1 ? "match" : "matches"} this season.
        {estimated ? " * Estimated from the season's goal averages: the data source gives no match counts." : null}
      </p>
    </>
  );
}

type RecentResult = ReturnType<typeof recentResults>[number];

function RecentResults({ results, urls }: { results: readonly RecentResult[]; urls: ReadonlyMap<number, string> }) {
  if (results.length === 0) return <p className="empty-text">{NO_COMPLETED_MATCHES_TEXT}</p>;
  return (
    <ol className="recent-list">
      {results.map((result) => (
        <li key={result.matchId} className="recent-list__item">
          <span className="recent-list__date">
            <KickoffTime iso={result.kickoffAt.toISOString()} dateOnly />
          </span>
          <span className="recent-list__opponent">
            <TeamBadge teamId={result.opponentId} width={20} lazy />
            {result.opponent} {result.venueMarker}
          </span>
          <ResultMarker result={result.result} />
          <PageLink className="recent-list__score" to={urls.get(result.matchId!)!}>
            {result.score}
            <span className="visually-hidden"> against {result.opponent}: match page</span>
          </PageLink>
        </li>
      ))}
    </ol>
  );
}

function Figure({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function PlayerCard({ player, href, goalkeeper }: { player: TeamPlayerStat; href: string; goalkeeper: boolean }) {
  return (
    <article className="player-card" aria-labelledby={`player-${player.id}`}>
      <h3 id={`player-${player.id}`} className="player-card__name">
        <PageLink to={href}>{player.name}</PageLink>
      </h3>
      <p className="player-card__position muted">{player.position ?? "Unknown"}</p>
      <dl className="player-card__figures">
        <Figure label="Matches" value={player.matchesPlayed} />
        <Figure label="Minutes" value={player.minutesPlayed} />
        <Figure label="Goals | Assists" value={`${player.goals} | ${player.assists}`} />
        {goalkeeper ? null : <Figure label="Shots on Target" value={player.shotsOnTarget} />}
        {goalkeeper || player.passCompletionPercent !== null ? (
          <Figure
            label="Pass Completion"
            value={player.passCompletionPercent === null ? "n/a" : `${player.passCompletionPercent}%`}
          />
        ) : null}
        {!goalkeeper && isDefender(player.position) ? <Figure label="Tackles" value={player.tackles} /> : null}
        <Figure label="Yellow | Red" value={`${player.yellowCards} | ${player.redCards}`} />
        <Figure label={goalkeeper ? "Rating" : "Avg Rating"} value={formatTeamRating(player.rating)} />
        {goalkeeper ? (
          <>
            <Figure label="Goals Conceded" value={player.goalsConceded} />
            <Figure label="Clean Sheets" value={player.cleanSheets} />
          </>
        ) : (
          <Figure label="Impact Score (G+A)" value={impactScore(player)} className="player-card__impact" />
        )}
      </dl>
    </article>
  );
}

function PlayerCards({
  players,
  info,
  goalkeepers,
}: {
  players: readonly TeamPlayerStat[];
  info: TeamInfo;
  goalkeepers: boolean;
}) {
  return (
    <ul className="player-cards">
      {players.map((player) => (
        <li key={player.id}>
          <PlayerCard
            player={player}
            goalkeeper={goalkeepers}
            href={playerUrl(info.league.key, info.team.slug, playerSlug(player.name, player.id))}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The team detail page's content (spec section 2, "Team detail page"), inside the page's
 * `page team-page` element. Rendered on the server only (team-page-markup.server.tsx).
 */
export function TeamView({ page }: { page: TeamPageData }) {
  const { info, standing, nextFixture, recentFixtures, statistics, players, overview } = page;
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

      <Section id="stats" title={TEAM_SECTIONS.stats} empty={!statistics}>
        {statistics ? <StatsOverview stats={statistics} /> : <p className="empty-text">{NO_COMPLETED_MATCHES_TEXT}</p>}
      </Section>

      <TeamSeasonOutlook outlook={page.outlook} league={league.key} />

      {page.strength ? (
        <Section id="strength" title={TEAM_STRENGTH_TITLE}>
          <p className="muted team-section__subtitle">{TEAM_STRENGTH_EXPLAINER}</p>
          <TeamStrengthChart strength={page.strength} teamName={team.name} />
        </Section>
      ) : null}

      <Section id="recent" title={TEAM_SECTIONS.recent}>
        <p className="muted team-section__subtitle">Last 5 Matches</p>
        <RecentResults results={recent} urls={matchUrls} />
      </Section>

      <Section id="players" title={TEAM_SECTIONS.players} empty={keyPlayers.length === 0}>
        {keyPlayers.length > 0 ? (
          <PlayerCards players={keyPlayers} info={info} goalkeepers={false} />
        ) : (
          <p className="empty-text">
            {players.length === 0 ? PLAYER_STATS_MISSING_TEXT : PLAYER_DATA_COMING_SOON_TEXT}
          </p>
        )}
      </Section>

      <Section id="goalkeepers" title={TEAM_SECTIONS.goalkeepers} empty={goalkeepers.length === 0}>
        {goalkeepers.length > 0 ? (
          <PlayerCards players={goalkeepers} info={info} goalkeepers />
        ) : (
          <p className="empty-text">
            {players.length === 0 ? PLAYER_STATS_MISSING_TEXT : PLAYER_DATA_COMING_SOON_TEXT}
          </p>
        )}
      </Section>
    </>
  );
}
