import type { AppContext } from "./load-context";
import { getMatchSummaryById, type MatchSummary } from "./matches.server";

/**
 * What the match view shows in embedded mode (on the home page): the match header, the best
 * pick and the three picks with the model's probabilities. The long sections' data stays out,
 * so the home page and each refresh carry a few hundred bytes instead of the whole match page.
 */
export type EmbeddedMatch = Pick<
  MatchSummary,
  | "id"
  | "league"
  | "href"
  | "kickoffAt"
  | "state"
  | "minute"
  | "injuryTime"
  | "home"
  | "away"
  | "homeScore"
  | "awayScore"
  | "resolution"
  | "venue"
  | "referee"
  | "updatedAgo"
  | "probabilities"
>;

export function embeddedMatch(match: MatchSummary): EmbeddedMatch {
  const { id, league, href, kickoffAt, state, minute, injuryTime, home, away, homeScore, awayScore, resolution, venue, referee, updatedAgo, probabilities } =
    match;
  return { id, league, href, kickoffAt, state, minute, injuryTime, home, away, homeScore, awayScore, resolution, venue, referee, updatedAgo, probabilities };
}

export async function getEmbeddedMatch(
  context: Pick<AppContext, "db" | "clock" | "content">,
  id: number,
  preview: boolean,
): Promise<EmbeddedMatch | null> {
  const match = await getMatchSummaryById(context, id, preview);
  return match && embeddedMatch(match);
}
