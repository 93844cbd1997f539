import { eq } from "drizzle-orm";
import { matchOfTheWeek } from "@shared/db/schema";
import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { leagueUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import type { MatchCard } from "../match/match-card.server";
import type { MatchSummary } from "../match/match-detail.server";
import { listWeekMatches } from "../match/match-lists.server";
import { getMatchSummaryById } from "../match/match-lookups.server";
import { matchweekWindow } from "../match/matchweeks.server";

type ReadContext = Pick<AppContext, "db" | "clock" | "content">;

/** What a home page pick card shows of a match (the spec's top league pick fields). */
export type HomePickMatch = Pick<
  MatchCard,
  | "id"
  | "league"
  | "href"
  | "kickoffAt"
  | "state"
  | "status"
  | "home"
  | "away"
  | "homeScore"
  | "awayScore"
  | "minute"
  | "injuryTime"
  | "resolution"
>;

function homePick(match: MatchCard): HomePickMatch {
  // The provider's status too: at half-time the card says HT, not 45'.
  const {
    id,
    league,
    href,
    kickoffAt,
    state,
    status,
    home,
    away,
    homeScore,
    awayScore,
    minute,
    injuryTime,
    resolution,
  } = match;
  return {
    id,
    league,
    href,
    kickoffAt,
    state,
    status,
    home,
    away,
    homeScore,
    awayScore,
    minute,
    injuryTime,
    resolution,
  };
}

/**
 * This week's featured match, as the worker's rotation recorded it (the home page shows it in
 * the match view's embedded mode, embeddedMatch); null shows 'Coming Soon'.
 */
export async function getMatchOfTheWeek(context: ReadContext, preview: boolean): Promise<MatchSummary | null> {
  const weekStart = matchweekWindow(context.clock.now()).from.toISOString().slice(0, 10);
  const [week] = await context.db.db
    .select({ fixtureId: matchOfTheWeek.fixtureId })
    .from(matchOfTheWeek)
    .where(eq(matchOfTheWeek.weekStartDate, weekStart))
    .limit(1);
  if (!week?.fixtureId) return null;
  const match = await getMatchSummaryById(context, week.fixtureId, preview);
  return match;
}

export interface TopLeaguePick {
  league: LeagueKey;
  leagueName: string;
  leagueHref: string;
  /** The league's first-ranked match this week; null shows 'Coming Soon'. */
  match: HomePickMatch | null;
}

/** One card per league: its highest-ranked match of the week. */
export async function getTopLeaguePicks(context: ReadContext, preview: boolean): Promise<TopLeaguePick[]> {
  const matches = await listWeekMatches(
    context,
    ALL_LEAGUES.map((league) => league.key),
    preview,
  );
  return ALL_LEAGUES.map((league) => {
    const [top] = matches.get(league.key) ?? [];
    return {
      league: league.key,
      leagueName: league.name,
      leagueHref: leagueUrl(league.key),
      match: top ? homePick(top) : null,
    };
  });
}
