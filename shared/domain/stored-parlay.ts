/**
 * Reading the Parlay Builder's list back from browser storage (spec 7). Storage can hold
 * anything (older versions, hand edits, other scripts on the origin), so every entry is checked
 * field by field with a small hand-written type guard before it is trusted. It runs in the
 * browser, which is why it stays free of schema libraries.
 */
import { MATCH_STATES, type MatchState } from "./match-state";
import { isInParlay, MAX_PARLAY_PICKS, type ParlayPick } from "./parlay";

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === "string";

const isNonEmptyString = (value: unknown): value is string => isString(value) && value.length > 0;

const isNumberBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;

const isMatchState = (value: unknown): value is MatchState =>
  isString(value) && (MATCH_STATES as readonly string[]).includes(value);

/**
 * Only site-relative paths: a stored 'javascript:' or off-site URL would otherwise end up in a
 * link. '//host' and '/\host' name another host (URL parsers read a backslash as a slash), and
 * parsers drop tabs and line breaks, so '/<tab>/host' would too: control characters are refused.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const SITE_RELATIVE_PATH = /^\/(?![/\\])[^\u0000-\u001f\u007f]*$/;

const isSiteRelativePath = (value: unknown): value is string => isString(value) && SITE_RELATIVE_PATH.test(value);

/**
 * One stored entry as a pick, or null when any field is missing or wrong. Only the known fields
 * are copied, so unknown ones are stripped; optional fields may be absent but not null.
 */
export function readStoredPick(entry: unknown): ParlayPick | null {
  if (!isObject(entry)) return null;
  const { id, pick, league, confidence, matchup, homeTeam, awayTeam, matchState, href, probability } = entry;
  if (
    !isNonEmptyString(id) ||
    !isNonEmptyString(pick) ||
    !isString(league) ||
    !isNumberBetween(confidence, 0, 100) ||
    !isString(matchup) ||
    !isString(homeTeam) ||
    !isString(awayTeam) ||
    !isMatchState(matchState)
  ) {
    return null;
  }
  if (href !== undefined && !isSiteRelativePath(href)) return null;
  if (probability !== undefined && !isNumberBetween(probability, 0, 1)) return null;
  const stored: ParlayPick = { id, pick, league, confidence, matchup, homeTeam, awayTeam, matchState };
  if (href !== undefined) stored.href = href;
  if (probability !== undefined) stored.probability = probability;
  return stored;
}

/**
 * Reads the list kept in browser storage: the raw JSON text or an already parsed value. This
 * never throws: unreadable data gives an empty list, invalid entries are dropped, a repeated id
 * keeps its first entry and the list is cut to 10 picks. Unknown fields are stripped.
 */
export function parseStoredParlay(stored: unknown): ParlayPick[] {
  let value = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const picks: ParlayPick[] = [];
  for (const entry of value) {
    if (picks.length >= MAX_PARLAY_PICKS) break;
    let pick: ParlayPick | null;
    try {
      pick = readStoredPick(entry);
    } catch {
      // An entry whose fields throw when read (a getter or proxy from another script).
      pick = null;
    }
    if (pick && !isInParlay(picks, pick.id)) picks.push(pick);
  }
  return picks;
}
