import { pickProbability } from "@shared/domain/parlay-probability";
import type { MatchSummary } from "./match-detail.server";

/**
 * The model's probability behind each pick a match shows (null where it has none), worked out
 * on the server: reading a pick text needs the pick classifier, which the browser then does not
 * have to load.
 */
export interface PickProbabilities {
  best: number | null;
  result: number | null;
  overUnder: number | null;
  btts: number | null;
}

export function pickProbabilities(
  match: Pick<MatchSummary, "resolution" | "home" | "away" | "probabilities">,
): PickProbabilities {
  const { resolution, home, away, probabilities } = match;
  const of = (text: string) => pickProbability(text, home.name, away.name, probabilities);
  return {
    best: of(resolution.bestPick),
    result: of(resolution.picks.result.text),
    overUnder: of(resolution.picks.overUnder.text),
    btts: of(resolution.picks.btts.text),
  };
}
