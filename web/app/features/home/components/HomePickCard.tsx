import { FullPredictionLink } from "~/features/match/components/FullPredictionLink";
import type { HomePickMatch } from "../home-picks.server";
import { KickoffTime } from "~/features/match/components/KickoffTime";
import { PickBox } from "~/features/match/components/PickBox";
import { Scoreline } from "~/features/match/components/Scoreline";

/** A home page pick: teams, score or VS, the best pick with its confidence, and the match link. */
export function HomePickCard({ match, label }: { match: HomePickMatch; label: string }) {
  const { resolution } = match;
  return (
    <article className="home-pick" aria-label={`${label}: ${match.home.name} vs ${match.away.name}`}>
      <p className="home-pick__label">{label}</p>
      <h3 className="home-pick__teams">
        <span>{match.home.name}</span>
        <Scoreline match={match} />
        <span>{match.away.name}</span>
      </h3>
      <p className="match-card__kickoff">
        <KickoffTime iso={match.kickoffAt} />
      </p>
      <PickBox resolution={resolution} state={match.state} />
      <FullPredictionLink match={match} />
    </article>
  );
}
