/**
 * Lists of match cards: a league's or several leagues' matches of the clock's matchweek window,
 * every league's matches of a day, a league's fixtures between two moments.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { anyOf, preparedQuery } from "@shared/db/prepared-queries";
import { fixtures } from "@shared/db/schema";
import type { LeagueKey } from "@shared/domain/leagues";
import { byPickConfidence, cardOf, cardRankOf, pickInputs, type MatchCard, type PickInputs } from "./match-card.server";
import { selectCardFixtures, selectCardFixturesOf, type CardFixtureRow, type ReadContext } from "./match-rows.server";
import { matchweekWindow } from "./matchweeks.server";

/**
 * The league page's matches: the league's fixtures in the clock's matchweek window, ranked by
 * the confidence of their effective pick (highest first; kick-off breaks ties).
 */
export async function listLeagueMatches(
  context: ReadContext,
  league: LeagueKey,
  preview: boolean,
): Promise<MatchCard[]> {
  return (await listWeekMatches(context, [league], preview)).get(league) ?? [];
}

/**
 * The matches of several leagues in the clock's matchweek window, each league's ranked like
 * listLeagueMatches: three statements whatever the number of leagues (/picks; the home page reads
 * its rows with selectWeekRows and their pick inputs with the Match of the Week's).
 */
export async function listWeekMatches(
  context: ReadContext,
  leagues: readonly LeagueKey[],
  preview: boolean,
): Promise<Map<LeagueKey, MatchCard[]>> {
  const rows = await selectWeekRows(context, leagues);
  return weekCardsByLeague(rows, leagues, await pickInputs(context, rows, preview));
}

/** The fixtures of the clock's matchweek in `leagues`, in kick-off order: one statement. */
export async function selectWeekRows(context: ReadContext, leagues: readonly LeagueKey[]): Promise<CardFixtureRow[]> {
  if (leagues.length === 0) return [];
  const { from, to } = matchweekWindow(context.clock.now());
  return preparedQuery(context.db.db, "week-rows", (db) =>
    selectCardFixturesOf(db)
      .where(
        and(
          anyOf(fixtures.league, "leagues", "text"),
          eq(fixtures.isActive, true),
          gte(fixtures.kickoffAt, sql.placeholder("from")),
          lt(fixtures.kickoffAt, sql.placeholder("to")),
        ),
      )
      .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id)),
  ).execute({ leagues: [...leagues], from: from.toISOString(), to: to.toISOString() });
}

/** The week's cards of each league, most confident pick first, from rows read with selectWeekRows and their pick inputs. */
export function weekCardsByLeague(
  rows: readonly CardFixtureRow[],
  leagues: readonly LeagueKey[],
  inputs: PickInputs,
): Map<LeagueKey, MatchCard[]> {
  const byLeague = new Map<LeagueKey, MatchCard[]>(leagues.map((league) => [league, []]));
  for (const row of rows) byLeague.get(row.fixture.league)?.push(cardOf(row, inputs).card);
  for (const cards of byLeague.values()) cards.sort(byPickConfidence);
  return byLeague;
}

/**
 * Each league's first card of the week as weekCardsByLeague ranks them, null for a league without
 * a match: the home page shows one card per league of the week's 40-50 matches, and a whole card
 * (its resolution, its live chances) is worth building for those five only.
 */
export function topWeekCardByLeague(
  rows: readonly CardFixtureRow[],
  leagues: readonly LeagueKey[],
  inputs: PickInputs,
): Map<LeagueKey, MatchCard | null> {
  const best = new Map<LeagueKey, { row: CardFixtureRow; rank: ReturnType<typeof cardRankOf> }>();
  for (const row of rows) {
    if (!leagues.includes(row.fixture.league)) continue;
    const rank = cardRankOf(row, inputs);
    const current = best.get(row.fixture.league);
    if (!current || byPickConfidence(rank, current.rank) < 0) best.set(row.fixture.league, { row, rank });
  }
  return new Map(
    leagues.map((league) => {
      const top = best.get(league);
      return [league, top ? cardOf(top.row, inputs).card : null];
    }),
  );
}

/**
 * Every league's matches kicking off in [from, to) in kick-off order (the day pages, /today):
 * three statements, the fixtures then their predictions and ledger rows.
 */
export async function listMatchesBetween(
  context: ReadContext,
  from: Date,
  to: Date,
  preview: boolean,
): Promise<MatchCard[]> {
  const rows = await selectCardFixtures(context)
    .where(and(eq(fixtures.isActive, true), gte(fixtures.kickoffAt, from), lt(fixtures.kickoffAt, to)))
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
  const inputs = await pickInputs(context, rows, preview);
  return rows.map((row) => cardOf(row, inputs).card);
}

/** A league's fixtures kicking off in [from, to), earliest first, as cards (published content). */
export async function listFixturesBetween(
  context: ReadContext,
  league: LeagueKey,
  from: Date,
  to: Date,
): Promise<MatchCard[]> {
  const rows = await selectCardFixtures(context)
    .where(
      and(
        eq(fixtures.league, league),
        eq(fixtures.isActive, true),
        gte(fixtures.kickoffAt, from),
        lt(fixtures.kickoffAt, to),
      ),
    )
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
  const inputs = await pickInputs(context, rows, false);
  return rows.map((row) => cardOf(row, inputs).card);
}
