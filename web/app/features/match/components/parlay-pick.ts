import { LEAGUES } from "@shared/domain/leagues";
import type { ParlayPick } from "@shared/domain/parlay";
import type { MatchCard } from "../match-card.server";

export type ParlayPickMatch = Pick<MatchCard, "id" | "league" | "href" | "state" | "home" | "away" | "resolution">;

/**
 * What a match's parlay button adds: its best pick, with the model's probability when it has
 * one. The match page and the ranked match cards add the same pick under the same id, so a pick
 * added on one shows as added on the other.
 */
export function matchParlayPick(match: ParlayPickMatch, probability: number | null): ParlayPick {
  const { resolution, home, away } = match;
  return {
    id: `match-${match.id}`,
    pick: resolution.bestPick,
    league: LEAGUES[match.league].name,
    confidence: resolution.confidence,
    matchup: `${home.name} vs ${away.name}`,
    homeTeam: home.name,
    awayTeam: away.name,
    matchState: match.state,
    href: match.href,
    ...(probability === null ? {} : { probability }),
  };
}
