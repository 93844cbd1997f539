import type { Resolution } from "../../../../shared/domain/resolution";
import type { MatchState } from "../../../../shared/domain/picks";
import { PickOutcomeBadge } from "./PickOutcomeBadge";

/** The best pick of a match card: pick, confidence, projected score before kick-off, HIT/MISS after. */
export function PickBox({ resolution, state }: { resolution: Resolution; state: MatchState }) {
  return (
    <div className="pick-box">
      <span className="pick-box__label">Best Pick</span>
      <strong className="pick-box__pick">{resolution.bestPick}</strong>
      <span className="pick-box__confidence">
        {resolution.isComingSoon ? null : `Confidence ${resolution.confidenceLabel}`}
      </span>
      <PickOutcomeBadge outcome={resolution.picks.best.outcome} />
      {resolution.projectedScore && state === "pre-match" ? (
        <span className="pick-box__score">Projected {resolution.projectedScore}</span>
      ) : null}
    </div>
  );
}
