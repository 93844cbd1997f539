import type { MatchState } from "@shared/domain/match-state";
import { pickProbability } from "@shared/domain/parlay-probability";
import { embeddedPicksMarkup, matchHeroView } from "./components/match-hero.server";
import type { MatchHeroView } from "./components/MatchHero";
import type { ServerHtml } from "~/components/ServerMarkup";
import type { AppContext } from "~/load-context";
import { getMatchSummaryById, type MatchSummary } from "./matches.server";

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

export function pickProbabilities(match: Pick<MatchSummary, "resolution" | "home" | "away" | "probabilities">): PickProbabilities {
  const { resolution, home, away, probabilities } = match;
  const of = (text: string) => pickProbability(text, home.name, away.name, probabilities);
  return {
    best: of(resolution.bestPick),
    result: of(resolution.picks.result.text),
    overUnder: of(resolution.picks.overUnder.text),
    btts: of(resolution.picks.btts.text),
  };
}

/**
 * What the match view shows in embedded mode (on the home page): the match header (MatchHero)
 * and the three picks with the model's probabilities, rendered on the server, with what the
 * view needs to refresh itself and link to the match page. The long sections stay out, so the
 * home page and each refresh carry a few kilobytes instead of the whole match page.
 */
export interface EmbeddedMatch extends MatchHeroView {
  id: number;
  /** How often the view refreshes depends on it. */
  state: MatchState;
  href: string;
  home: { name: string };
  away: { name: string };
  /** The contents of the picks list. */
  picks: ServerHtml;
}

export function embeddedMatch(match: MatchSummary): EmbeddedMatch {
  const probabilities = pickProbabilities(match);
  return {
    ...matchHeroView(match, probabilities),
    id: match.id,
    state: match.state,
    href: match.href,
    home: { name: match.home.name },
    away: { name: match.away.name },
    picks: embeddedPicksMarkup(match, probabilities),
  };
}

export async function getEmbeddedMatch(
  context: Pick<AppContext, "db" | "clock" | "content">,
  id: number,
  preview: boolean,
): Promise<EmbeddedMatch | null> {
  const match = await getMatchSummaryById(context, id, preview);
  return match && embeddedMatch(match);
}
