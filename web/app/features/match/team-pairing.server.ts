/**
 * Two teams as a match of a league pairs them, for the per-match blocks read on their own
 * (lineups, form, key players): the pairing's fixture, and the lineup and form up to it.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { fixtures, teams } from "@shared/db/schema";
import type { LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import type { MatchState } from "@shared/domain/picks";
import type { AppContext } from "~/load-context";
import {
  recentForm,
  recentLineup,
  referenceOf,
  type FormEntry,
  type MatchReference,
  type TeamLineup,
} from "./match-detail-sections.server";
import { selectFixtures, teamsOf, type MatchTeam } from "./match-rows.server";

/**
 * A pairing's fixture in a league: the one in the clock's season, else the most recent one.
 * `pairing` names the two teams (by slug or by id).
 */
export function pairingFixture(context: Pick<AppContext, "db" | "clock">, league: LeagueKey, pairing: SQL | undefined) {
  const season = seasonCodeFor(context.clock.now());
  return selectFixtures(context)
    .where(and(eq(fixtures.league, league), pairing))
    .orderBy(sql`${fixtures.season} = ${season} desc`, desc(fixtures.kickoffAt))
    .limit(1);
}

/** Two clubs as a match of a league would pair them, and the moment their lineups and form are read up to. */
export interface TeamPairing {
  league: LeagueKey;
  home: MatchTeam;
  away: MatchTeam;
  /** The pairing's match (as getMatchBySlugs finds it); null when the two never met in the league. */
  match: { id: number; season: string; kickoffAt: string; state: MatchState } | null;
  /** The match's fixture and kick-off, or the clock's now when there is no match. */
  reference: MatchReference;
}

/**
 * The pairing of two teams by id, for the per-match blocks read on their own (lineups, form,
 * key players): the same match the match page shows, so the blocks match the page. Null when
 * either team is unknown.
 */
export async function getTeamPairing(
  context: Pick<AppContext, "db" | "clock">,
  league: LeagueKey,
  homeTeamId: number,
  awayTeamId: number,
): Promise<TeamPairing | null> {
  const [row] = await pairingFixture(
    context,
    league,
    and(eq(fixtures.homeTeamId, homeTeamId), eq(fixtures.awayTeamId, awayTeamId)),
  );
  if (row) {
    const { fixture } = row;
    return {
      league,
      ...teamsOf(row),
      match: {
        id: fixture.id,
        season: fixture.season,
        kickoffAt: fixture.kickoffAt.toISOString(),
        state: fixture.matchState,
      },
      reference: referenceOf(row),
    };
  }
  const clubs = await context.db.db
    .select({ id: teams.id, name: teams.name, slug: teams.slug, code: teams.code })
    .from(teams)
    .where(inArray(teams.id, [homeTeamId, awayTeamId]));
  const home = clubs.find((club) => club.id === homeTeamId);
  const away = clubs.find((club) => club.id === awayTeamId);
  if (!home || !away) return null;
  return { league, home, away, match: null, reference: { fixtureId: null, kickoffAt: context.clock.now() } };
}

/** A team's most recent lineup up to a match (its own lineup once announced), as the match page shows it. */
export function getTeamLineupBefore(
  context: Pick<AppContext, "db">,
  teamId: number,
  reference: MatchReference,
): Promise<TeamLineup | null> {
  return recentLineup(context, teamId, reference);
}

/** A team's last five finished matches before a match, newest first, as the match page shows them. */
export function getTeamFormBefore(
  context: Pick<AppContext, "db">,
  teamId: number,
  reference: MatchReference,
): Promise<FormEntry[]> {
  return recentForm(context, teamId, reference.kickoffAt);
}
