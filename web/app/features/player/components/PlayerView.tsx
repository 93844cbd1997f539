import { Link } from "@remix-run/react";
import type { RecentFormLine, SummaryFigure } from "@shared/domain/player-stats";
import { HOME } from "@shared/domain/site";
import { Breadcrumb } from "~/components/Breadcrumb";
import { NO_RECENT_MATCHES_TITLE, RECENT_FORM_HEADING, SEASON_STATS_HEADING, noRecentMatchesText } from "../player";
import { PLAYER_STATS_MISSING_TEXT } from "~/page-texts/shared";

export interface PlayerPageData {
  leagueName: string;
  leagueHref: string;
  team: { id: number; name: string; href: string; playersHref: string; badge: string };
  player: { id: number; name: string; position: string; details: string | null };
  seasonLabel: string;
  currentSeasonLabel: string;
  summary: SummaryFigure[] | null;
  recentForm: (RecentFormLine & { fixtureId: number; matchHref: string | null })[];
}

const PILL_CLASS: Record<RecentFormLine["result"], string> = {
  Win: "form-pill form-pill--win",
  Draw: "form-pill form-pill--draw",
  Loss: "form-pill form-pill--loss",
  "N/A": "form-pill",
};

function RecentMatch({ match }: { match: PlayerPageData["recentForm"][number] }) {
  const title = `${match.venue} ${match.opponent}`;
  return (
    <li className="recent-match">
      <div className="recent-match__head">
        <span className="recent-match__date">{match.date}</span>
        <span className="recent-match__opponent">
          {match.matchHref ? <Link to={match.matchHref}>{title}</Link> : title}
        </span>
        <span className="recent-match__score">{match.score}</span>
        <span className={PILL_CLASS[match.result]}>{match.result}</span>
      </div>
      <dl className="recent-match__figures">
        <div>
          <dt>Minutes</dt>
          <dd>{match.minutes}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>{match.rating}</dd>
        </div>
        <div>
          <dt>Goals</dt>
          <dd>{match.goals}</dd>
        </div>
        <div>
          <dt>Assists</dt>
          <dd>{match.assists}</dd>
        </div>
        <div>
          <dt>Shots on Target</dt>
          <dd>{match.shotsOn}</dd>
        </div>
      </dl>
      {match.badges.length > 0 ? (
        <ul className="recent-match__badges" aria-label="Highlights">
          {match.badges.map((badge) => (
            <li key={badge} className="player-badge">
              {badge}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The player page: who he is, his season at the club and his last five matches (spec 2). */
export function PlayerView({ page }: { page: PlayerPageData }) {
  const { player, team } = page;
  return (
    <div className="page player-page">
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: page.leagueName, href: page.leagueHref },
          { label: team.name, href: team.href },
          { label: "Players", href: team.playersHref },
          { label: player.name },
        ]}
      />
      <header className="page-header player-header">
        <img className="player-header__badge" src={team.badge} alt="" width={64} height={64} />
        <div>
          <h1>{player.name}</h1>
          <p className="player-header__role">
            {player.position} – <Link to={team.href}>{team.name}</Link>
          </p>
          {player.details ? <p className="muted player-header__details">{player.details}</p> : null}
        </div>
      </header>

      <section className="page-section" aria-labelledby="season-stats-title">
        <h2 id="season-stats-title">
          {SEASON_STATS_HEADING} <span className="muted">{page.seasonLabel}</span>
        </h2>
        {page.summary ? (
          <dl className="season-stats">
            {page.summary.map((figure) => (
              <div key={figure.label} className="season-stats__item">
                <dt>{figure.label}</dt>
                <dd>
                  {figure.value}
                  {figure.detail ? <span className="season-stats__detail"> ({figure.detail})</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="empty-text">{PLAYER_STATS_MISSING_TEXT}</p>
        )}
      </section>

      <section className="page-section" aria-labelledby="recent-form-title">
        <h2 id="recent-form-title">{RECENT_FORM_HEADING}</h2>
        {page.recentForm.length > 0 ? (
          <ol className="recent-form">
            {page.recentForm.map((match) => (
              <RecentMatch key={match.fixtureId} match={match} />
            ))}
          </ol>
        ) : (
          <div className="recent-form__empty">
            <h3>{NO_RECENT_MATCHES_TITLE}</h3>
            <p className="empty-text">{noRecentMatchesText(page.currentSeasonLabel)}</p>
          </div>
        )}
      </section>
    </div>
  );
}
