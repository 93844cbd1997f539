/**
 * Matchweeks: the matchweek window of the league pages, a league season's rounds, the matches
 * of one round (the matchweek pages) and of the week the league page shows.
 */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { preparedQuery } from "@shared/db/prepared-queries";
import { fixtures } from "@shared/db/schema";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { weekWindow } from "@shared/domain/matchweek";
import {
  leagueSchedule,
  leagueScheduleKey,
  matchesOfMatchweek,
  matchweeksAround,
  parseStoredLeagueSchedule,
  type LeagueSchedule,
} from "@shared/domain/matchweeks";
import type { PickOutcome } from "@shared/domain/picks";
import type { AppContext } from "~/load-context";
import { readModel, type ReadModelParser } from "~/read-models.server";
import { byPickConfidence, cardOf, pickInputs, pickInputsOf, type MatchCard } from "./match-card.server";
import { selectCardFixturesOf, selectFixtures, type ReadContext } from "./match-rows.server";

/**
 * The matchweek window of the league pages: Monday 00:00 UTC of the clock's week to the next
 * Monday, so a weekend round and the midweek round before it show together, and a round stays
 * on the page with its results until the week turns.
 */
export const matchweekWindow = weekWindow;

/** A match card of a matchweek page: the best pick's HIT/MISS is the ledger's settlement. */
export interface MatchweekCard extends MatchCard {
  /** Played away from its round's dates (postponed, brought forward, rescheduled). */
  moved: boolean;
}

export interface MatchweekMatches {
  schedule: LeagueSchedule;
  /** The matches shown in the matchweek, ranked like the league page's. */
  matches: MatchweekCard[];
}

/** One parser per league season, so that what it parsed is kept with the row's version (read-models.server.ts). */
const scheduleParsers = new Map<string, ReadModelParser<LeagueSchedule | null>>();

function scheduleParser(league: LeagueKey, season: string): ReadModelParser<LeagueSchedule | null> {
  const key = leagueScheduleKey(league, season);
  let parse = scheduleParsers.get(key);
  if (parse === undefined) {
    const { matchweeks } = LEAGUES[league];
    parse = (payload) => parseStoredLeagueSchedule(payload, league, season, matchweeks);
    // Five leagues' few seasons; the bound only guards against a season no page should ask for.
    if (scheduleParsers.size >= 200) scheduleParsers.clear();
    scheduleParsers.set(key, parse);
  }
  return parse;
}

/**
 * A league season's rounds: the schedule the worker stored with the season's fixtures
 * (store/league-schedules.ts), one small row; until it has stored one (a fresh database), the
 * rounds are computed here from the season's fixtures, so the pages work either way. The row is
 * read with any other read model the page asks for at the same time (read-models.server.ts).
 */
export async function getLeagueSchedule(
  context: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
): Promise<LeagueSchedule> {
  const { matchweeks } = LEAGUES[league];
  const stored = (await readModel(context, leagueScheduleKey(league, season), scheduleParser(league, season)))?.value;
  if (stored) return stored;
  const rows = await context.db.db
    .select({
      id: fixtures.id,
      kickoffAt: fixtures.kickoffAt,
      homeTeamId: fixtures.homeTeamId,
      awayTeamId: fixtures.awayTeamId,
    })
    .from(fixtures)
    .where(and(eq(fixtures.league, league), eq(fixtures.season, season), eq(fixtures.isActive, true)));
  return leagueSchedule(rows, matchweeks);
}

/**
 * The matches of one round of a league season (shared/domain/matchweeks.ts), ranked like the
 * league page: the season's stored schedule (one statement) names the round's fixtures, then
 * those fixtures, their predictions and their ledger rows are read by id together. A
 * kicked-off match shows the pick locked at kick-off and the outcome the ledger settled it with,
 * never one worked out again here; without a ledger row it shows no HIT or MISS.
 */
export async function listMatchweekMatches(
  context: ReadContext,
  league: LeagueKey,
  season: string,
  matchweek: number,
  preview: boolean,
): Promise<MatchweekMatches> {
  const schedule = await getLeagueSchedule(context, league, season);
  const ids = matchesOfMatchweek(schedule, matchweek);
  const [rows, inputs] = await Promise.all([
    ids.length === 0 ? [] : selectFixtures(context).where(and(inArray(fixtures.id, ids), eq(fixtures.isActive, true))),
    pickInputsOf(context, ids, [{ league, season }], preview),
  ]);
  const matches = rows.map((row): MatchweekCard => {
    const { card } = cardOf(row, inputs);
    const settled: PickOutcome =
      inputs.ledger.get(row.fixture.id)?.find((entry) => entry.pickKind === "best")?.outcome ?? "pending";
    const best = { ...card.resolution.picks.best, outcome: card.state === "pre-match" ? "pending" : settled };
    return {
      ...card,
      resolution: { ...card.resolution, picks: { ...card.resolution.picks, best } },
      moved: schedule.placements.get(row.fixture.id)?.moved ?? false,
    };
  });
  return { schedule, matches: matches.sort(byPickConfidence) };
}

/** The Monday after a week: a weekend round's last match may be on its evening. */
const ROUND_MONDAY_MS = 24 * 60 * 60 * 1000;

/**
 * The league page's matches, ranked like listLeagueMatches, with the season's rounds for its
 * links to this week's and the neighbouring matchweeks. The week is the round(s) the page names
 * ('This week: Round 25'): every match of those rounds, one on the Monday after the window
 * included, and any other match of the window still to be played or moved into it; a finished
 * match of an earlier round (last Monday's) is on its own matchweek's page, not here. The
 * stored schedule, then the fixtures, their predictions and ledger rows.
 */
export async function listLeagueWeek(
  context: ReadContext,
  league: LeagueKey,
  season: string,
  preview: boolean,
): Promise<{ matches: MatchCard[]; schedule: LeagueSchedule }> {
  const window = matchweekWindow(context.clock.now());
  // A weekend round ends on Monday evening, after the Monday-to-Monday window.
  const roundEnd = new Date(window.to.getTime() + ROUND_MONDAY_MS);
  // The schedule and the window's fixtures at once: which of them are this round's is decided after.
  const [schedule, windowRows] = await Promise.all([
    getLeagueSchedule(context, league, season),
    preparedQuery(context.db.db, "league-week:fixtures", (db) =>
      selectCardFixturesOf(db)
        .where(
          and(
            eq(fixtures.league, sql.placeholder("league")),
            eq(fixtures.isActive, true),
            gte(fixtures.kickoffAt, sql.placeholder("from")),
            lt(fixtures.kickoffAt, sql.placeholder("to")),
          ),
        )
        .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id)),
    ).execute({ league, from: window.from.toISOString(), to: roundEnd.toISOString() }),
  ]);
  const current = new Set(matchweeksAround(schedule, window).current);
  const rows = windowRows.filter((row) => {
    const placement = schedule.placements.get(row.fixture.id);
    const ofThisRound = placement !== undefined && current.has(placement.matchweek);
    if (row.fixture.kickoffAt >= window.to) return ofThisRound;
    return ofThisRound || !placement || placement.moved || row.fixture.matchState !== "post-match";
  });
  const inputs = await pickInputs(context, rows, preview);
  const matches = rows.map((row) => cardOf(row, inputs).card).sort(byPickConfidence);
  return { matches, schedule };
}
