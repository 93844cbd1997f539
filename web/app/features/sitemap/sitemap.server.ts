/**
 * The sitemap: every public page at its canonical URL (urls.ts), with the time its data last
 * changed where that is known. Pages: home, /picks and each league's picks, /algo-results, the
 * static pages, the five league pages and every matchweek page of their season, each league's
 * team list and the team pages of the current season's clubs (team registry), and the match
 * pages of the current and the next matchweeks (database).
 */
import { and, asc, eq, gte, lt, max } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { STATIC_PAGES, type StaticPageKey } from "@shared/content/ids";
import { fixtures, teams } from "@shared/db/schema";
import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import { CURRENT_SEASON, teamsInLeague, type SeasonCode } from "@shared/domain/teams/registry";
import {
  ABOUT,
  ALGO_RESULTS,
  HOME,
  PICKS,
  PRIVACY,
  RESPONSIBLE_GAMBLING,
  TERMS,
  leaguePicksUrl,
  leagueUrl,
  matchUrl,
  matchUrlById,
  matchweekUrl,
  teamListUrl,
  teamUrl,
} from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import { TODAY_PATH } from "../match/match-day";
import { matchweekWindow } from "../match/matchweeks.server";
import { absoluteUrl } from "../seo/seo";

/** The current matchweek and the three after it. */
export const SITEMAP_MATCH_WEEKS = 4;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const STATIC_PAGE_PATHS: Readonly<Record<StaticPageKey, string>> = {
  about: ABOUT,
  terms: TERMS,
  privacy: PRIVACY,
  "responsible-gambling": RESPONSIBLE_GAMBLING,
};

export interface SitemapEntry {
  path: string;
  /** When the page's data last changed; null when unknown (the entry has no lastmod). */
  lastModified: Date | null;
}

type SitemapContext = Pick<AppContext, "db" | "clock" | "content">;

function latest(...dates: Array<Date | null | undefined>): Date | null {
  let newest: Date | null = null;
  for (const date of dates) if (date && (!newest || date > newest)) newest = date;
  return newest;
}

function registrySeason(season: string): SeasonCode {
  const seasons: readonly string[] = ["2526", "2627"] satisfies SeasonCode[];
  return seasons.includes(season) ? (season as SeasonCode) : CURRENT_SEASON;
}

/** The latest change to each club's fixtures of a season, and to each league's. */
async function lastChanges({ db }: Pick<AppContext, "db">, season: string) {
  const byHome = db.db
    .select({ league: fixtures.league, teamId: fixtures.homeTeamId, updatedAt: max(fixtures.updatedAt) })
    .from(fixtures)
    .where(eq(fixtures.season, season))
    .groupBy(fixtures.league, fixtures.homeTeamId);
  const byAway = db.db
    .select({ league: fixtures.league, teamId: fixtures.awayTeamId, updatedAt: max(fixtures.updatedAt) })
    .from(fixtures)
    .where(eq(fixtures.season, season))
    .groupBy(fixtures.league, fixtures.awayTeamId);
  const teamsChanged = new Map<number, Date | null>();
  const leaguesChanged = new Map<LeagueKey, Date | null>();
  for (const row of [...(await byHome), ...(await byAway)]) {
    teamsChanged.set(row.teamId, latest(teamsChanged.get(row.teamId), row.updatedAt));
    leaguesChanged.set(row.league, latest(leaguesChanged.get(row.league), row.updatedAt));
  }
  return { teamsChanged, leaguesChanged };
}

const homeTeams = alias(teams, "home_team");
const awayTeams = alias(teams, "away_team");

/** The match pages of the coming weeks, at their canonical URL, in kick-off order. */
async function matchEntries({ db }: Pick<AppContext, "db">, now: Date): Promise<SitemapEntry[]> {
  const { from } = matchweekWindow(now);
  const to = new Date(from.getTime() + SITEMAP_MATCH_WEEKS * WEEK_MS);
  const rows = await db.db
    .select({
      id: fixtures.id,
      league: fixtures.league,
      updatedAt: fixtures.updatedAt,
      homeSlug: homeTeams.slug,
      awaySlug: awayTeams.slug,
    })
    .from(fixtures)
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId))
    .where(and(eq(fixtures.isActive, true), gte(fixtures.kickoffAt, from), lt(fixtures.kickoffAt, to)))
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
  return rows.map((row) => ({
    path: row.homeSlug && row.awaySlug ? matchUrl(row.league, row.homeSlug, row.awaySlug) : matchUrlById(row.id),
    lastModified: row.updatedAt,
  }));
}

/** The static pages' "last updated" dates; a page whose content cannot be read has none. */
async function staticPageDates({ content }: Pick<AppContext, "content">): Promise<Map<StaticPageKey, Date | null>> {
  const dates = await Promise.all(
    STATIC_PAGES.map(async (key) => {
      try {
        const page = await content.getStaticPage(key, { preview: false });
        const date = page?.lastUpdated ? new Date(`${page.lastUpdated.slice(0, 10)}T00:00:00Z`) : null;
        return [key, date && !Number.isNaN(date.getTime()) ? date : null] as const;
      } catch {
        return [key, null] as const;
      }
    }),
  );
  return new Map(dates);
}

export async function getSitemapEntries(context: SitemapContext): Promise<SitemapEntry[]> {
  const now = context.clock.now();
  const season = seasonCodeFor(now);
  const [{ teamsChanged, leaguesChanged }, matches, staticDates] = await Promise.all([
    lastChanges(context, season),
    matchEntries(context, now),
    staticPageDates(context),
  ]);
  const anyChange = latest(...leaguesChanged.values());
  const entries: SitemapEntry[] = [
    { path: HOME, lastModified: anyChange },
    { path: PICKS, lastModified: anyChange },
    ...ALL_LEAGUES.map((league) => ({
      path: leaguePicksUrl(league.key),
      lastModified: leaguesChanged.get(league.key) ?? null,
    })),
    { path: ALGO_RESULTS, lastModified: anyChange },
    { path: TODAY_PATH, lastModified: anyChange },
    ...STATIC_PAGES.map((key) => ({ path: STATIC_PAGE_PATHS[key], lastModified: staticDates.get(key) ?? null })),
  ];
  for (const league of ALL_LEAGUES) {
    const leagueChanged = leaguesChanged.get(league.key) ?? null;
    entries.push({ path: leagueUrl(league.key), lastModified: leagueChanged });
    for (let week = 1; week <= league.matchweeks; week++) {
      entries.push({ path: matchweekUrl(league.key, week), lastModified: leagueChanged });
    }
    entries.push({ path: teamListUrl(league.key), lastModified: leagueChanged });
    for (const team of teamsInLeague(league.key, registrySeason(season))) {
      entries.push({ path: teamUrl(league.key, team.slug), lastModified: teamsChanged.get(team.id) ?? null });
    }
  }
  return [...entries, ...matches];
}

function xmlText(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** W3C datetime to the second, as the sitemap protocol reads it. */
function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${w3cDatetime(entry.lastModified)}</lastmod>` : "";
    return `  <url><loc>${xmlText(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
