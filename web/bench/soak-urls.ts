/**
 * The distinct URLs of the memory soak, found on the running site:
 *
 * - the sitemap (home, picks, league, team list, team and the coming weeks' match pages);
 * - every match of the current and the previous season, as its page by id (/match/{id}) and its
 *   JSON record (/api/matches/{id}): the ids are sampled at a stride over the whole id range
 *   (/api/matches/{id} names each match's season) and every id of a stretch where the sample
 *   is of one of the two seasons is taken, with the neighbouring ids at its edges;
 * - each club of those seasons (from the samples and the current tables): its page, squad page,
 *   badge, /teams/{id} (a redirect), and its JSON endpoints; player pages when a provider has
 *   squads;
 * - each league's JSON endpoints and picks page, the global endpoints and pages;
 * - query-string variants (?ref=n) of the most visited pages: no page reads ref, so they share
 *   the page's cached answer (web/page-cache/http.ts, pageTarget) as visitors from links do.
 *
 * Only paths are kept: the origin is always the site under test on 127.0.0.1.
 */
import type { z } from "zod";
import type { matchListItemSchema } from "../app/api/resources/matches.schema";
import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonBefore } from "@shared/domain/matchweek";
import {
  ABOUT,
  ALGO_RESULTS,
  FORECASTS_CSV,
  HOME,
  PICKS,
  PRIVACY,
  RESPONSIBLE_GAMBLING,
  SITEMAP,
  SOCIAL_CARD_PAGE,
  TERMS,
  leaguePicksUrl,
  leagueUrl,
  matchUrlById,
  playerSlug,
  playerUrl,
  teamBadgeUrl,
  teamListUrl,
  teamPlayersUrl,
  teamUrl,
  teamUrlById,
} from "@shared/domain/urls";
import { getJson, probe } from "./http-probe";
import type { Targets } from "./targets";

type MatchListItem = z.infer<typeof matchListItemSchema>;

/** The fields of a match record (/api/matches/{id}) the discovery reads. */
interface MatchFacts {
  id: number;
  league: LeagueKey;
  season: string;
  homeTeamSlug: string | null;
  awayTeamSlug: string | null;
  homeTeamApiId: number | null;
  awayTeamApiId: number | null;
}

interface StandingRow {
  teamId: number;
  teamHref?: string | null;
}

interface SquadPlayer {
  id: number;
  name: string;
}

export type UrlGroup =
  "sitemap" | "match-page" | "match-api" | "team" | "team-api" | "player" | "league" | "site" | "variant";

export interface SoakUrls {
  /** Every distinct path, each in the first group that found it. */
  groups: Record<UrlGroup, string[]>;
  all: string[];
  currentSeason: string;
  previousSeason: string;
  /** Match ids taken: how many, the lowest and the highest. */
  matchIds: { count: number; lowest: number; highest: number };
  clubs: number;
  notes: string[];
}

export interface SoakUrlOptions {
  /** Distance between sampled match ids. */
  stride?: number;
  /** ?ref=n variants per popular page. */
  variantsPerPage?: number;
  /** Requests in flight while sampling. */
  concurrency?: number;
}

/** The paths of a sitemap, without their origin. */
export function sitemapPaths(xml: string): string[] {
  const paths: string[] = [];
  for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const loc = match[1].replace(/&amp;/g, "&");
    try {
      const url = new URL(loc);
      paths.push(`${url.pathname}${url.search}`);
    } catch {
      // not a URL: left out
    }
  }
  return paths;
}

async function matchFacts(origin: string, id: number): Promise<MatchFacts | null> {
  try {
    const answer = await probe(`${origin}/api/matches/${id}`, { accept: "application/json" });
    return answer.status === 200 ? (JSON.parse(answer.body.toString("utf8")) as MatchFacts) : null;
  } catch {
    return null;
  }
}

/** Runs `work` over `items` with at most `concurrency` at once, in order of the items. */
async function inParallel<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** The highest match id that answers, searching upwards from `known` (ids may have small gaps). */
async function highestMatchId(origin: string, known: number): Promise<number> {
  const exists = async (id: number) => {
    for (let probeId = id; probeId < id + 4; probeId++) if (await matchFacts(origin, probeId)) return true;
    return false;
  };
  let highest = known;
  for (let step = 1024; step >= 1; step = Math.floor(step / 2)) {
    while (await exists(highest + step)) highest += step;
  }
  // `exists` looks a few ids past the step: take the last one that answers.
  for (let id = highest + 4; id > highest; id--) if (await matchFacts(origin, id)) return id;
  return highest;
}

export async function discoverSoakUrls(
  origin: string,
  targets: Targets,
  options: SoakUrlOptions = {},
): Promise<SoakUrls> {
  const stride = options.stride ?? 25;
  const variantsPerPage = options.variantsPerPage ?? 100;
  const concurrency = options.concurrency ?? 4;
  const notes: string[] = [];
  const seen = new Set<string>();
  const groups: Record<UrlGroup, string[]> = {
    sitemap: [],
    "match-page": [],
    "match-api": [],
    team: [],
    "team-api": [],
    player: [],
    league: [],
    site: [],
    variant: [],
  };
  const add = (group: UrlGroup, path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    groups[group].push(path);
  };

  const sitemap = await probe(`${origin}${SITEMAP}`);
  if (sitemap.status === 200) for (const path of sitemapPaths(sitemap.body.toString("utf8"))) add("sitemap", path);
  else notes.push(`${SITEMAP}: HTTP ${sitemap.status}`);

  // This week's matches name the current season and a recent id.
  const week = await getJson<MatchListItem[]>(`${origin}/api/matches`);
  if (week.length === 0) throw new Error("/api/matches lists no match: the site has no data");
  const seasonCounts = new Map<string, number>();
  for (const m of week) seasonCounts.set(m.season, (seasonCounts.get(m.season) ?? 0) + 1);
  const currentSeason = [...seasonCounts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const previousSeason = seasonBefore(currentSeason);
  const seasons = new Set([currentSeason, previousSeason]);
  for (const m of week) add("sitemap", m.matchPageLink);

  // Sample the id range at a stride; keep every id of a stretch whose sample is of the two seasons.
  const highest = await highestMatchId(origin, Math.max(...week.map((m) => m.id)));
  const sampledIds: number[] = [];
  for (let id = 1; id <= highest; id += stride) sampledIds.push(id);
  if (sampledIds[sampledIds.length - 1] !== highest) sampledIds.push(highest);
  const samples = (await inParallel(sampledIds, concurrency, (id) => matchFacts(origin, id))).filter(
    (m): m is MatchFacts => m !== null,
  );
  const ids = new Set<number>();
  const clubs = new Map<number, { league: LeagueKey; slug: string | null }>();
  for (const sample of samples) {
    if (!seasons.has(sample.season)) continue;
    for (let id = Math.max(1, sample.id - stride + 1); id <= Math.min(highest, sample.id + stride - 1); id++)
      ids.add(id);
    for (const [teamId, slug] of [
      [sample.homeTeamApiId, sample.homeTeamSlug],
      [sample.awayTeamApiId, sample.awayTeamSlug],
    ] as const) {
      if (teamId && !clubs.has(teamId)) clubs.set(teamId, { league: sample.league, slug });
    }
  }
  const sortedIds = [...ids].sort((a, b) => a - b);
  for (const id of sortedIds) add("match-page", matchUrlById(id));
  for (const id of sortedIds) add("match-api", `/api/matches/${id}`);
  if (sortedIds.length === 0)
    notes.push(`no match of ${previousSeason} or ${currentSeason} found among ${samples.length} sampled ids`);

  // Clubs of the current tables too (teamHref names the slug).
  for (const league of ALL_LEAGUES) {
    try {
      const table = await getJson<StandingRow[]>(`${origin}/api/standings/${league.key}`);
      for (const row of table) {
        const slug = row.teamHref?.split("/").pop() ?? null;
        if (!clubs.has(row.teamId)) clubs.set(row.teamId, { league: league.key, slug });
      }
    } catch (error) {
      notes.push(`/api/standings/${league.key}: ${(error as Error).message}`);
    }
  }
  let squads = 0;
  for (const [teamId, club] of clubs) {
    if (club.slug) {
      add("team", teamUrl(club.league, club.slug));
      add("team", teamPlayersUrl(club.league, club.slug));
      add("team-api", `/api/teams/resolve/${club.league}/${club.slug}`);
    }
    add("team", teamUrlById(teamId));
    add("team", teamBadgeUrl(teamId));
    for (const part of ["info", "statistics", "standing", "recent-matches", "next-match", "players"])
      add("team-api", `/api/teams/${teamId}/${part}`);
    if (!club.slug) continue;
    let squad: SquadPlayer[] = [];
    try {
      squad = await getJson<SquadPlayer[]>(`${origin}/api/teams/${teamId}/players`);
    } catch {
      squad = [];
    }
    if (squad.length > 0) squads += 1;
    for (const player of squad) {
      add("player", playerUrl(club.league, club.slug, playerSlug(player.name, player.id)));
      add("player", `/api/players/${player.id}/statistics`);
      add("player", `/api/players/${player.id}/recent-form`);
    }
  }
  if (squads === 0) notes.push("no club has a squad (the CSV source has no player data): no player pages");

  for (const league of ALL_LEAGUES) {
    const key = league.key;
    for (const path of [
      leagueUrl(key),
      teamListUrl(key),
      leaguePicksUrl(key),
      `/api/matches/league/${key}`,
      `/api/standings/${key}`,
      `/api/players/top-scorers/${key}`,
      `/api/players/top-assists/${key}`,
      `/api/players/top-rated/${key}`,
      `/api/algo-performance/league/${key}`,
      `/api/algo-performance/recent-matches/${key}`,
    ]) {
      add("league", path);
    }
  }
  for (const path of [
    HOME,
    PICKS,
    ALGO_RESULTS,
    FORECASTS_CSV,
    ABOUT,
    TERMS,
    PRIVACY,
    RESPONSIBLE_GAMBLING,
    SOCIAL_CARD_PAGE,
    SITEMAP,
    "/robots.txt",
    "/api",
    "/api/matches",
    "/api/picks/match-of-the-week",
    "/api/picks/top-league-picks",
    "/api/picks/top10",
    "/api/algo-performance/overall",
  ]) {
    add("site", path);
  }
  for (const m of week) add("site", m.liveUrl);

  // Variants of the pages visited most, as links from elsewhere add them: they share the page's cached answer.
  const popular = [
    ...new Set([
      HOME,
      PICKS,
      ALGO_RESULTS,
      ...targets.mix.league,
      ...targets.mix.match,
      ...ALL_LEAGUES.map((l) => leaguePicksUrl(l.key)),
    ]),
  ];
  for (let n = 1; n <= variantsPerPage; n++)
    for (const path of popular) add("variant", `${path}${path.includes("?") ? "&" : "?"}ref=${n}`);

  return {
    groups,
    all: [...seen],
    currentSeason,
    previousSeason,
    matchIds: { count: sortedIds.length, lowest: sortedIds[0] ?? 0, highest: sortedIds[sortedIds.length - 1] ?? 0 },
    clubs: clubs.size,
    notes,
  };
}
