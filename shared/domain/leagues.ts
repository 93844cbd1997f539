/**
 * The five leagues the product covers, and every fact about them that more than one
 * process needs: keys, names, provider ids, football-data.co.uk codes, sizes and table bands.
 */

export const LEAGUE_KEYS = ["premier-league", "la-liga", "bundesliga", "serie-a", "ligue1"] as const;
export type LeagueKey = (typeof LEAGUE_KEYS)[number];

export type TableBandKey = "champions-league" | "europa-league" | "mid-table" | "relegation";

export interface TableBand {
  key: TableBandKey;
  label: string;
  emoji: string;
  /** Inclusive table positions. */
  from: number;
  to: number;
}

export interface League {
  key: LeagueKey;
  name: string;
  country: string;
  /** The league part of public URLs: /{urlSlug}-predictions, /{urlSlug}/teams. */
  urlSlug: string;
  /** API-Football v3 league id. */
  apiFootballId: number;
  /** football-data.co.uk division code (file name without .csv). */
  footballDataCode: string;
  teamCount: number;
  /** Home-and-away round robin: teamCount × (teamCount − 1). */
  matchesPerSeason: number;
  /** Matchweeks in a season: 2 × (teamCount − 1). */
  matchweeks: number;
  bands: readonly TableBand[];
}

export const UNSUPPORTED_LEAGUE = "Unsupported league";

export class UnsupportedLeagueError extends Error {
  constructor(readonly label: unknown) {
    super(UNSUPPORTED_LEAGUE);
    this.name = "UnsupportedLeagueError";
  }
}

function bands(teamCount: number, midTableTo: number): TableBand[] {
  return [
    { key: "champions-league", label: "Champions League Places", emoji: "🔥", from: 1, to: 4 },
    { key: "europa-league", label: "Europa League Places", emoji: "⭐", from: 5, to: 6 },
    { key: "mid-table", label: "Mid-table", emoji: "⚪", from: 7, to: midTableTo },
    { key: "relegation", label: "Relegation Zone", emoji: "🔻", from: midTableTo + 1, to: teamCount },
  ];
}

function league(
  key: LeagueKey,
  name: string,
  country: string,
  urlSlug: string,
  apiFootballId: number,
  footballDataCode: string,
  teamCount: number,
  midTableTo: number,
): League {
  return {
    key,
    name,
    country,
    urlSlug,
    apiFootballId,
    footballDataCode,
    teamCount,
    matchesPerSeason: teamCount * (teamCount - 1),
    matchweeks: 2 * (teamCount - 1),
    bands: bands(teamCount, midTableTo),
  };
}

/**
 * Mid-table runs 7–17 and the relegation zone 18–20 in the 20-team leagues; Ligue 1 runs
 * mid-table 7–15 and relegation 16–18. The Bundesliga has 18 clubs and the same relegation
 * structure as Ligue 1 (16th plays off, 17th and 18th go down), so it takes Ligue 1's bands.
 */
export const LEAGUES: Readonly<Record<LeagueKey, League>> = {
  "premier-league": league("premier-league", "Premier League", "England", "premier-league", 39, "E0", 20, 17),
  "la-liga": league("la-liga", "La Liga", "Spain", "la-liga", 140, "SP1", 20, 17),
  bundesliga: league("bundesliga", "Bundesliga", "Germany", "bundesliga", 78, "D1", 18, 15),
  "serie-a": league("serie-a", "Serie A", "Italy", "serie-a", 135, "I1", 20, 17),
  ligue1: league("ligue1", "Ligue 1", "France", "ligue-1", 61, "F1", 18, 15),
};

export const ALL_LEAGUES: readonly League[] = LEAGUE_KEYS.map((k) => LEAGUES[k]);

/** The spec's fallback wherever a page needs a league and the URL names none. */
export const DEFAULT_LEAGUE: LeagueKey = "premier-league";

export function isLeagueKey(value: unknown): value is LeagueKey {
  return typeof value === "string" && (LEAGUE_KEYS as readonly string[]).includes(value);
}

function squash(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/-predictions$/, "")
    .replace(/[^a-z0-9]/g, "");
}

/**
 * Every label the sources and URLs use for a league, squashed. Built on first use, so that a
 * bundle that never looks a label up (the browser's) leaves the table out.
 */
let aliases: Record<string, LeagueKey> | undefined;

function aliasTable(): Record<string, LeagueKey> {
  if (aliases) return aliases;
  const table: Record<string, LeagueKey> = {};
  for (const l of ALL_LEAGUES) {
    for (const alias of [l.key, l.name, l.urlSlug, l.footballDataCode, String(l.apiFootballId)]) {
      table[squash(alias)] = l.key;
    }
  }
  Object.assign(table, {
    epl: "premier-league",
    englishpremierleague: "premier-league",
    laligaea: "la-liga",
    laligaeasports: "la-liga",
    primeradivision: "la-liga",
    laliga: "la-liga",
    "1bundesliga": "bundesliga",
    seriea: "serie-a",
    serieatim: "serie-a",
    ligue1mcdonalds: "ligue1",
    ligue1ubereats: "ligue1",
  } satisfies Record<string, LeagueKey>);
  aliases = table;
  return table;
}

/** Normalises any label a source or a URL uses for a league to its key, or null. */
export function findLeagueKey(label: unknown): LeagueKey | null {
  if (typeof label === "number") label = String(label);
  if (typeof label !== "string" || label.trim() === "") return null;
  return aliasTable()[squash(label)] ?? null;
}

/** Like findLeagueKey, but an unknown label throws 'Unsupported league'. */
export function normalizeLeague(label: unknown): LeagueKey {
  const key = findLeagueKey(label);
  if (!key) throw new UnsupportedLeagueError(label);
  return key;
}

export function getLeague(label: unknown): League {
  return LEAGUES[normalizeLeague(label)];
}

export function leagueByApiFootballId(id: number): League | null {
  return ALL_LEAGUES.find((l) => l.apiFootballId === id) ?? null;
}

export function leagueByFootballDataCode(code: string): League | null {
  return ALL_LEAGUES.find((l) => l.footballDataCode === code) ?? null;
}

/** The band a table position falls in; null for a position outside the league. */
export function tableBand(leagueKey: LeagueKey, position: number): TableBand | null {
  return LEAGUES[leagueKey].bands.find((b) => position >= b.from && position <= b.to) ?? null;
}
