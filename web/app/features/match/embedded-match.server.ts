import type { MatchState } from "@shared/domain/match-state";
import { embeddedPicksMarkup, matchHeroView } from "./components/match-hero.server";
import type { MatchHeroView } from "./components/MatchHero";
import type { ServerHtml } from "~/components/ServerMarkup";
import type { AppContext } from "~/load-context";
import type { MatchSummary } from "./match-detail.server";
import { pickProbabilities } from "./pick-probabilities.server";
import { getMatchSummaryById } from "./match-lookups.server";

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
