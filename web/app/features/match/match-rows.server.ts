/**
 * The fixture rows every match read starts from: a fixture joined with its two teams, the
 * teams and canonical URL of such a row, and the read context the match reads take.
 */
import { eq } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { fixtures, teams } from "@shared/db/schema";
import { teamNameOrFallback } from "@shared/domain/format";
import { matchUrl, matchUrlById } from "@shared/domain/urls";
import type { Database } from "@shared/db";
import type { AppContext } from "~/load-context";

export type ReadContext = Pick<AppContext, "db" | "clock" | "content">;

export interface MatchTeam {
  id: number;
  name: string;
  slug: string | null;
  /** The club's 3-letter code. */
  code: string | null;
}

export const homeTeams = alias(teams, "home_team");
export const awayTeams = alias(teams, "away_team");

/** The names, slugs and codes of a fixture's two teams, beside its own columns in every match read. */
const teamColumns = {
  homeName: homeTeams.name,
  homeSlug: homeTeams.slug,
  homeCode: homeTeams.code,
  awayName: awayTeams.name,
  awaySlug: awayTeams.slug,
  awayCode: awayTeams.code,
};

export const fixtureColumns = { fixture: fixtures, ...teamColumns };

export type FixtureRow = Awaited<ReturnType<typeof selectFixtures>>[number];

export function selectFixtures({ db }: Pick<AppContext, "db">) {
  return selectFixturesOf(db.db);
}

/** selectFixtures on a database itself (for a statement prepared once, @shared/db/prepared-queries). */
export function selectFixturesOf(db: Database) {
  return db
    .select(fixtureColumns)
    .from(fixtures)
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId));
}

/**
 * The columns a match card is made of (match-card.server.ts's cardOf), for the lists of cards:
 * 13 of a fixture's 36. The week's 47 fixtures on the embedded database: 2.1 ms a statement with
 * every column, 1.7 ms with these (the statement itself runs in 1.1 ms; the rest is handing the
 * rows over).
 */
export const cardFixtureColumns = {
  fixture: {
    id: fixtures.id,
    league: fixtures.league,
    season: fixtures.season,
    kickoffAt: fixtures.kickoffAt,
    homeTeamId: fixtures.homeTeamId,
    awayTeamId: fixtures.awayTeamId,
    matchState: fixtures.matchState,
    status: fixtures.status,
    liveMinute: fixtures.liveMinute,
    injuryTime: fixtures.injuryTime,
    homeScore: fixtures.homeScore,
    awayScore: fixtures.awayScore,
    apiFootballFixtureId: fixtures.apiFootballFixtureId,
  },
  ...teamColumns,
};

/** A fixture row with what a match card shows (every FixtureRow is one too). */
export type CardFixtureRow = Awaited<ReturnType<typeof selectCardFixtures<Record<never, never>>>>[number];

/** As selectFixtures, with the card's columns only (and `extra` columns beside them). */
export function selectCardFixtures<Extra extends SelectedFields = Record<never, never>>(
  { db }: Pick<AppContext, "db">,
  extra?: Extra,
) {
  return selectCardFixturesOf(db.db, extra);
}

/** selectCardFixtures on a database itself (for a statement prepared once, @shared/db/prepared-queries). */
export function selectCardFixturesOf<Extra extends SelectedFields = Record<never, never>>(db: Database, extra?: Extra) {
  return db
    .select({ ...cardFixtureColumns, ...(extra as Extra) })
    .from(fixtures)
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId));
}

export function teamsOf(row: CardFixtureRow): { home: MatchTeam; away: MatchTeam } {
  return {
    home: {
      id: row.fixture.homeTeamId,
      name: teamNameOrFallback(row.homeName, row.fixture.homeTeamId),
      slug: row.homeSlug,
      code: row.homeCode,
    },
    away: {
      id: row.fixture.awayTeamId,
      name: teamNameOrFallback(row.awayName, row.fixture.awayTeamId),
      slug: row.awaySlug,
      code: row.awayCode,
    },
  };
}

export function hrefOf(row: CardFixtureRow): string {
  return row.homeSlug && row.awaySlug
    ? matchUrl(row.fixture.league, row.homeSlug, row.awaySlug)
    : matchUrlById(row.fixture.id);
}
