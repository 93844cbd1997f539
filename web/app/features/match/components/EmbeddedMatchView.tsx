import { Link } from "@remix-run/react";
import { useId } from "react";
import type { EmbeddedMatch } from "../embedded-match.server";
import { FULL_ANALYSIS_TEXT } from "../match-cards";
import { ServerMarkup } from "~/components/ServerMarkup";
import { MatchHero } from "./MatchHero";
import { useEmbeddedRefresh } from "./useEmbeddedRefresh";
import { useUpdatedAgoClock } from "./useUpdatedAgoClock";

/**
 * The match view's embedded mode: the match header, the three picks with the model's
 * probabilities and a link to the full analysis. No breadcrumb, long sections or page chrome;
 * the data (its markup rendered on the server) refreshes in place (useEmbeddedRefresh), and
 * `data-refresh-ms` says how often.
 */
export function EmbeddedMatchView({ match: initial }: { match: EmbeddedMatch }) {
  const { match, refreshMs } = useEmbeddedRefresh(initial);
  useUpdatedAgoClock(match.state === "live");
  const titleId = useId();
  return (
    <article className="match-embedded" aria-labelledby={titleId} data-refresh-ms={refreshMs ?? undefined}>
      <MatchHero hero={match} titleAs="h3" titleId={titleId}>
        <ServerMarkup as="dl" className="embedded-picks" markup={match.picks} />
      </MatchHero>
      <Link className="button match-embedded__link" to={match.href}>
        {FULL_ANALYSIS_TEXT}
        <span className="visually-hidden">
          : {match.home.name} vs {match.away.name}
        </span>{" "}
        <span aria-hidden="true">→</span>
      </Link>
    </article>
  );
}
