/**
 * The fixture rows every match read starts from: a fixture joined with its two teams, the
 * teams and canonical URL of such a row, and the read context the match reads take.
 */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fixtures, teams } from "@shared/db/schema";
import { teamNameOrFallback } from "@shared/domain/format";
import { matchUrl, matchUrlById } from "@shared/domain/urls";
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

export const fixtureColumns = {
  fixture: fixtures,
  homeName: homeTeams.name,
  homeSlug: homeTeams.slug,
  homeCode: homeTeams.code,
  awayName: awayTeams.name,
  awaySlug: awayTeams.slug,
  awayCode: awayTeams.code,
};

export type FixtureRow = Awaited<ReturnType<typeof selectFixtures>>[number];

export function selectFixtures({ db }: Pick<AppContext, "db">) {
  return db.db
    .select(fixtureColumns)
    .from(fixtures)
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId));
}

export function teamsOf(row: FixtureRow): { home: MatchTeam; away: MatchTeam } {
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

export function hrefOf(row: FixtureRow): string {
  return row.homeSlug && row.awaySlug
    ? matchUrl(row.fixture.league, row.homeSlug, row.awaySlug)
    : matchUrlById(row.fixture.id);
}
