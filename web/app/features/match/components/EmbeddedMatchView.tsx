import { useId } from "react";
import type { EmbeddedMatch } from "../embedded-match.server";
import { FULL_ANALYSIS_TEXT } from "../match-cards";
import { ServerMarkup } from "~/components/ServerMarkup";
import { MatchHero } from "./MatchHero";
import { useEmbeddedRefresh } from "./useEmbeddedRefresh";
import { useUpdatedAgoClock } from "./useUpdatedAgoClock";

/**
 * What is inside the embedded match's article: the match header, the three picks with the
 * model's probabilities and a link to the full analysis. The home page first shows it as server
 * markup (home-page.server.tsx), the same for every visitor; EmbeddedMatchView renders it in the
 * browser from the first refresh on.
 */
export function EmbeddedMatchBody({ match, titleId }: { match: EmbeddedMatch; titleId: string }) {
  return (
    <>
      <MatchHero hero={match} titleAs="h3" titleId={titleId}>
        <ServerMarkup as="dl" className="embedded-picks" markup={match.picks} />
      </MatchHero>
      {/* A plain anchor in the server markup and in the browser's view alike: the root navigates
          it client-side (server-markup-behaviour.ts's SERVER_LINK_ATTRIBUTE, written out here
          so that the root's module stays out of this lazily loaded one). */}
      <a className="button match-embedded__link" href={match.href} data-discover="true" data-server-link="">
        {FULL_ANALYSIS_TEXT}
        <span className="visually-hidden">
          : {match.home.name} vs {match.away.name}
        </span>{" "}
        <span aria-hidden="true">→</span>
      </a>
    </>
  );
}

/**
 * The match view's embedded mode, live in the browser: no breadcrumb, long sections or page
 * chrome; the data (its markup rendered on the server) refreshes in place (useEmbeddedRefresh),
 * and `data-refresh-ms` says how often.
 */
export function EmbeddedMatchView({ match: initial }: { match: EmbeddedMatch }) {
  const { match, refreshMs } = useEmbeddedRefresh(initial);
  useUpdatedAgoClock(match.state === "live");
  const titleId = useId();
  return (
    <article className="match-embedded" aria-labelledby={titleId} data-refresh-ms={refreshMs ?? undefined}>
      <EmbeddedMatchBody match={match} titleId={titleId} />
    </article>
  );
}
