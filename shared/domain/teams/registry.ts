import type { LeagueKey } from "../leagues";
import { foldToAscii, slugify } from "../slug";
import { ENGLAND_TEAMS } from "./england";
import { FRANCE_TEAMS } from "./france";
import { GERMANY_TEAMS } from "./germany";
import { ITALY_TEAMS } from "./italy";
import { SPAIN_TEAMS } from "./spain";
import type { Team } from "./types";
import { teamNameOrFallback } from "../format";

export type SeasonCode = keyof Team["seasons"];

export const CURRENT_SEASON: SeasonCode = "2526";

export const TEAMS: readonly Team[] = [
  ...ENGLAND_TEAMS,
  ...SPAIN_TEAMS,
  ...GERMANY_TEAMS,
  ...ITALY_TEAMS,
  ...FRANCE_TEAMS,
];

/** Spellings of the same word that sources mix freely. */
const TOKEN_SYNONYMS: Readonly<Record<string, string>> = {
  munchen: "munich",
  cologne: "koln",
  nuremberg: "nurnberg",
  utd: "united",
  st: "saint",
  sankt: "saint",
};

/** Words that say what kind of club it is, not which one: ignored by the fuzzy match. */
const GENERIC_TOKENS: ReadonlySet<string> = new Set([
  "fc",
  "cf",
  "afc",
  "sc",
  "ac",
  "as",
  "ss",
  "us",
  "sv",
  "vfb",
  "vfl",
  "tsg",
  "fsv",
  "tsv",
  "bsc",
  "spvgg",
  "rc",
  "rcd",
  "ogc",
  "osc",
  "sco",
  "hsc",
  "ssc",
  "acf",
  "bc",
  "uc",
  "cd",
  "ud",
  "sd",
  "ca",
  "club",
  "football",
  "futbol",
  "fussball",
  "calcio",
  "de",
  "del",
  "of",
  "the",
  "and",
  "sad",
  "spa",
]);

/** Words many clubs share; a fuzzy query made only of these names no club. */
const SHARED_TOKENS: ReadonlySet<string> = new Set([
  "real",
  "sporting",
  "racing",
  "athletic",
  "atletico",
  "deportivo",
  "union",
  "united",
  "city",
  "town",
  "county",
  "rovers",
  "wanderers",
  "albion",
  "olympique",
  "stade",
  "borussia",
  "eintracht",
  "inter",
  "internazionale",
  "saint",
  "paris",
]);

/** Below this similarity two words are different words, not a typo of each other. */
const MIN_TOKEN_SIMILARITY = 0.8;

/**
 * Name as comparable words: case, diacritics and punctuation dropped, "&" read as "and",
 * and the German transliterations ue/oe/ae folded like ü/ö/ä (so Muenchen = München = Munchen).
 */
function nameTokens(text: string): string[] {
  return foldToAscii(text)
    .replace(/ue/g, "u")
    .replace(/oe/g, "o")
    .replace(/ae/g, "a")
    .replace(/&/g, " and ")
    .replace(/['’‘ʼ`´]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== "")
    .map((token) => TOKEN_SYNONYMS[token] ?? token);
}

function exactKey(text: string): string {
  return nameTokens(text).join(" ");
}

function distinctiveTokens(text: string): string[] {
  return nameTokens(text).filter((token) => !GENERIC_TOKENS.has(token) && !/^\d+$/.test(token));
}

function namesOf(team: Team): string[] {
  return [team.name, team.shortName, team.footballDataName, ...team.aliases];
}

function playsIn(team: Team, league: LeagueKey): boolean {
  return team.league === league || Object.values(team.seasons).includes(league);
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

interface FuzzyName {
  team: Team;
  tokens: readonly string[];
  /** Tokens sorted and joined: equal for names that differ only in word order or generic words. */
  key: string;
}

function codeKey(league: LeagueKey, code: string): string {
  return `${league}:${code.toUpperCase()}`;
}

function seasonLeagueKey(season: string, league: string): string {
  return `${season}:${league}`;
}

const byExactName = new Map<string, Team[]>();
const byFootballDataName = new Map<string, Team[]>();
const byFootballDataKey = new Map<string, Team[]>();
const bySlug = new Map<string, Team>();
const byId = new Map<number, Team>();
const byCode = new Map<string, Team>();
const bySeasonLeague = new Map<string, Team[]>();
const fuzzyNames: FuzzyName[] = [];
const fuzzyNamesByLeague = new Map<LeagueKey, FuzzyName[]>();

for (const team of TEAMS) {
  const leagues = new Set([team.league, ...Object.values(team.seasons)]);
  for (const name of namesOf(team)) {
    addTo(byExactName, exactKey(name), team);
    const tokens = distinctiveTokens(name);
    if (tokens.length === 0) continue;
    const fuzzyName = { team, tokens, key: [...tokens].sort().join(" ") };
    fuzzyNames.push(fuzzyName);
    for (const league of leagues) addTo(fuzzyNamesByLeague, league, fuzzyName);
  }
  addTo(byFootballDataName, team.footballDataName, team);
  addTo(byFootballDataKey, exactKey(team.footballDataName), team);
  bySlug.set(team.slug, team);
  byId.set(team.id, team);
  byCode.set(codeKey(team.league, team.code), team);
  for (const [season, league] of Object.entries(team.seasons)) {
    addTo(bySeasonLeague, seasonLeagueKey(season, league), team);
  }
}
for (const teams of bySeasonLeague.values()) teams.sort((a, b) => a.name.localeCompare(b.name, "en"));

/** One team, or the one of them in the given league; null when that still leaves a choice. */
function single(teams: readonly Team[] | undefined, league?: LeagueKey): Team | null {
  if (!teams || teams.length === 0) return null;
  if (teams.length === 1) return teams[0];
  const inLeague = league ? teams.filter((team) => playsIn(team, league)) : [];
  return inLeague.length === 1 ? inLeague[0] : null;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/** 1 for the same word, 0.9 for an abbreviation of it, the edit similarity for a near-typo, else 0. */
function tokenSimilarity(query: string, candidate: string): number {
  if (query === candidate) return 1;
  if (query.length < 4 || candidate.length < 4) return 0;
  if (candidate.startsWith(query)) return 0.9;
  const longer = Math.max(query.length, candidate.length);
  if (Math.abs(query.length - candidate.length) > longer * (1 - MIN_TOKEN_SIMILARITY)) return 0;
  const similarity = 1 - levenshtein(query, candidate) / longer;
  return similarity >= MIN_TOKEN_SIMILARITY ? similarity : 0;
}

/** Whether every query word matches its own word of the name. */
function covers(query: readonly string[], name: readonly string[]): boolean {
  const used = new Set<number>();
  return query.every((word) => {
    let bestIndex = -1;
    let best = 0;
    name.forEach((candidate, index) => {
      if (used.has(index)) return;
      const similarity = tokenSimilarity(word, candidate);
      if (similarity > best) {
        best = similarity;
        bestIndex = index;
      }
    });
    if (bestIndex < 0) return false;
    used.add(bestIndex);
    return true;
  });
}

function distinctTeams(names: readonly FuzzyName[]): Team[] {
  return [...new Set(names.map((name) => name.team))];
}

/**
 * A name equal to the query once generic words are dropped wins; otherwise the one club whose
 * name contains every query word (allowing typos and abbreviations). undefined: no candidate;
 * null: more than one.
 */
function fuzzyWinner(query: readonly string[], names: readonly FuzzyName[]): Team | null | undefined {
  const key = [...query].sort().join(" ");
  const equal = distinctTeams(names.filter((name) => name.key === key));
  if (equal.length > 0) return equal.length === 1 ? equal[0] : null;
  const containing = distinctTeams(names.filter((name) => covers(query, name.tokens)));
  if (containing.length === 0) return undefined;
  return containing.length === 1 ? containing[0] : null;
}

function fuzzyMatch(text: string, league?: LeagueKey): Team | null {
  const query = distinctiveTokens(text);
  if (query.length === 0 || query.every((token) => SHARED_TOKENS.has(token))) return null;
  if (league) {
    const inLeague = fuzzyWinner(query, fuzzyNamesByLeague.get(league) ?? []);
    if (inLeague !== undefined) return inLeague;
  }
  return fuzzyWinner(query, fuzzyNames) ?? null;
}

const MAX_CACHED_LOOKUPS = 5000;
const lookupCache = new Map<string, Team | null>();

function lookup(name: string, league?: LeagueKey): Team | null {
  const key = exactKey(name);
  if (key === "") return null;
  const exact = byExactName.get(key);
  if (exact) return single(exact, league);
  const bySlugMatch = bySlug.get(slugify(name));
  if (bySlugMatch) return bySlugMatch;
  return fuzzyMatch(name, league);
}

/**
 * The team a free-text name refers to: an exact match on any of its names (ignoring case,
 * accents and punctuation), then a slug match, then a fuzzy match that must have one clear
 * winner, preferring clubs of the given league. Ambiguous or unknown names give null.
 */
export function findTeam(name: string, league?: LeagueKey): Team | null {
  const cacheKey = `${league ?? ""}|${name}`;
  const cached = lookupCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const team = lookup(name, league);
  if (lookupCache.size >= MAX_CACHED_LOOKUPS) lookupCache.clear();
  lookupCache.set(cacheKey, team);
  return team;
}

/**
 * The team behind a football-data.co.uk HomeTeam/AwayTeam value, optionally only among the
 * clubs of one league. The exact spelling is tried first, then the same name ignoring case,
 * accents and punctuation.
 */
export function findTeamByFootballDataName(name: string, league?: LeagueKey): Team | null {
  const trimmed = name.trim();
  const ofLeague = (teams: readonly Team[] = []) => (league ? teams.filter((team) => playsIn(team, league)) : teams);
  const exact = ofLeague(byFootballDataName.get(trimmed));
  const candidates = exact.length > 0 ? exact : ofLeague(byFootballDataKey.get(exactKey(trimmed)));
  return candidates.length === 1 ? candidates[0] : null;
}

/**
 * Every name a pick text may use for a club, display name first ('FC Barcelona', 'Barcelona',
 * 'Barça'...), for settlePick to tell which side a pick such as 'Barcelona to Win' backs.
 */
export function pickNamesOf(team: Team): string[] {
  return namesOf(team);
}

export function getTeamBySlug(slug: string): Team | null {
  return bySlug.get(slug) ?? null;
}

export function getTeamById(id: number): Team | null {
  return byId.get(id) ?? null;
}

/** The registry's name of a club, or 'Team #{id}' for an id it does not know (teamNameOrFallback). */
export function teamNameById(id: number): string {
  return teamNameOrFallback(byId.get(id)?.name, id);
}

export function getTeamByCode(league: LeagueKey, code: string): Team | null {
  return byCode.get(codeKey(league, code)) ?? null;
}

/** The league's clubs in a season, alphabetical by name. */
export function teamsInLeague(league: LeagueKey, season: SeasonCode = CURRENT_SEASON): readonly Team[] {
  return bySeasonLeague.get(seasonLeagueKey(season, league)) ?? [];
}
