/**
 * The site search: teams by every name the registry knows, this week's matches by their two
 * teams, players by name. Built once per data version (search.server.ts), answered from memory.
 *
 * Names and queries are compared as folded words: case and diacritics dropped (München =
 * Munchen), punctuation as spaces. A whole name equal to the query ranks first, then a name
 * starting with it, then names whose words start with each of the query's words, then a name
 * that merely contains it.
 */
import { foldToAscii } from "@shared/domain/slug";

export type SearchKind = "team" | "match" | "player";

export interface SearchResult {
  kind: SearchKind;
  /** What the result is called: "Bayern München", "Arsenal vs Chelsea", "Bukayo Saka". */
  label: string;
  /** One line under it: the league, the kick-off, the club. */
  detail: string;
  /** The canonical page. */
  href: string;
}

export interface SearchEntry extends SearchResult {
  /** Every name it answers to; the label is one of them by default. */
  names: readonly string[];
}

/**
 * A match of this week: found when the query names both of its teams ('arsenal chelsea'), and,
 * while it is still to come or in play, by one of them ('arsenal': the club, then its match).
 */
export interface MatchEntry extends SearchResult {
  home: readonly string[];
  away: readonly string[];
  /** Over: found by its two teams only. */
  finished?: boolean;
}

export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Folded words: "FC Bayern München" → "fc bayern munchen". */
export function normalizeSearchText(text: string): string {
  return foldToAscii(text.normalize("NFD"))
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** German umlauts are also written ue/oe/ae: a name with them answers to both spellings. */
function spellings(name: string): string[] {
  const folded = normalizeSearchText(name);
  const transliterated = normalizeSearchText(
    name.toLowerCase().replace(/ü/g, "ue").replace(/ö/g, "oe").replace(/ä/g, "ae"),
  );
  return transliterated === folded ? [folded] : [folded, transliterated];
}

interface Key {
  text: string;
  words: readonly string[];
}

function keysOf(names: readonly string[]): Key[] {
  const texts = new Set(names.flatMap(spellings).filter((text) => text !== ""));
  return [...texts].map((text) => ({ text, words: text.split(" ") }));
}

const EXACT = 4;
const PREFIX = 3;
const WORDS = 2;
const SUBSTRING = 1;

/** How well a name matches the query (0: not at all). */
function matchScore(key: Key, query: string, queryWords: readonly string[]): number {
  if (key.text === query) return EXACT;
  if (key.text.startsWith(query)) return PREFIX;
  // Every word of the query in the name at all, before the word-by-word check: most names fail here.
  if (!key.text.includes(queryWords[0])) return 0;
  if (everyWordStarts(key.words, queryWords)) return WORDS;
  return key.text.includes(query) ? SUBSTRING : 0;
}

function everyWordStarts(words: readonly string[], queryWords: readonly string[]): boolean {
  for (const word of queryWords) {
    let found = false;
    for (const keyWord of words) {
      if (keyWord.startsWith(word)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

function bestScore(keys: readonly Key[], query: string, queryWords: readonly string[]): number {
  let best = 0;
  for (const key of keys) {
    const score = matchScore(key, query, queryWords);
    if (score > best) best = score;
    if (best === EXACT) break;
  }
  return best;
}

/** Does some name start a word with `word`? */
function hasWordStarting(keys: readonly Key[], word: string): boolean {
  return keys.some((key) => key.words.some((keyWord) => keyWord.startsWith(word)));
}

/** Words that join two team names in a query: 'arsenal v chelsea', 'arsenal vs. chelsea'. */
const JOINING_WORDS = new Set(["v", "vs", "versus", "against", "and"]);

const KIND_ORDER: Readonly<Record<SearchKind, number>> = { team: 0, match: 1, player: 2 };

interface Indexed<T> {
  result: SearchResult;
  keys: T;
  /** Its place among results of equal score (kind, then shorter label, then alphabetical), worked out once. */
  rank: number;
}

/** Gives each entry its rank among results of equal score. */
function rankAll(indexed: ReadonlyArray<Indexed<unknown>>): void {
  const order = [...indexed].sort(
    (a, b) =>
      KIND_ORDER[a.result.kind] - KIND_ORDER[b.result.kind] ||
      a.result.label.length - b.result.label.length ||
      a.result.label.localeCompare(b.result.label),
  );
  order.forEach((entry, rank) => (entry.rank = rank));
}

export interface SearchIndex {
  search(query: string, limit: number): SearchResult[];
  readonly size: number;
}

export function buildSearchIndex(entries: readonly SearchEntry[], matches: readonly MatchEntry[]): SearchIndex {
  const named: Array<Indexed<Key[]>> = entries.map(({ names, kind, label, detail, href }) => ({
    result: { kind, label, detail, href },
    keys: keysOf([label, ...names]),
    rank: 0,
  }));
  const paired: Array<Indexed<{ home: Key[]; away: Key[] }> & { open: boolean }> = matches.map(
    ({ home, away, kind, label, detail, href, finished }) => ({
      result: { kind, label, detail, href },
      keys: { home: keysOf(home), away: keysOf(away) },
      open: finished !== true,
      rank: 0,
    }),
  );
  rankAll([...named, ...paired]);

  function search(rawQuery: string, limit: number): SearchResult[] {
    const query = normalizeSearchText(rawQuery.slice(0, SEARCH_QUERY_MAX_LENGTH));
    if (query === "" || limit <= 0) return [];
    const queryWords = query.split(" ");
    const found: Array<{ result: SearchResult; score: number; rank: number }> = [];
    for (const entry of named) {
      const score = bestScore(entry.keys, query, queryWords);
      if (score > 0) found.push({ result: entry.result, score, rank: entry.rank });
    }
    const teamWords = queryWords.filter((word) => !JOINING_WORDS.has(word));
    for (const { result, keys, open, rank } of paired) {
      const home = teamWords.map((word) => hasWordStarting(keys.home, word));
      const away = teamWords.map((word) => hasWordStarting(keys.away, word));
      if (teamWords.length >= 2 && home.some(Boolean) && away.some(Boolean) && home.every((hit, i) => hit || away[i])) {
        found.push({ result, score: WORDS + 0.5, rank });
      } else if (open && teamWords.length > 0 && (home.every(Boolean) || away.every(Boolean))) {
        // One club named: its next or live match, right after the club itself.
        const side = home.every(Boolean) ? keys.home : keys.away;
        found.push({ result, score: bestScore(side, query, queryWords), rank });
      }
    }
    found.sort((a, b) => b.score - a.score || a.rank - b.rank);
    return found.slice(0, limit).map(({ result }) => result);
  }

  return { search, size: named.length + paired.length };
}
