import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "@shared/db/prepared-queries";
import { fixtures, matchOfTheWeek } from "@shared/db/schema";
import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { leagueUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import { pickInputs, type MatchCard } from "../match/match-card.server";
import { summaryOf, type MatchSummary } from "../match/match-detail.server";
import { selectWeekRows, topWeekCardByLeague } from "../match/match-lists.server";
import { selectFixturesOf, type FixtureRow } from "../match/match-rows.server";
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

/** This week's featured fixture, as the worker's rotation recorded it: one statement (null: none this week). */
async function selectMatchOfTheWeekRow(context: ReadContext): Promise<FixtureRow | null> {
  const weekStart = matchweekWindow(context.clock.now()).from.toISOString().slice(0, 10);
  const [row] = await preparedQuery(context.db.db, "home:match-of-the-week", (db) =>
    selectFixturesOf(db)
      .innerJoin(matchOfTheWeek, eq(matchOfTheWeek.fixtureId, fixtures.id))
      .where(eq(matchOfTheWeek.weekStartDate, sql.placeholder("weekStart")))
      .limit(1),
  ).execute({ weekStart });
  return row ?? null;
}

/**
 * This week's featured match, as the worker's rotation recorded it (the home page shows it in
 * the match view's embedded mode, embeddedMatch); null shows 'Coming Soon'. Three statements.
 */
export async function getMatchOfTheWeek(context: ReadContext, preview: boolean): Promise<MatchSummary | null> {
  const row = await selectMatchOfTheWeekRow(context);
  return row ? summaryOf(context, row, await pickInputs(context, [row], preview)) : null;
}

export interface TopLeaguePick {
  league: LeagueKey;
  leagueName: string;
  leagueHref: string;
  /** The league's first-ranked match this week; null shows 'Coming Soon'. */
  match: HomePickMatch | null;
}

function topLeaguePicksOf(matches: Map<LeagueKey, MatchCard | null>): TopLeaguePick[] {
  return ALL_LEAGUES.map((league) => {
    const top = matches.get(league.key) ?? null;
    return {
      league: league.key,
      leagueName: league.name,
      leagueHref: leagueUrl(league.key),
      match: top ? homePick(top) : null,
    };
  });
}

const LEAGUE_KEYS = ALL_LEAGUES.map((league) => league.key);

/** One card per league: its highest-ranked match of the week. Three statements. */
export async function getTopLeaguePicks(context: ReadContext, preview: boolean): Promise<TopLeaguePick[]> {
  const week = await selectWeekRows(context, LEAGUE_KEYS);
  return topLeaguePicksOf(topWeekCardByLeague(week, LEAGUE_KEYS, await pickInputs(context, week, preview)));
}

/**
 * The home page's picks: the Match of the Week and each league's top pick, as getMatchOfTheWeek
 * and getTopLeaguePicks give them, in four statements instead of six: the featured fixture and
 * the week's fixtures, then the predictions and ledger rows of all of them at once.
 */
export async function getHomePicks(
  context: ReadContext,
  preview: boolean,
): Promise<{ matchOfTheWeek: MatchSummary | null; topLeaguePicks: TopLeaguePick[] }> {
  const [featured, week] = await Promise.all([selectMatchOfTheWeekRow(context), selectWeekRows(context, LEAGUE_KEYS)]);
  const inputs = await pickInputs(context, featured ? [...week, featured] : week, preview);
  return {
    matchOfTheWeek: featured ? summaryOf(context, featured, inputs) : null,
    topLeaguePicks: topLeaguePicksOf(topWeekCardByLeague(week, LEAGUE_KEYS, inputs)),
  };
}
