import type { recentResults } from "@shared/domain/team-stats";
import { NO_COMPLETED_MATCHES_TEXT } from "~/page-texts/shared";
import { PageLink } from "~/components/PageLink";
import { KickoffTime } from "~/features/match/components/KickoffTime";
import { TeamBadge } from "../../../components/TeamBadge";
import { ResultMarker } from "./ResultMarker";

type RecentResult = ReturnType<typeof recentResults>[number];

/** The team's last results, each with its date, opponent, result and score linking to the match page. */
export function RecentResults({
  results,
  urls,
}: {
  results: readonly RecentResult[];
  urls: ReadonlyMap<number, string>;
}) {
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
