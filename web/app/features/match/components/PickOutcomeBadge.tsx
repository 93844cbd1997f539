import { pickResultLabel, type PickOutcome } from "@shared/domain/picks";

/** HIT with a check or MISS with a cross after the match (spec 4); nothing while pending. */
export function PickOutcomeBadge({ outcome }: { outcome: PickOutcome }) {
  if (outcome === "pending") return null;
  const label = pickResultLabel(outcome);
  const mark = outcome === "hit" ? "✓" : outcome === "miss" ? "✗" : "–";
  return (
    <span className={`outcome outcome--${outcome}`}>
      <span aria-hidden="true">{mark}</span> {label}
    </span>
  );
}
