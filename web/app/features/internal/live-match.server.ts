/**
 * The test page's live-data check: the first match in play by the database (the live job keeps
 * status, minute and score there), with its goals and cards, or a plain "none is live".
 */
import { asc, count, eq } from "drizzle-orm";
import { fixtures } from "@shared/db/schema";
import type { AppContext } from "~/load-context";
import type { MatchEvent } from "../match/match-detail-sections.server";
import { getMatchById } from "../match/match-lookups.server";
import { checkInternalEndpoint, internalJson } from "./access.server";

export const NO_LIVE_MATCH_TEXT = "No match is live right now.";

export interface LiveMatchAnswer {
  live: true;
  /** How many matches are in play; this is the first to kick off. */
  inPlay: number;
  match: {
    id: number;
    league: string;
    homeTeam: string;
    awayTeam: string;
    homeScore: number | null;
    awayScore: number | null;
    liveMinute: number | null;
    injuryTime: number | null;
    /** The provider's short status (1H, HT, 2H...). */
    status: string | null;
    kickoffAt: string;
    events: MatchEvent[];
    /** When the worker last wrote the match from its provider, ISO 8601. */
    lastUpdated: string | null;
    matchUrl: string;
  };
}

export interface NoLiveMatchAnswer {
  live: false;
  message: typeof NO_LIVE_MATCH_TEXT;
  /** The clock's moment of the check, ISO 8601. */
  checkedAt: string;
}

export async function getFirstLiveMatch(
  context: Pick<AppContext, "db" | "clock" | "content">,
): Promise<LiveMatchAnswer | NoLiveMatchAnswer> {
  const live = eq(fixtures.matchState, "live");
  const [first] = await context.db.db
    .select({ id: fixtures.id, lastApiUpdate: fixtures.lastApiUpdate })
    .from(fixtures)
    .where(live)
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id))
    .limit(1);
  const match = first ? await getMatchById(context, first.id, false) : null;
  if (!first || !match)
    return { live: false, message: NO_LIVE_MATCH_TEXT, checkedAt: context.clock.now().toISOString() };
  const [{ inPlay }] = await context.db.db.select({ inPlay: count() }).from(fixtures).where(live);
  return {
    live: true,
    inPlay,
    match: {
      id: match.id,
      league: match.leagueName,
      homeTeam: match.home.name,
      awayTeam: match.away.name,
      homeScore: match.homeScore,
      awayScore: match.awayScore,
      liveMinute: match.minute,
      injuryTime: match.injuryTime,
      status: match.status,
      kickoffAt: match.kickoffAt,
      events: match.events,
      lastUpdated: first.lastApiUpdate?.toISOString() ?? null,
      matchUrl: match.href,
    },
  };
}

/** GET /api/live-match: the first match in play, or `live: false` when none is. */
export async function handleLiveMatch(
  request: Request,
  context: Pick<AppContext, "env" | "db" | "clock" | "content">,
): Promise<Response> {
  const denied = checkInternalEndpoint(request, context.env);
  if (denied) return denied;
  try {
    return internalJson(200, await getFirstLiveMatch(context));
  } catch (error) {
    console.error("Reading the live match failed:", error);
    return internalJson(500, { error: `The database could not be read: ${(error as Error).message}` });
  }
}
