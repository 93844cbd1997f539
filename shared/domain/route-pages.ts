/**
 * Which page a path shows, without the canonical-URL step: the public route table's segments
 * parsed into a page (see routes.ts, which adds the redirects to canonical URLs on top).
 *
 * The browser uses `clubRoutePage`, the same parse for the club pages only (team, squad,
 * player), to tell during a client-side navigation whether a team or player page is loading.
 * The lookup tables are built on first use, so that a bundle leaves out those it never reads
 * (the browser's: the static pages' and the picks codes'), like the URL builders.
 */
import { ALL_LEAGUES, DEFAULT_LEAGUE, LEAGUES, type LeagueKey } from "./leagues";
import {
  ABOUT,
  ALGO_RESULTS,
  API_STATUS,
  HOME,
  LEAGUE_PICKS_CODES,
  LEAGUE_REDIRECT,
  PICKS,
  PRIVACY,
  RESPONSIBLE_GAMBLING,
  SOCIAL_CARD_PAGE,
  TERMS,
  TEST_API,
} from "./urls";

export { DEFAULT_LEAGUE };

export type StaticPage =
  | "home"
  | "picks"
  | "algo-results"
  | "about"
  | "terms"
  | "privacy"
  | "responsible-gambling"
  | "test-api"
  | "api-status"
  | "social-card"
  | "league-redirect";

export type RoutePage =
  | { page: StaticPage }
  | { page: "league"; league: LeagueKey }
  | { page: "league-picks"; league: LeagueKey }
  /** A round of the league's season, 1 to the league's matchweek count. */
  | { page: "matchweek"; league: LeagueKey; matchweek: number }
  | { page: "match"; by: "id"; id: number }
  | { page: "match"; by: "slug"; league: LeagueKey; homeSlug: string; awaySlug: string }
  | { page: "team-list"; league: LeagueKey }
  | { page: "team"; by: "slug"; league: LeagueKey; teamSlug: string }
  | { page: "team"; by: "id"; league?: LeagueKey; teamId: number }
  /** /teams/{code}: the spec's last-resort link by 3-letter club code, lowercased like every segment. */
  | { page: "team"; by: "code"; teamCode: string }
  | { page: "team-players"; by: "slug"; league: LeagueKey; teamSlug: string }
  | { page: "team-players"; by: "id"; league: LeagueKey; teamId: number }
  | {
      page: "player";
      league: LeagueKey;
      /** At most one of teamSlug and teamId; neither on /{league}/teams/players/{player}. */
      teamSlug?: string;
      teamId?: number;
      playerSlug: string;
      /** From the slug's trailing "-{digits}" or an all-digits slug. */
      playerId?: number;
    };

/** The canonical path of each static page. */
export const STATIC_PATHS: Readonly<Record<StaticPage, string>> = {
  home: HOME,
  picks: PICKS,
  "algo-results": ALGO_RESULTS,
  about: ABOUT,
  terms: TERMS,
  privacy: PRIVACY,
  "responsible-gambling": RESPONSIBLE_GAMBLING,
  "test-api": TEST_API,
  "api-status": API_STATUS,
  "social-card": SOCIAL_CARD_PAGE,
  "league-redirect": LEAGUE_REDIRECT,
};

type Table<T> = Readonly<Record<string, T>>;

/** One-segment paths of static pages, including the home page's old names. */
let staticSegments: Table<StaticPage> | undefined;
function staticSegmentTable(): Table<StaticPage> {
  staticSegments ??= {
    ...Object.fromEntries(
      Object.entries(STATIC_PATHS)
        .filter(([, path]) => path !== HOME)
        .map(([page, path]) => [path.slice(1), page as StaticPage]),
    ),
    home: "home",
    "coming-soon": "home",
  };
  return staticSegments;
}

/** Bare league names a path may use: each league's URL slug and its key (ligue-1 and ligue1). */
let leagueSegments: Table<LeagueKey> | undefined;
function leagueSegmentTable(): Table<LeagueKey> {
  leagueSegments ??= Object.fromEntries(
    ALL_LEAGUES.flatMap((l) => [
      [l.urlSlug, l.key],
      [l.key, l.key],
    ]),
  );
  return leagueSegments;
}

/** /picks/{segment}: a bare league name or the league's short code. */
let picksSegments: Table<LeagueKey> | undefined;
function picksSegmentTable(): Table<LeagueKey> {
  picksSegments ??= {
    ...leagueSegmentTable(),
    ...Object.fromEntries(Object.entries(LEAGUE_PICKS_CODES).map(([key, code]) => [code, key as LeagueKey])),
  };
  return picksSegments;
}

const PREDICTIONS_SUFFIX = "-predictions";
const MATCHUP_SUFFIX = "-prediction";
const MATCHUP_SEPARATOR = "-vs-";
const MAX_ID = 2 ** 31 - 1;

function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** "la-liga" or "ligue1". */
function bareLeague(segment: string): LeagueKey | undefined {
  return lookup(leagueSegmentTable(), segment);
}

/** "la-liga-predictions" or "ligue1-predictions". */
function predictionsLeague(segment: string): LeagueKey | undefined {
  return segment.endsWith(PREDICTIONS_SUFFIX) ? bareLeague(segment.slice(0, -PREDICTIONS_SUFFIX.length)) : undefined;
}

/** Either form: team routes accept both. */
function anyLeague(segment: string): LeagueKey | undefined {
  return bareLeague(segment) ?? predictionsLeague(segment);
}

/** A positive 32-bit database id, or null for anything else written in digits. */
function parseId(digits: string): number | null {
  const id = Number(digits);
  return id >= 1 && id <= MAX_ID ? id : null;
}

const ALL_DIGITS = /^\d+$/;

type IdOrSlug = { id: number } | { slug: string } | null;

/** The spec's team rule, also used for match ids: all digits is an id, anything else a slug. */
function idOrSlug(segment: string): IdOrSlug {
  if (!ALL_DIGITS.test(segment)) return { slug: segment };
  const id = parseId(segment);
  return id === null ? null : { id };
}

/**
 * A match segment: a numeric id, or "{home}-vs-{away}" with an optional trailing '-prediction'.
 * The spec strips '-prediction' on the predictions routes of four leagues only; it is stripped
 * on every match route here because the canonical shape ends in '-prediction' for all five
 * leagues and people paste the tail of a canonical URL into the older shapes.
 */
function matchPage(segment: string, league: LeagueKey): RoutePage | null {
  const parsed = idOrSlug(segment);
  if (parsed === null) return null;
  if ("id" in parsed) return { page: "match", by: "id", id: parsed.id };
  const matchup = segment.endsWith(MATCHUP_SUFFIX) ? segment.slice(0, -MATCHUP_SUFFIX.length) : segment;
  const sides = matchup.split(MATCHUP_SEPARATOR);
  if (sides.length !== 2 || !sides[0] || !sides[1]) return null;
  return { page: "match", by: "slug", league, homeSlug: sides[0], awaySlug: sides[1] };
}

const MATCHWEEK_SEGMENT = /^matchweek-(\d{1,4})$/;

/**
 * /{league}-predictions/matchweek-{n} (and /{league}/matchweek-{n}): a round from 1 to the
 * league's count; leading zeros are read and redirected away, anything else matches nothing.
 */
function matchweekPage(league: LeagueKey | undefined, segment: string): RoutePage | null {
  const digits = MATCHWEEK_SEGMENT.exec(segment)?.[1];
  if (!league || digits === undefined) return null;
  const matchweek = Number(digits);
  return matchweek >= 1 && matchweek <= LEAGUES[league].matchweeks ? { page: "matchweek", league, matchweek } : null;
}

/** "players" is a path word on team routes, never a team. */
function teamPage(league: LeagueKey, teamSegment: string): RoutePage | null {
  if (teamSegment === "players") return null;
  const team = idOrSlug(teamSegment);
  if (team === null) return null;
  return "id" in team
    ? { page: "team", by: "id", league, teamId: team.id }
    : { page: "team", by: "slug", league, teamSlug: team.slug };
}

function teamPlayersPage(league: LeagueKey, teamSegment: string): RoutePage | null {
  const team = idOrSlug(teamSegment);
  if (team === null) return null;
  return "id" in team
    ? { page: "team-players", by: "id", league, teamId: team.id }
    : { page: "team-players", by: "slug", league, teamSlug: team.slug };
}

const TRAILING_ID = /(?:^|-)(\d+)$/;

function playerPage(league: LeagueKey, teamSegment: string | null, playerSegment: string): RoutePage | null {
  const team = teamSegment === null ? undefined : idOrSlug(teamSegment);
  if (team === null) return null;
  const idDigits = TRAILING_ID.exec(playerSegment)?.[1];
  const playerId = idDigits === undefined ? undefined : parseId(idDigits);
  if (playerId === null) return null;
  return {
    page: "player",
    league,
    ...(team && ("id" in team ? { teamId: team.id } : { teamSlug: team.slug })),
    playerSlug: playerSegment,
    ...(playerId !== undefined && { playerId }),
  };
}

function teamsByCodeOrId(segment: string): RoutePage | null {
  const team = idOrSlug(segment);
  if (team === null) return null;
  return "id" in team ? { page: "team", by: "id", teamId: team.id } : { page: "team", by: "code", teamCode: team.slug };
}

/**
 * The club pages' paths: /teams/{id or code}, /{league}/teams/{team}, its /players, and a
 * player under /{league}/teams/{team}/players/ or /{league}/teams/players/.
 */
function isClubPath(segments: readonly string[]): boolean {
  return segments.length === 2 ? segments[0] === "teams" : segments.length >= 3 && segments[1] === "teams";
}

/** The page a club path shows (see isClubPath), or null. */
function clubPage(segments: readonly string[]): RoutePage | null {
  const [first, second, third, fourth, fifth] = segments;
  if (segments.length === 2) return teamsByCodeOrId(second);
  const league = anyLeague(first);
  if (!league) return null;
  switch (segments.length) {
    case 3:
      return teamPage(league, third);
    case 4:
      if (third === "players") return playerPage(league, null, fourth);
      if (fourth === "players") return teamPlayersPage(league, third);
      return null;
    case 5:
      return fourth !== "players" || third === "players" ? null : playerPage(league, third, fifth);
    default:
      return null;
  }
}

function pageFromSegments(segments: readonly string[]): RoutePage | null {
  if (isClubPath(segments)) return clubPage(segments);
  const [first, second, third] = segments;
  switch (segments.length) {
    case 0:
      return { page: "home" };

    case 1: {
      const staticPage = lookup(staticSegmentTable(), first);
      if (staticPage) return { page: staticPage };
      const league = anyLeague(first);
      if (league) return { page: "league", league };
      // The spec's fallback Teams link when a page has no league.
      if (first === "teams") return { page: "team-list", league: DEFAULT_LEAGUE };
      return null;
    }

    case 2: {
      // /match/ names no league, so a '-vs-' slug there takes the spec's default league; the
      // match page's loader redirects again if that pair plays in another league.
      if (first === "match") return matchPage(second, DEFAULT_LEAGUE);
      if (first === "leagues") {
        const league = bareLeague(second);
        return league ? { page: "league", league } : null;
      }
      if (first === "picks") {
        const league = lookup(picksSegmentTable(), second);
        return league ? { page: "league-picks", league } : null;
      }
      if (second === "teams") {
        const league = anyLeague(first);
        return league ? { page: "team-list", league } : null;
      }
      if (second.startsWith("matchweek-")) return matchweekPage(anyLeague(first), second);
      const league = predictionsLeague(first);
      return league ? matchPage(second, league) : null;
    }

    case 3: {
      if (first === "matches") {
        const league = bareLeague(second);
        return league ? matchPage(third, league) : null;
      }
      if (second === "matches") {
        const league = bareLeague(first);
        return league ? matchPage(third, league) : null;
      }
      return null;
    }

    default:
      return null;
  }
}

/** Characters no slug, id or code contains; a decoded segment with one of them matches nothing. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const UNUSABLE_IN_SEGMENT = /[\s\u0000-\u001f\u007f/\\]/;

/**
 * Lowercased, percent-decoded, non-empty path segments, or null when a segment cannot be
 * decoded or would change the path's structure once re-encoded ('.', '..', an encoded slash).
 */
function pathSegments(path: string): string[] | null {
  if (!path.startsWith("/")) return null;
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    if (raw === "") continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (decoded === "." || decoded === ".." || UNUSABLE_IN_SEGMENT.test(decoded)) return null;
    segments.push(decoded.toLowerCase());
  }
  return segments;
}

/**
 * The page a pathname shows, or null for none. A query string or fragment, if passed along, is
 * ignored. Aliases and non-canonical spellings give their page too: parseRoute (routes.ts) is
 * this plus the canonical path to redirect to.
 */
export function routePage(pathname: string): RoutePage | null {
  const segments = pathSegments(pathname.split(/[?#]/, 1)[0]);
  return segments && pageFromSegments(segments);
}

/**
 * What routePage gives for the club pages (team, team-players and player), and null for every
 * other path: the part of the parse the browser needs while a navigation loads.
 */
export function clubRoutePage(pathname: string): RoutePage | null {
  const segments = pathSegments(pathname.split(/[?#]/, 1)[0]);
  return segments && isClubPath(segments) ? clubPage(segments) : null;
}
