/**
 * Surrogate keys: every public answer names what it was built from, so that a caching proxy or
 * CDN in front can drop exactly those answers when the data changes (docs/decisions/012-caching-proxy.md).
 *
 * - The data scopes it depends on (`data`, `live`, `content`: shared/db/data-versions.ts). Every
 *   write bumps one of them and every web process purges it: a live tick purges only the answers
 *   that show a match in play, a result or a publish purges the pages built from stored data.
 * - The league, match, club, player or day its route names (`league-premier-league`,
 *   `match-4182`, `club-arsenal`, `player-1234`, `day-2026-02-07`), for a purge aimed at one
 *   of them from a script or the proxy's own console.
 *
 * Sent as `Surrogate-Key` (space-separated: Varnish, Fastly) and `Cache-Tag` (comma-separated:
 * Cloudflare, Akamai).
 */
import type { DataScope } from "@shared/db/data-versions";
import { ALL_LEAGUES, findLeagueKey, leagueByApiFootballId } from "@shared/domain/leagues";
import { getTeamById } from "@shared/domain/teams/registry";
import type { RouteMatch } from "../route-match";

/** A key is short, lower-case letters, digits and hyphens: safe in a header and in a ban expression. */
export const SURROGATE_KEY = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** At most this many keys on one answer (an API answer about two clubs names about six). */
const MAX_KEYS = 16;

function slug(value: string | undefined): string | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  return /^[a-z0-9][a-z0-9-]{0,63}$/.test(lower) ? lower : null;
}

/** One key per league whatever the URL calls it: `premier-league-predictions`, `premier-league`, `39`. */
function leagueKey(value: string | undefined): string | null {
  if (!value) return null;
  const text = value.toLowerCase().replace(/-predictions$/, "");
  const league =
    ALL_LEAGUES.find((l) => l.urlSlug === text) ??
    (/^\d{1,6}$/.test(text) ? leagueByApiFootballId(Number(text)) : null) ??
    ALL_LEAGUES.find((l) => l.key === findLeagueKey(text));
  return league ? `league-${league.key}` : null;
}

function clubKey(value: string | undefined, byId: boolean): string | null {
  if (!value) return null;
  if (byId) {
    const id = Number(value);
    const team = Number.isInteger(id) && id > 0 ? getTeamById(id) : null;
    return team ? `club-${team.slug}` : null;
  }
  const name = slug(value);
  return name ? `club-${name}` : null;
}

/** The keys of an answer: its scopes first, then what its route names. */
export function surrogateKeys(dependsOn: readonly DataScope[], route: RouteMatch | null): string[] {
  const keys = new Set<string>(dependsOn);
  if (route) {
    const p = route.params;
    const aboutPlayers = route.id.includes("players.$id");
    for (const league of [p.league, p.leaguePage, p.leagueId]) {
      const key = leagueKey(league);
      if (key) keys.add(key);
    }
    for (const [value, byId] of [
      [p.team, false],
      [p.teamSlug, false],
      [p.homeTeam, false],
      [p.awayTeam, false],
      [p.teamId, true],
      [p.homeTeamId, true],
      [p.awayTeamId, true],
    ] as const) {
      const club = clubKey(value, byId);
      if (club) keys.add(club);
    }
    const matchId = slug(aboutPlayers ? undefined : (p.id ?? p.fixtureId));
    if (matchId) keys.add(`match-${matchId}`);
    const matchup = slug(p.matchup);
    if (matchup) keys.add(`match-${matchup}`);
    const player = slug(aboutPlayers ? p.id : p.player);
    if (player) keys.add(`player-${player}`);
    const day = slug(p.day);
    if (day) keys.add(`day-${day}`);
  }
  return [...keys].filter((key) => SURROGATE_KEY.test(key)).slice(0, MAX_KEYS);
}

/** The two header forms of a set of keys, as `[name, value]` pairs. */
export function surrogateKeyHeaders(keys: readonly string[]): Array<[string, string]> {
  if (keys.length === 0) return [];
  return [
    ["surrogate-key", keys.join(" ")],
    ["cache-tag", keys.join(",")],
  ];
}
