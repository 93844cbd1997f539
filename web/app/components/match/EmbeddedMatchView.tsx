import { Link } from "@remix-run/react";
import { useId } from "react";
import { formatPercent } from "../../../../shared/domain/format";
import { pickProbability } from "../../../../shared/domain/parlay-probability";
import type { EmbeddedMatch } from "../../embedded-match.server";
import { FULL_ANALYSIS_TEXT } from "../../page-texts";
import { MatchHero } from "./MatchHero";
import { PickOutcomeBadge } from "./PickOutcomeBadge";
import { useEmbeddedRefresh } from "./useEmbeddedRefresh";

/**
 * The match view's embedded mode: the match header, the three picks with the model's
 * probabilities and a link to the full analysis. No breadcrumb, long sections or page chrome;
 * the data refreshes in place (useEmbeddedRefresh), and `data-refresh-ms` says how often.
 */
export function EmbeddedMatchView({ match: initial }: { match: EmbeddedMatch }) {
  const { match, refreshMs } = useEmbeddedRefresh(initial);
  const titleId = useId();
  const { resolution, home, away } = match;
  const picks = [
    { label: "Match Result", pick: resolution.picks.result },
    { label: "Over/Under", pick: resolution.picks.overUnder },
    { label: "Both Teams to Score", pick: resolution.picks.btts },
  ];

  return (
    <article className="match-embedded" aria-labelledby={titleId} data-refresh-ms={refreshMs ?? undefined}>
      <MatchHero match={match} titleAs="h3" titleId={titleId}>
        <dl className="embedded-picks">
          {picks.map(({ label, pick }) => {
            const probability = pickProbability(pick.text, home.name, away.name, match.probabilities);
            return (
              <div key={label} className="embedded-pick">
                <dt>{label}</dt>
                <dd className="embedded-pick__text">
                  <strong>{pick.text}</strong> <PickOutcomeBadge outcome={pick.outcome} />
                </dd>
                {probability === null ? null : (
                  <dd className="embedded-pick__probability">Model probability {formatPercent(probability * 100)}</dd>
                )}
              </div>
            );
          })}
        </dl>
      </MatchHero>
      <Link className="button match-embedded__link" to={match.href}>
        {FULL_ANALYSIS_TEXT}
        <span className="visually-hidden">
          : {home.name} vs {away.name}
        </span>{" "}
        <span aria-hidden="true">→</span>
      </Link>
    </article>
  );
}
