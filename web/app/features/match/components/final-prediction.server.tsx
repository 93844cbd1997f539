/**
 * The final prediction section's content (match-sections.server.tsx): the best pick and the
 * market picks with their confidence and outcome, the score, and the editors' summary. Rendered
 * on the server only.
 */
import type { MatchDetail } from "../match-detail.server";
import { pickConfidenceTexts } from "../match-cards";
import type { EditMark } from "~/features/content/editable.server";
import type { ServerHtml } from "~/components/ServerMarkup";
import { Editorial } from "./match-section-content.server";
import { PickVerdict } from "./PickBox";
import { PickOutcomeBadge } from "./PickOutcomeBadge";

/** Final prediction: the best pick and the market picks with their confidence and outcome, the score, and the editors' summary. */
export function FinalPrediction({
  resolution,
  state,
  notes,
  edit,
}: Pick<MatchDetail, "resolution" | "state"> & { notes: ServerHtml | null; edit: EditMark }) {
  const bestConfidence = pickConfidenceTexts(resolution);
  // The BTTS call's own confidence (the editor's, else the algorithm's) shows before kick-off
  // only: the ledger row locked at kick-off holds the algorithm's figure for the call instead.
  const bttsConfidence =
    state === "pre-match" && resolution.picks.btts.code
      ? pickConfidenceTexts(resolution, resolution.bttsConfidence).confidence
      : null;
  const picks = [
    { label: "Match Result", pick: resolution.picks.result, confidence: null },
    { label: "Over/Under", pick: resolution.picks.overUnder, confidence: null },
    { label: "Both Teams to Score", pick: resolution.picks.btts, confidence: bttsConfidence },
  ];
  return (
    <>
      <div className="final-picks">
        <div className="final-pick final-pick--best">
          <span className="final-pick__label">Best Pick</span>
          <strong data-sanity={resolution.pickSource === "editorial" ? edit("bestPick") : undefined}>
            {resolution.bestPick}
          </strong>
          {bestConfidence.confidence ? (
            <span className="final-pick__confidence">{bestConfidence.confidence}</span>
          ) : null}
          <PickVerdict outcome={resolution.picks.best.outcome} preMatch={bestConfidence.preMatch} />
        </div>
        {picks.map(({ label, pick, confidence }) => (
          <div key={label} className="final-pick">
            <span className="final-pick__label">{label}</span>
            <strong>{pick.text}</strong>
            {confidence ? <span className="final-pick__confidence">{confidence}</span> : null}
            <PickOutcomeBadge outcome={pick.outcome} />
          </div>
        ))}
      </div>
      {resolution.score ? (
        <p>
          {state === "post-match" ? "Final score" : "Projected score"}: <strong>{resolution.score}</strong>
        </p>
      ) : null}
      <Editorial html={notes} editMark={edit("finalPredictionSummary")} />
    </>
  );
}
