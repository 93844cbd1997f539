/**
 * The match detail the match page shows, and the summary of it the embedded view shows: what
 * they hold and how they are assembled from a fixture row, its pick inputs and its sections.
 */
import type { MatchPreview } from "@shared/content/documents";
import { formatUpdatedAgo } from "@shared/domain/updated-ago";
import { LEAGUES } from "@shared/domain/leagues";
import type { LiveProbabilityTick } from "@shared/model/live-probability-history";
import { oddsMovement, type OddsMovement } from "@shared/model/odds-movement";
import { matchStakesView, type MatchStakesView } from "@shared/model/match-stakes";
import { scoreProbabilities, type ScoreProbability } from "@shared/model/score-probabilities";
import { cardOf, pickInputs, type MatchCard, type PickInputs } from "./match-card.server";
import {
  headToHead,
  liveProbabilityHistory,
  marketOddsOf,
  matchEvents,
  oddsRows,
  recentForms,
  recentLineups,
  referenceOf,
  type FormEntry,
  type HeadToHeadEntry,
  type MarketOdds,
  type MatchEvent,
  type TeamLineup,
} from "./match-detail-sections.server";
import type { FixtureRow, ReadContext } from "./match-rows.server";

export interface MatchProbabilities {
  home: number;
  draw: number;
  away: number;
  over25: number;
  btts: number;
  expectedGoalsHome: number;
  expectedGoalsAway: number;
  modelVersion: string;
}

export interface MatchDetail extends MatchCard {
  venue: string | null;
  referee: string | null;
  /** When the worker last wrote the provider's live data. */
  lastApiUpdate: string | null;
  leagueName: string;
  odds: MarketOdds | null;
  /** The market's opening and latest fair prices against our forecast; null without both lines of one market. */
  oddsMovement: OddsMovement | null;
  probabilities: MatchProbabilities | null;
  /** Every scoreline the prediction gives, 0–5+ a side, home goals then away goals; null without a stored grid. */
  scoreProbabilities: ScoreProbability[] | null;
  /** What the match means for its clubs' season, before kick-off (shared/model/match-stakes.ts). */
  stakes: MatchStakesView | null;
  form: { home: FormEntry[]; away: FormEntry[] };
  lineups: { home: TeamLineup | null; away: TeamLineup | null };
  headToHead: HeadToHeadEntry[];
  events: MatchEvent[];
  /** The live win probability through the match as the worker recorded it, in match order; empty before kick-off. */
  liveProbabilityHistory: LiveProbabilityTick[];
  /** 'Updated Ns ago' for a live match with a provider update time. */
  updatedAgo: string | null;
  /** The milliseconds behind that text, from which the browser counts on between refreshes. */
  updatedAgoMs: number | null;
  stats: { label: string; home: number | null; away: number | null }[];
  preview: MatchPreview | null;
}

/** 'Updated Ns ago' and the elapsed time it is made from, or nulls. */
function updatedAgoOf(elapsedMs: number | null): Pick<MatchDetail, "updatedAgo" | "updatedAgoMs"> {
  if (elapsedMs === null) return { updatedAgo: null, updatedAgoMs: null };
  const ms = Math.max(0, elapsedMs);
  return { updatedAgo: formatUpdatedAgo(ms), updatedAgoMs: ms };
}

/** What a match record says beyond its card without further reads. */
export type MatchSummary = MatchCard &
  Pick<
    MatchDetail,
    | "venue"
    | "referee"
    | "lastApiUpdate"
    | "leagueName"
    | "probabilities"
    | "updatedAgo"
    | "updatedAgoMs"
    | "stats"
    | "preview"
  >;

export function summaryOf(context: ReadContext, row: FixtureRow, inputs: PickInputs): MatchSummary {
  const { card, preview: matchPreview } = cardOf(row, inputs);
  const { fixture } = row;
  const prediction = inputs.predictions.get(fixture.id);
  const stat = (label: string, home: number | null, away: number | null) => ({ label, home, away });
  return {
    ...card,
    venue: fixture.venue,
    referee: fixture.referee,
    lastApiUpdate: fixture.lastApiUpdate?.toISOString() ?? null,
    leagueName: LEAGUES[fixture.league].name,
    probabilities: prediction
      ? {
          home: prediction.probHome,
          draw: prediction.probDraw,
          away: prediction.probAway,
          over25: prediction.probOver25,
          btts: prediction.probBtts,
          expectedGoalsHome: prediction.expectedGoalsHome,
          expectedGoalsAway: prediction.expectedGoalsAway,
          modelVersion: prediction.modelVersion,
        }
      : null,
    ...updatedAgoOf(
      fixture.matchState === "live" && fixture.lastApiUpdate
        ? context.clock.now().getTime() - fixture.lastApiUpdate.getTime()
        : null,
    ),
    stats: [
      stat("Shots", fixture.homeShots, fixture.awayShots),
      stat("Shots on target", fixture.homeShotsOnTarget, fixture.awayShotsOnTarget),
      stat("Corners", fixture.homeCorners, fixture.awayCorners),
      stat("Fouls", fixture.homeFouls, fixture.awayFouls),
      stat("Yellow cards", fixture.homeYellowCards, fixture.awayYellowCards),
      stat("Red cards", fixture.homeRedCards, fixture.awayRedCards),
    ].filter((s) => s.home !== null && s.away !== null),
    preview: matchPreview,
  };
}

export async function detailOf(context: ReadContext, row: FixtureRow, preview: boolean): Promise<MatchDetail> {
  const { fixture } = row;
  // One round of reads: none of them waits for another.
  const [inputs, prices, [homeForm, awayForm], [homeLineup, awayLineup], meetings, events, history] = await Promise.all(
    [
      pickInputs(context, [row], preview, { withScoreGrid: true }),
      oddsRows(context, fixture.id),
      recentForms(context, [fixture.homeTeamId, fixture.awayTeamId], fixture.kickoffAt),
      recentLineups(context, [fixture.homeTeamId, fixture.awayTeamId], referenceOf(row)),
      headToHead(context, row),
      matchEvents(context, fixture.id, { home: fixture.homeScore, away: fixture.awayScore }),
      fixture.matchState === "pre-match" ? [] : liveProbabilityHistory(context, fixture.id),
    ],
  );
  const summary = summaryOf(context, row, inputs);
  return {
    ...summary,
    odds: marketOddsOf(prices),
    oddsMovement: oddsMovement(prices, summary.probabilities),
    scoreProbabilities: scoreProbabilities(inputs.predictions.get(fixture.id)?.scoreGrid?.map(Number)),
    stakes:
      fixture.matchState === "pre-match"
        ? matchStakesView(inputs.predictions.get(fixture.id)?.stakes, {
            home: summary.home.name,
            away: summary.away.name,
          })
        : null,
    form: { home: homeForm, away: awayForm },
    lineups: { home: homeLineup, away: awayLineup },
    headToHead: meetings,
    events,
    liveProbabilityHistory: history,
  };
}
