/** The live state of a match the live score polls: state, score, minute, events and forecast. */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { fixtures, predictions } from "@shared/db/schema";
import type { MatchState } from "@shared/domain/picks";
import { preMatchForecast, type PreMatchForecast } from "@shared/model/live-match-probability";
import type { AppContext } from "~/load-context";
import { matchEvents, type MatchEvent } from "./match-detail-sections.server";

/** The part of a match the live score polls: state, score, minute and events. */
export interface LiveMatch {
  id: number;
  apiFootballFixtureId: number | null;
  state: MatchState;
  status: string | null;
  homeScore: number | null;
  awayScore: number | null;
  minute: number | null;
  injuryTime: number | null;
  events: MatchEvent[];
  /** When the worker last wrote the provider's live data; null before it has. */
  lastApiUpdate: string | null;
  /** The stored prediction (expected goals and published probabilities) the live win probability starts from; null without one. */
  forecast: PreMatchForecast | null;
}

/**
 * A match's live state by API-Football fixture id. A match the provider has not named (known
 * only from the CSV files) answers to its own id instead; a provider id wins if both match.
 */
export async function getLiveMatch(context: Pick<AppContext, "db">, fixtureId: number): Promise<LiveMatch | null> {
  const [fixture] = await context.db.db
    .select()
    .from(fixtures)
    .where(
      or(
        eq(fixtures.apiFootballFixtureId, fixtureId),
        and(isNull(fixtures.apiFootballFixtureId), eq(fixtures.id, fixtureId)),
      ),
    )
    .orderBy(sql`${fixtures.apiFootballFixtureId} is null`)
    .limit(1);
  if (!fixture) return null;
  const [prediction] = await context.db.db
    .select({
      home: predictions.probHome,
      draw: predictions.probDraw,
      away: predictions.probAway,
      over25: predictions.probOver25,
      btts: predictions.probBtts,
      expectedGoalsHome: predictions.expectedGoalsHome,
      expectedGoalsAway: predictions.expectedGoalsAway,
    })
    .from(predictions)
    .where(eq(predictions.fixtureId, fixture.id));
  return {
    id: fixture.id,
    apiFootballFixtureId: fixture.apiFootballFixtureId,
    state: fixture.matchState,
    status: fixture.status,
    homeScore: fixture.homeScore,
    awayScore: fixture.awayScore,
    minute: fixture.liveMinute,
    injuryTime: fixture.injuryTime,
    events: await matchEvents(context, fixture.id, { home: fixture.homeScore, away: fixture.awayScore }),
    lastApiUpdate: fixture.lastApiUpdate?.toISOString() ?? null,
    forecast: preMatchForecast(prediction),
  };
}
