/**
 * The pages a web benchmark measures, found on the running site through its JSON API: the home
 * page, a league page, a played matchweek page, a live and a finished match page, /algo-results,
 * a team page and the live score endpoint of a match in play; and the mix of a busy Saturday afternoon (home, league and
 * match pages and live-score polls) in realistic proportions.
 */
import type { z } from "zod";
import type { matchListItemSchema } from "../app/api/resources/matches.schema";
import { LEAGUE_KEYS, type LeagueKey } from "@shared/domain/leagues";
import { ALGO_RESULTS, HOME, leagueUrl, matchweekUrl, teamUrl } from "@shared/domain/urls";
import { getJson, probe } from "./http-probe";

type MatchListItem = z.infer<typeof matchListItemSchema>;

export type TargetKind =
  "home" | "league" | "matchweek" | "match-live" | "match-finished" | "algo-results" | "team" | "live-api" | "asset";

export interface PageTarget {
  kind: TargetKind;
  label: string;
  path: string;
  /** A page the site renders (its cache misses are timed against the database's limit); false for the live endpoint. */
  rendered: boolean;
}

/** Shares of the Saturday 15:00 mix, in percent. */
export const SATURDAY_MIX = { home: 15, league: 20, match: 35, live: 30 } as const;
type MixGroup = keyof typeof SATURDAY_MIX;

export interface Targets {
  pages: PageTarget[];
  /** Paths of each group of the Saturday mix. */
  mix: Record<MixGroup, string[]>;
  /** What could not be found (no match in play at the clock's moment...). */
  notes: string[];
}

const DEFAULT_TEAM: { league: LeagueKey; slug: string } = { league: "premier-league", slug: "arsenal" };
const MIX_MATCH_PAGES = 12;
/** A Premier League round played before the default replay moment (7 February 2026). */
const PLAYED_MATCHWEEK = 24;

async function answers(origin: string, path: string): Promise<boolean> {
  try {
    return (await probe(`${origin}${path}`)).status === 200;
  } catch {
    return false;
  }
}

/** The build stylesheet the home page links, if any. */
async function stylesheetOf(origin: string): Promise<string | null> {
  try {
    const home = await probe(`${origin}${HOME}`, { accept: PAGE_ACCEPT });
    return /<link rel="stylesheet" href="(\/build\/[^"]+\.css)"/.exec(home.body.toString("utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Live matches first, then finished, then those still to play: the pages a Saturday crowd opens. */
function byInterest(a: MatchListItem, b: MatchListItem): number {
  const order = { live: 0, "post-match": 1, "pre-match": 2 } as const;
  return order[a.matchState] - order[b.matchState] || a.kickoffTime.localeCompare(b.kickoffTime);
}

export async function discoverTargets(origin: string): Promise<Targets> {
  const notes: string[] = [];
  const league: LeagueKey = "premier-league";
  const leagueMatches = await getJson<MatchListItem[]>(`${origin}/api/matches/league/${league}`);
  let allMatches: MatchListItem[] = [];
  try {
    allMatches = await getJson<MatchListItem[]>(`${origin}/api/matches`);
  } catch (error) {
    notes.push(`/api/matches: ${(error as Error).message}`);
  }
  const pick = (state: MatchListItem["matchState"]) =>
    leagueMatches.find((m) => m.matchState === state) ?? allMatches.find((m) => m.matchState === state);
  const live = pick("live");
  const finished = pick("post-match");

  const pages: PageTarget[] = [
    { kind: "home", label: "home", path: HOME, rendered: true },
    { kind: "league", label: "league", path: leagueUrl(league), rendered: true },
    // A played round: final scores, the ledger's HIT and MISS and the week's hit rate.
    { kind: "matchweek", label: "matchweek", path: matchweekUrl(league, PLAYED_MATCHWEEK), rendered: true },
  ];
  if (live) pages.push({ kind: "match-live", label: "match (live)", path: live.matchPageLink, rendered: true });
  else notes.push("no match in play at the site's clock: the live match page and the live endpoint are left out");
  if (finished)
    pages.push({ kind: "match-finished", label: "match (finished)", path: finished.matchPageLink, rendered: true });
  else notes.push("no finished match this week: the finished match page is left out");
  pages.push({ kind: "algo-results", label: "algo-results", path: ALGO_RESULTS, rendered: true });

  let team = teamUrl(DEFAULT_TEAM.league, DEFAULT_TEAM.slug);
  if (!(await answers(origin, team))) {
    const other = [live, finished, ...leagueMatches].find((m) => m?.homeTeamSlug);
    if (other?.homeTeamSlug) team = teamUrl(other.league, other.homeTeamSlug);
  }
  pages.push({ kind: "team", label: "team", path: team, rendered: true });
  if (live) pages.push({ kind: "live-api", label: "live API", path: live.liveUrl, rendered: false });
  // The stylesheet every page links (render-blocking on a first visit): a build asset, answered
  // from memory like a cached page (web/build-assets/).
  const stylesheet = await stylesheetOf(origin);
  if (stylesheet) pages.push({ kind: "asset", label: "stylesheet", path: stylesheet, rendered: false });
  else notes.push("the home page links no stylesheet of the build: the build asset is left out");

  const everyMatch = allMatches.length > 0 ? allMatches : leagueMatches;
  const matchPages = [...everyMatch]
    .sort(byInterest)
    .slice(0, MIX_MATCH_PAGES)
    .map((m) => m.matchPageLink);
  const livePolls = everyMatch.filter((m) => m.matchState === "live").map((m) => m.liveUrl);
  if (livePolls.length === 0) notes.push("no live polls in the Saturday mix: no match in play");
  return {
    pages,
    mix: {
      home: [HOME],
      league: LEAGUE_KEYS.map((key) => leagueUrl(key)),
      match: matchPages,
      live: livePolls,
    },
    notes,
  };
}

/**
 * The Saturday mix as one sequence of paths: each group takes its share of the slots, spread
 * evenly (largest remainder first), and cycles through its own paths. A group without paths
 * gives its share to the others.
 */
export function saturdaySequence(mix: Record<MixGroup, string[]>, length = 100): string[] {
  const groups = (Object.keys(SATURDAY_MIX) as MixGroup[]).filter((g) => mix[g].length > 0);
  const totalShare = groups.reduce((sum, g) => sum + SATURDAY_MIX[g], 0);
  const credit = new Map(groups.map((g) => [g, 0]));
  const next = new Map(groups.map((g) => [g, 0]));
  const sequence: string[] = [];
  for (let slot = 0; slot < length; slot++) {
    for (const g of groups) credit.set(g, credit.get(g)! + SATURDAY_MIX[g] / totalShare);
    const chosen = groups.reduce((best, g) => (credit.get(g)! > credit.get(best)! ? g : best), groups[0]);
    credit.set(chosen, credit.get(chosen)! - 1);
    const index = next.get(chosen)!;
    sequence.push(mix[chosen][index % mix[chosen].length]);
    next.set(chosen, index + 1);
  }
  return sequence;
}

/** What a browser asks for when it opens a page. */
const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
/** What Chromium asks for when a page links a stylesheet. */
const STYLESHEET_ACCEPT = "text/css,*/*;q=0.1";

/**
 * The headers a visitor's request carries: a page is opened by a browser (Accept: text/html), a
 * JSON endpoint is fetched by the page's script, a stylesheet is linked by the page. No
 * Accept-Encoding: both servers send plain bytes.
 */
export function visitorHeaders(path: string): Record<string, string> {
  if (path.endsWith(".css")) return { accept: STYLESHEET_ACCEPT };
  return path.startsWith("/api/") ? { accept: "*/*" } : { accept: PAGE_ACCEPT };
}

/** What a browser accepts: every visitor's browser asks for compressed answers. */
export const BROWSER_ENCODING = "gzip, deflate, br";

/**
 * A browser's request: a visitor's (`visitorHeaders`) accepting compressed answers. The web
 * process answers with the brotli copy its page cache keeps, Varnish with the gzip copy it keeps.
 * The Saturday mix asks so (why: mix-figures.ts).
 */
export function browserHeaders(path: string): Record<string, string> {
  return { ...visitorHeaders(path), "accept-encoding": BROWSER_ENCODING };
}

/** The distinct paths of the Saturday mix. */
export function mixPaths(targets: Targets): string[] {
  return [...new Set(Object.values(targets.mix).flat())];
}

/** Every distinct path the benchmark requests, for saving the pages the static baseline serves. */
export function allPaths(targets: Targets): string[] {
  return [...new Set([...targets.pages.map((p) => p.path), ...mixPaths(targets)])];
}
