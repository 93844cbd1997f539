/**
 * The match page's 'Win probability now' section for a match in play, rendered on the server
 * and sent with the page's data, so each live refresh brings new numbers and no code.
 */
import { liveMatchProbability, preMatchForecast } from "@shared/model/live-match-probability";
import type { MatchDetail } from "../match-detail.server";
import { renderServerHtml } from "~/server-markup.server";
import type { ServerHtml } from "~/components/ServerMarkup";
import { liveMinuteLabel, LiveProbabilityView } from "./LiveProbabilityView";

export const LIVE_PROBABILITY_SECTION_ID = "live-probability";

type LiveProbabilityMatch = Pick<
  MatchDetail,
  | "state"
  | "status"
  | "minute"
  | "injuryTime"
  | "homeScore"
  | "awayScore"
  | "events"
  | "probabilities"
  | "home"
  | "away"
>;

/** The section (its id and markup), or null when the match is not in play or has no prediction. */
export function liveProbabilitySection(match: LiveProbabilityMatch): { id: string; markup: ServerHtml } | null {
  const probability = liveMatchProbability(match, preMatchForecast(match.probabilities));
  if (!probability) return null;
  return {
    id: LIVE_PROBABILITY_SECTION_ID,
    markup: renderServerHtml(
      <LiveProbabilityView
        probability={probability}
        homeName={match.home.name}
        awayName={match.away.name}
        minuteLabel={liveMinuteLabel(match.status, probability.minute, match.injuryTime)}
        headingId={`${LIVE_PROBABILITY_SECTION_ID}-title`}
      />,
    ),
  };
}
