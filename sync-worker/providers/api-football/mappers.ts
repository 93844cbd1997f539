/**
 * API-Football shapes → the provider contract's records (providers/types.ts). Pure: each function
 * maps an item or says, in words fit for a log line, why it is rejected (an unknown team, a
 * status code we do not know, a finished match without a score...). Team ids need no
 * translation: our team ids are API-Football's, so a provider team is looked up in the registry
 * by id, and one the registry does not have is rejected, never guessed. This module holds what
 * every mapper shares (the Mapped result, season codes, the registry and league look-ups); the
 * mappers are in fixture-mappers.ts (fixtures, events, lineups), player-mappers.ts,
 * standings-mappers.ts (standings, teams, team statistics) and odds-mappers.ts.
 */
import { leagueByApiFootballId, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import { getTeamById } from "@shared/domain/teams/registry";
import type { Team } from "@shared/domain/teams/types";

export type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

export const ok = <T>(value: T): Mapped<T> => ({ ok: true, value });
export const rejected = <T>(reason: string): Mapped<T> => ({ ok: false, reason });

/** Records mapped from one item, and the reasons for the parts left out. */
export interface MappedRows<T> {
  rows: T[];
  rejections: string[];
}

/** The API-Football season (the year it starts) as our season code: 2025 → '2526'. */
export function seasonCodeOfYear(year: number): string {
  return seasonCodeFor(new Date(Date.UTC(year, 6, 1)));
}

/** Our season code as the API-Football season: '2526' → 2025. */
export function seasonYearOfCode(code: string): number {
  const match = /^(\d{2})(\d{2})$/.exec(code);
  if (!match || (Number(match[1]) + 1) % 100 !== Number(match[2])) {
    throw new RangeError(`Not a season code like '2526': ${code}`);
  }
  return 2000 + Number(match[1]);
}

export function registryTeam(id: number, name: string | null | undefined): Mapped<Team> {
  const team = getTeamById(id);
  if (team) return ok(team);
  return rejected(`unknown team: API-Football team ${id} "${name ?? "?"}" is not in the team registry`);
}

export function leagueOf(apiLeagueId: number): Mapped<LeagueKey> {
  const league = leagueByApiFootballId(apiLeagueId);
  return league ? ok(league.key) : rejected(`league ${apiLeagueId} is not one of the five leagues`);
}

export const n = (value: number | null | undefined) => value ?? 0;
