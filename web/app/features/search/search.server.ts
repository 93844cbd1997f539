/**
 * The search index of the running process: built from the team registry and the database the
 * first time it is needed, and again after the worker writes (the `data` version moves) or
 * the matchweek turns. Queries are answered from memory.
 */
import { desc, eq } from "drizzle-orm";
import { readDataVersions } from "@shared/db/data-versions";
import { players, playerSeasonStats } from "@shared/db/schema";
import { LEAGUE_KEYS, LEAGUES } from "@shared/domain/leagues";
import { getTeamById, pickNamesOf, TEAMS } from "@shared/domain/teams/registry";
import { playerSlug, playerUrl, teamUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import { listWeekMatches } from "../match/match-lists.server";
import { matchweekWindow } from "../match/matchweeks.server";
import {
  buildSearchIndex,
  type MatchEntry,
  type SearchEntry,
  type SearchIndex,
  type SearchResult,
} from "./search-index";

type SearchContext = Pick<AppContext, "db" | "clock" | "content">;

/** The versions are re-read at most this often (the page cache learns of writes as fast). */
const VERSION_CHECK_MS = 1_000;

const KICKOFF = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** Clubs of the current seasons, by every name the registry knows. */
export function teamEntries(): SearchEntry[] {
  return TEAMS.filter((team) => Object.keys(team.seasons).length > 0).map((team) => ({
    kind: "team",
    label: team.name,
    detail: LEAGUES[team.league].name,
    href: teamUrl(team.league, team.slug),
    names: [...pickNamesOf(team), team.code],
  }));
}

async function matchEntries(context: SearchContext): Promise<MatchEntry[]> {
  const byLeague = await listWeekMatches(context, LEAGUE_KEYS, false);
  return [...byLeague.values()].flat().map((match) => {
    const names = (team: { id: number; name: string }) => {
      const known = getTeamById(team.id);
      return known ? [team.name, ...pickNamesOf(known)] : [team.name];
    };
    const when = match.state === "live" ? "Live now" : `${KICKOFF.format(new Date(match.kickoffAt))} UTC`;
    return {
      kind: "match",
      label: `${match.home.name} vs ${match.away.name}`,
      detail: `${LEAGUES[match.league].name} · ${when}`,
      href: match.href,
      home: names(match.home),
      away: names(match.away),
      finished: match.state === "post-match",
    };
  });
}

/** Every player with season figures, at the club of his latest season (most appearances). */
async function playerEntries({ db }: SearchContext): Promise<SearchEntry[]> {
  const rows = await db.db
    .select({
      id: players.id,
      name: players.name,
      firstname: players.firstname,
      lastname: players.lastname,
      teamId: playerSeasonStats.teamId,
      league: playerSeasonStats.league,
    })
    .from(players)
    .innerJoin(playerSeasonStats, eq(playerSeasonStats.playerId, players.id))
    .orderBy(desc(playerSeasonStats.season), desc(playerSeasonStats.appearances), playerSeasonStats.teamId);
  const entries = new Map<number, SearchEntry>();
  for (const row of rows) {
    const team = getTeamById(row.teamId);
    if (entries.has(row.id) || !team) continue;
    const fullName = [row.firstname, row.lastname].filter(Boolean).join(" ");
    entries.set(row.id, {
      kind: "player",
      label: row.name,
      detail: team.name,
      href: playerUrl(row.league, team.slug, playerSlug(row.name, row.id)),
      names: fullName ? [fullName] : [],
    });
  }
  return [...entries.values()];
}

/** A part that cannot be read leaves its results out: search never fails for it. */
async function orNothing<T>(read: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    console.warn(`search: ${what} left out of the index: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

export async function buildSiteSearchIndex(context: SearchContext): Promise<SearchIndex> {
  const [matches, playerList] = await Promise.all([
    orNothing(() => matchEntries(context), "this week's matches"),
    orNothing(() => playerEntries(context), "players"),
  ]);
  return buildSearchIndex([...teamEntries(), ...playerList], matches);
}

interface Cached {
  key: string;
  index: Promise<SearchIndex>;
  checkedAt: number;
}

const cached = new WeakMap<object, Cached>();

async function currentKey(context: SearchContext): Promise<string> {
  const versions = await readDataVersions(context.db);
  return `${versions.data}:${matchweekWindow(context.clock.now()).from.toISOString()}`;
}

/** The index for the data as it is now (within a second). */
export async function getSearchIndex(context: SearchContext): Promise<SearchIndex> {
  const entry = cached.get(context.db);
  const now = Date.now();
  if (entry && now - entry.checkedAt < VERSION_CHECK_MS) return entry.index;
  let key: string;
  try {
    key = await currentKey(context);
  } catch {
    // The versions cannot be read: the index we have is better than none.
    if (entry) return entry.index;
    key = "unknown";
  }
  if (entry && entry.key === key) {
    entry.checkedAt = now;
    return entry.index;
  }
  const index = buildSiteSearchIndex(context);
  cached.set(context.db, { key, index, checkedAt: now });
  // A failed build is retried on the next search.
  index.catch(() => cached.delete(context.db));
  return index;
}

export const SEARCH_SUGGESTION_LIMIT = 8;
export const SEARCH_PAGE_LIMIT = 30;

export async function searchSite(context: SearchContext, query: string, limit: number): Promise<SearchResult[]> {
  return (await getSearchIndex(context)).search(query, limit);
}
