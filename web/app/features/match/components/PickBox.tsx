import type { Resolution } from "@shared/domain/resolution";
import type { MatchState, PickOutcome } from "@shared/domain/picks";
import { pickConfidenceTexts } from "../match-cards";
import { PickOutcomeBadge } from "./PickOutcomeBadge";

/**
 * HIT or MISS (spec 4) with the confidence the pick was made with before kick-off beside it;
 * nothing while the pick is pending.
 */
export function PickVerdict({ outcome, preMatch }: { outcome: PickOutcome; preMatch: string | null }) {
  if (outcome === "pending") return null;
  return (
    <span className="pick-verdict">
      <PickOutcomeBadge outcome={outcome} />
      {preMatch ? (
        <>
          {" "}
          <span className="pick-verdict__confidence muted">{preMatch}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * The best pick of a match card: pick, confidence, projected score before kick-off; after it
 * 'Final · 100%' and HIT/MISS with the pick's pre-match confidence.
 */
export function PickBox({ resolution, state }: { resolution: Resolution; state: MatchState }) {
  const confidence = pickConfidenceTexts(resolution);
  return (
    <div className="pick-box">
      <span className="pick-box__label">Best Pick</span>
      <strong className="pick-box__pick">{resolution.bestPick}</strong>
      <span className="pick-box__confidence">{confidence.confidence}</span>
      <PickVerdict outcome={resolution.picks.best.outcome} preMatch={confidence.preMatch} />
      {resolution.projectedScore && state === "pre-match" ? (
        <span className="pick-box__score">Projected {resolution.projectedScore}</span>
      ) : null}
    </div>
  );
}
