/**
 * The test page's fixture: Manchester United against Brighton & Hove Albion, either side at
 * home, as stored in our database. The next one (in play or still to come by the clock), else
 * the latest one, in the provider-style shape the spec names (teams.home.name, teams.away.name,
 * fixture.date, fixture.venue.name, fixture.id).
 */
import { and, asc, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fixtures, teams } from "@shared/db/schema";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { teamNameOrFallback } from "@shared/domain/format";
import { matchUrlById } from "@shared/domain/urls";
import { UNITED_BRIGHTON } from "@shared/operations/operator-services";
import type { AppContext } from "~/load-context";
import { checkInternalEndpoint, internalJson } from "./access.server";

export interface FixtureTeam {
  id: number;
  name: string;
  code: string | null;
}

export interface FoundFixture {
  /** Whether this is the next meeting (in play or to come) or, with none ahead, the latest. */
  when: "next" | "latest";
  fixture: {
    /** Our match id. */
    id: number;
    /** Kick-off, ISO 8601 UTC. */
    date: string;
    /** The stored venue, else the home club's ground. */
    venue: { name: string | null };
    /** The provider's short status (NS, 2H, FT...), when stored. */
    status: string | null;
    state: "pre-match" | "live" | "post-match";
    apiFootballFixtureId: number | null;
  };
  league: { key: LeagueKey; name: string; season: string };
  teams: { home: FixtureTeam; away: FixtureTeam };
  goals: { home: number | null; away: number | null };
  /** /match/{id}: exactly this match, also when it is from another season than the clock's. */
  matchUrl: string;
}

const homeTeams = alias(teams, "home_team");
const awayTeams = alias(teams, "away_team");

/** Meetings of the two clubs, either side at home, that also meet `when`. */
function selectMeetings({ db }: Pick<AppContext, "db">, when: SQL | undefined) {
  const { home, away } = UNITED_BRIGHTON;
  return db.db
    .select({
      fixture: fixtures,
      home: { name: homeTeams.name, code: homeTeams.code, venue: homeTeams.venue },
      away: { name: awayTeams.name, code: awayTeams.code },
    })
    .from(fixtures)
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId))
    .where(
      and(
        eq(fixtures.isActive, true),
        or(
          and(eq(fixtures.homeTeamId, home.id), eq(fixtures.awayTeamId, away.id)),
          and(eq(fixtures.homeTeamId, away.id), eq(fixtures.awayTeamId, home.id)),
        ),
        when,
      ),
    );
}

type MeetingRow = Awaited<ReturnType<typeof selectMeetings>>[number];

function foundFixture(row: MeetingRow, when: FoundFixture["when"]): FoundFixture {
  const { fixture } = row;
  return {
    when,
    fixture: {
      id: fixture.id,
      date: fixture.kickoffAt.toISOString(),
      venue: { name: fixture.venue ?? row.home?.venue ?? null },
      status: fixture.status,
      state: fixture.matchState,
      apiFootballFixtureId: fixture.apiFootballFixtureId,
    },
    league: { key: fixture.league, name: LEAGUES[fixture.league].name, season: fixture.season },
    teams: {
      home: {
        id: fixture.homeTeamId,
        name: teamNameOrFallback(row.home?.name, fixture.homeTeamId),
        code: row.home?.code ?? null,
      },
      away: {
        id: fixture.awayTeamId,
        name: teamNameOrFallback(row.away?.name, fixture.awayTeamId),
        code: row.away?.code ?? null,
      },
    },
    goals: { home: fixture.homeScore, away: fixture.awayScore },
    matchUrl: matchUrlById(fixture.id),
  };
}

/** The next Manchester United v Brighton meeting by the clock, else the latest; null when none is stored. */
export async function findUnitedBrightonFixture(
  context: Pick<AppContext, "db" | "clock">,
): Promise<FoundFixture | null> {
  const now = context.clock.now();
  const [next] = await selectMeetings(context, or(eq(fixtures.matchState, "live"), gte(fixtures.kickoffAt, now)))
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id))
    .limit(1);
  if (next) return foundFixture(next, "next");
  const [latest] = await selectMeetings(context, lt(fixtures.kickoffAt, now))
    .orderBy(desc(fixtures.kickoffAt), desc(fixtures.id))
    .limit(1);
  return latest ? foundFixture(latest, "latest") : null;
}

/** GET /api/find-united-brighton: the fixture, or a 404 saying none is stored. */
export async function handleFindUnitedBrighton(
  request: Request,
  context: Pick<AppContext, "env" | "db" | "clock">,
): Promise<Response> {
  const denied = checkInternalEndpoint(request, context.env);
  if (denied) return denied;
  try {
    const found = await findUnitedBrightonFixture(context);
    if (found) return internalJson(200, found);
    return internalJson(404, {
      error: "No Manchester United v Brighton & Hove Albion fixture is stored yet.",
    });
  } catch (error) {
    console.error("Finding the Manchester United v Brighton fixture failed:", error);
    return internalJson(500, { error: `The database could not be read: ${(error as Error).message}` });
  }
}
