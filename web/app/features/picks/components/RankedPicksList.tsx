import type { MatchCard } from "~/features/match/match-card.server";
import { NO_FIXTURES_TEXT } from "~/features/league/league";
import { RankedMatchCardItem } from "~/features/match/components/RankedMatchCard";

/** Match cards ranked by their pick's confidence, numbered from 1. */
export function RankedPicksList({ matches }: { matches: MatchCard[] }) {
  if (matches.length === 0) return <p className="empty-text">{NO_FIXTURES_TEXT}</p>;
  return (
    <ol className="match-list">
      {matches.map((match, index) => (
        <RankedMatchCardItem key={match.id} match={match} rank={index + 1} />
      ))}
    </ol>
  );
}
