import { LIVE_BADGE_TEXT } from "~/features/match/match-cards";
import { NEXT_MATCH_BUTTON_TEXT } from "../team";
import type { TeamFixture } from "../teams.schema";
import { PageLink } from "~/components/PageLink";
import { KickoffTime } from "~/features/match/components/KickoffTime";
import { TeamBadge } from "../../../components/TeamBadge";

/** The team's next match (live: with its score): the two sides, the opponent, kick-off and venue, and a link to its page. */
export function NextMatchCard({ fixture, teamId }: { fixture: TeamFixture; teamId: number }) {
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
