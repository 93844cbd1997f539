/**
 * Pure adapters from editorial documents to the shapes the rest of the product uses: a match
 * preview to the `editorial` input of resolvePick (shared/domain/resolution.ts), and the
 * Sunday parlay to the spec's legs. The site and the worker both call these, so what a page
 * shows and what the ledger locks come from the same mapping.
 */
import { LEAGUES } from "../domain/leagues";
import type { PickContent } from "../domain/resolution";
import { getTeamBySlug } from "../domain/teams/registry";
import { matchUrl } from "../domain/urls";
import type { MatchPreview, SundayParlay } from "./documents";
import { matchIdOf } from "./ids";

/** The pick fields of a match preview; null without a preview (the algorithm decides). */
export function editorialPickContent(preview: MatchPreview | null | undefined): PickContent | null {
  if (!preview) return null;
  return {
    bestPick: preview.bestPick,
    projectedScore: preview.projectedScore,
    confidence: preview.confidence,
    result: preview.result,
    overUnder: preview.overUnder,
    btts: preview.btts,
    bttsConfidence: preview.bttsConfidence,
  };
}

/** How a match preview is found for a match: league, season and both clubs' slugs. */
export function previewKey(
  league: string,
  season: string,
  homeSlug: string | null | undefined,
  awaySlug: string | null | undefined,
): string {
  return `${league}|${season}|${homeSlug}|${awaySlug}`;
}

/**
 * The previews by match (previewKey); where two documents name the same match, the first listed
 * applies. The pages and the lock at kick-off both pick the applicable preview here.
 */
export function previewsByMatch(documents: Iterable<MatchPreview>): Map<string, MatchPreview> {
  const byMatch = new Map<string, MatchPreview>();
  for (const doc of documents) {
    const key = previewKey(doc.league, doc.season, doc.homeTeam, doc.awayTeam);
    if (!byMatch.has(key)) byMatch.set(key, doc);
  }
  return byMatch;
}

/** A leg of the Sunday 5-team cross-league parlay, as the spec lists it. */
export interface SundayParlayLeg {
  /** Our match id, "premier-league/arsenal-vs-chelsea". */
  matchId: string;
  /** "Arsenal vs Chelsea" */
  match: string;
  /** "Premier League" */
  league: string;
  selection: string;
  predictedScore: string | null;
  confidence: number;
  /** The canonical match page. */
  matchPageLink: string;
}

function teamName(slug: string): string {
  return getTeamBySlug(slug)?.name ?? slug;
}

export function sundayParlayLegs(parlay: SundayParlay): SundayParlayLeg[] {
  return parlay.legs.map((leg) => ({
    matchId: matchIdOf(leg),
    match: `${teamName(leg.homeTeam)} vs ${teamName(leg.awayTeam)}`,
    league: LEAGUES[leg.league].name,
    selection: leg.selection,
    predictedScore: leg.predictedScore,
    confidence: leg.confidence,
    matchPageLink: matchUrl(leg.league, leg.homeTeam, leg.awayTeam),
  }));
}
