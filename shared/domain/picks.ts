/**
 * Pick texts and how they are judged: reading scores, the display pick text, pending picks,
 * recognising a pick's market from its text, settling it against a final score, profit and
 * hit rates. Spec sections 3 ("Display pick text"), 4, 5 and 9.
 */
import { roundTo } from "./numbers";
import { COMING_SOON } from "./site";

// Kept with the site's texts (site.ts), which every page's first load carries already.
export { COMING_SOON };

export { MATCH_STATES, type MatchState } from "./match-state";

export interface Score {
  home: number;
  away: number;
}

/**
 * The three picks the record tracks beside the best pick. The best pick itself is free text:
 * any of these markets, or something else an editor wrote.
 */
export type PickKind = "result" | "over-under" | "btts";

/** 1 home win, X draw, 2 away win. */
export type ResultCode = "1" | "X" | "2";
export type BttsCode = "YES" | "NO";

/**
 * 'void' is a pick that has no winner: a pick text no score can judge (a player to score, a
 * corner count), a draw on a Draw No Bet pick, or a total exactly on a whole-number over/under
 * line. Counting those as misses would understate the record, counting them as hits would
 * flatter it, so they are left out of hit rates and return the stake (profit 0).
 */
export type PickOutcome = "hit" | "miss" | "pending" | "void";

export const DEFAULT_OVER_UNDER = "Over 2.5 Goals";
export const HIT_LABEL = "HIT";
export const MISS_LABEL = "MISS";
export const VOID_LABEL = "VOID";

/** Names a team goes by in pick texts: its display name, optionally followed by aliases. */
export type TeamNames = string | readonly string[];

export interface MatchTeams {
  homeTeam: TeamNames;
  awayTeam: TeamNames;
}

// ---------------------------------------------------------------------------------------------
// Scores

const SCORE_PATTERN = /^(\d{1,2})\s*[-–—]\s*(\d{1,2})$/;

/**
 * "2-1" and "2 - 1" → { home: 2, away: 1 }; anything else → null. Editors type en and em
 * dashes as often as hyphens, so those split a score too.
 */
export function parseScore(text: string | null | undefined): Score | null {
  if (typeof text !== "string") return null;
  const match = SCORE_PATTERN.exec(text.trim());
  if (!match) return null;
  return { home: Number(match[1]), away: Number(match[2]) };
}

/** { home: 2, away: 1 } → "2-1"; pass " - " for the live score's "2 - 1". */
export function formatScore(score: Score, separator = "-"): string {
  return `${score.home}${separator}${score.away}`;
}

/** The spec's default score 0-0, for a live score that has not arrived yet. */
export function scoreOrDefault(score: Score | string | null | undefined): Score {
  const parsed = typeof score === "string" ? parseScore(score) : score;
  return parsed ?? { home: 0, away: 0 };
}

export function resultOfScore(score: Score): ResultCode {
  if (score.home > score.away) return "1";
  if (score.home < score.away) return "2";
  return "X";
}

// ---------------------------------------------------------------------------------------------
// Texts

function collapse(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/** A primary pick is 'pending' when its text is empty, 'Coming Soon' or 'TBD'. */
export function isPendingPick(text: string | null | undefined): boolean {
  if (typeof text !== "string") return true;
  const normalized = collapse(text).toLowerCase();
  return normalized === "" || normalized === "coming soon" || normalized === "tbd";
}

const DASHES = new Set(["-", "–", "—"]);

/**
 * A text that says something: not blank, not a dash placeholder and not a pending marker.
 * Returns the trimmed text or null.
 */
export function meaningfulPickText(text: string | null | undefined): string | null {
  if (typeof text !== "string") return null;
  const collapsed = collapse(text);
  return isPendingPick(collapsed) || DASHES.has(collapsed) ? null : collapsed;
}

function displayName(team: TeamNames): string {
  return typeof team === "string" ? team : (team[0] ?? "");
}

/** '1' / 'X' / '2' → '{home} to Win' / 'Draw' / '{away} to Win'. */
export function resultPickText(code: ResultCode, homeTeam: TeamNames, awayTeam: TeamNames): string {
  if (code === "1") return `${displayName(homeTeam)} to Win`;
  if (code === "2") return `${displayName(awayTeam)} to Win`;
  return "Draw";
}

/** 'YES' → 'BTTS: Yes', 'NO' → 'BTTS: No'. */
export function bttsPickText(code: BttsCode): string {
  return code === "YES" ? "BTTS: Yes" : "BTTS: No";
}

/** Reads '1', 'X' (any case) or '2'; anything else → null. */
export function readResultCode(value: unknown): ResultCode | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return code === "1" || code === "X" || code === "2" ? code : null;
}

/** Reads 'YES' / 'NO' in any case; anything else → null. */
export function readBttsCode(value: unknown): BttsCode | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return code === "YES" || code === "NO" ? code : null;
}

export interface DisplayPickInput {
  customResult?: string | null;
  hasCustomContent?: boolean | null;
  result?: string | null;
  overUnder?: string | null;
  homeTeam: string;
  awayTeam: string;
}

/**
 * Spec 3, "Display pick text": the custom result if hasCustomContent and it is not a dash,
 * 'Coming Soon' or blank; otherwise '1' gives '{home} to Win', 'X' gives 'Draw', '2' gives
 * '{away} to Win'; otherwise the overUnder, defaulting to 'Over 2.5 Goals'.
 */
export function displayPickText(input: DisplayPickInput): string {
  const custom = input.hasCustomContent ? meaningfulPickText(input.customResult) : null;
  if (custom) return custom;
  const code = readResultCode(input.result);
  if (code) return resultPickText(code, input.homeTeam, input.awayTeam);
  return meaningfulPickText(input.overUnder) ?? DEFAULT_OVER_UNDER;
}

// ---------------------------------------------------------------------------------------------
// Over/under

export interface OverUnderLine {
  side: "over" | "under";
  line: number;
}

const OVER_UNDER_PATTERN = /^(over|under|o|u)\s*(\d+(?:\.\d+)?)(?:\s+(?:total\s+)?goals?)?$/;

/**
 * 'O2.5' → under/over 2.5 (the threshold is the text after its first letter, spec 5);
 * the long forms 'Over 1.5 Goals', 'Under 3.5' carry the number after the word.
 */
export function parseOverUnder(text: string | null | undefined): OverUnderLine | null {
  if (typeof text !== "string") return null;
  const match = OVER_UNDER_PATTERN.exec(collapse(text).toLowerCase());
  if (!match) return null;
  return { side: match[1].startsWith("o") ? "over" : "under", line: Number(match[2]) };
}

/** 'Over 2.5 Goals' → 'O2.5'; unreadable → null. */
export function overUnderShort(text: string | null | undefined): string | null {
  const parsed = parseOverUnder(text);
  return parsed && `${parsed.side === "over" ? "O" : "U"}${parsed.line}`;
}

/** 'U2.5' → 'Under 2.5 Goals'; unreadable → null. */
export function overUnderLong(text: string | null | undefined): string | null {
  const parsed = parseOverUnder(text);
  if (!parsed) return null;
  const side = parsed.side === "over" ? "Over" : "Under";
  return `${side} ${parsed.line} ${parsed.line === 1 ? "Goal" : "Goals"}`;
}

// ---------------------------------------------------------------------------------------------
// Recognising a pick

export type ClassifiedPick =
  | { kind: "result"; result: ResultCode }
  | { kind: "double-chance"; covers: readonly ResultCode[] }
  | { kind: "draw-no-bet"; side: "1" | "2" }
  | { kind: "over-under"; side: "over" | "under"; line: number }
  | { kind: "btts"; bothScore: boolean }
  | { kind: "unknown" };

/** Lowercase ASCII words: 'Bayern München' and 'bayern munchen' compare equal. */
function squash(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function names(team: TeamNames): string[] {
  return (typeof team === "string" ? [team] : [...team]).map(squash).filter((n) => n !== "");
}

/** Which side a team name in a pick text refers to; 'home' and 'away' are accepted too. */
function sideOf(name: string, teams: MatchTeams): "1" | "2" | null {
  const wanted = squash(name);
  const isHome = wanted === "home" || names(teams.homeTeam).includes(wanted);
  const isAway = wanted === "away" || names(teams.awayTeam).includes(wanted);
  if (isHome === isAway) return null;
  return isHome ? "1" : "2";
}

function choiceOf(name: string, teams: MatchTeams): ResultCode | null {
  return squash(name) === "draw" ? "X" : sideOf(name, teams);
}

const BTTS_PATTERN = /^(?:btts|both teams to score)(?:\s*[:\-–—]?\s*(yes|no|y|n))?$/;
const DOUBLE_CHANCE_CODES = new Map<string, readonly ResultCode[]>([
  ["1x", ["1", "X"]],
  ["x2", ["X", "2"]],
  ["12", ["1", "2"]],
]);
const DOUBLE_CHANCE_PREFIX = /^double chance\s*[:\-–—]?\s*/;
const DRAW_NO_BET_SUFFIX = /^(.+?)\s+(?:draw no bet|dnb)$/;
const DRAW_NO_BET_PREFIX = /^(?:draw no bet|dnb)\s*[:\-–—]?\s*(.+)$/;
const TO_WIN = /^(.+?)\s+(?:to\s+)?win$/;

/**
 * Recognises the market of a pick text: '{home} to Win', 'Draw', '1' / 'X' / '2';
 * 'Over 2.5 Goals', 'U3.5'; 'BTTS: Yes', 'Both Teams to Score', 'BTTS No', 'YES' / 'NO';
 * double chance ('{home} or Draw', '1X', 'X2', '12'); '{team} Draw No Bet'. Anything
 * else is 'unknown'. Team names compare without case or accents and may include aliases.
 */
export function classifyPick(
  text: string | null | undefined,
  homeTeam: TeamNames,
  awayTeam: TeamNames,
): ClassifiedPick {
  const unknown: ClassifiedPick = { kind: "unknown" };
  const meaningful = meaningfulPickText(text);
  if (!meaningful) return unknown;
  const teams = { homeTeam, awayTeam };
  const lower = meaningful.toLowerCase();

  const btts = BTTS_PATTERN.exec(lower);
  if (btts) return { kind: "btts", bothScore: btts[1] === undefined || btts[1].startsWith("y") };
  if (lower === "yes" || lower === "no") return { kind: "btts", bothScore: lower === "yes" };

  const overUnder = parseOverUnder(lower);
  if (overUnder) return { kind: "over-under", ...overUnder };

  const code = readResultCode(lower);
  if (code) return { kind: "result", result: code };
  if (lower === "draw") return { kind: "result", result: "X" };

  const choices = lower.replace(DOUBLE_CHANCE_PREFIX, "");
  const covers = DOUBLE_CHANCE_CODES.get(choices.replace(/[\s/]/g, ""));
  if (covers) return { kind: "double-chance", covers };
  const either = choices.split(" or ");
  if (either.length === 2) {
    const first = choiceOf(either[0], teams);
    const second = choiceOf(either[1], teams);
    if (!first || !second || first === second) return unknown;
    return { kind: "double-chance", covers: [first, second] };
  }

  const drawNoBet = DRAW_NO_BET_SUFFIX.exec(lower) ?? DRAW_NO_BET_PREFIX.exec(lower);
  if (drawNoBet) {
    const side = sideOf(drawNoBet[1], teams);
    return side ? { kind: "draw-no-bet", side } : unknown;
  }

  const toWin = TO_WIN.exec(lower);
  if (toWin) {
    const side = sideOf(toWin[1], teams);
    return side ? { kind: "result", result: side } : unknown;
  }
  return unknown;
}

// ---------------------------------------------------------------------------------------------
// Settling a pick

/**
 * Judges a pick against the final score (spec 4): a pending text ('', 'Coming Soon', 'TBD')
 * stays 'pending'; a missing score counts as a miss; a text no score can judge is 'void'.
 * Because of the missing-score rule, settlement waits for a final score instead of settling
 * without one.
 */
export function settlePick(
  text: string | null | undefined,
  finalScore: Score | null | undefined,
  teams: MatchTeams,
): PickOutcome {
  if (isPendingPick(text)) return "pending";
  if (!finalScore) return "miss";
  const pick = classifyPick(text, teams.homeTeam, teams.awayTeam);
  const result = resultOfScore(finalScore);
  const goals = finalScore.home + finalScore.away;
  const judged = (hit: boolean): PickOutcome => (hit ? "hit" : "miss");

  switch (pick.kind) {
    case "result":
      return judged(result === pick.result);
    case "double-chance":
      return judged(pick.covers.includes(result));
    case "draw-no-bet":
      return result === "X" ? "void" : judged(result === pick.side);
    case "over-under":
      if (goals === pick.line) return "void";
      return judged(pick.side === "over" ? goals > pick.line : goals < pick.line);
    case "btts":
      return judged(finalScore.home > 0 && finalScore.away > 0 ? pick.bothScore : !pick.bothScore);
    case "unknown":
      return "void";
  }
}

/** 'hit' → 'HIT', 'pending' → 'Coming Soon', 'void' → 'VOID', anything else → 'MISS' (spec 4). */
export function pickResultLabel(outcome: string | null | undefined): string {
  if (outcome === "hit") return HIT_LABEL;
  if (outcome === "pending") return COMING_SOON;
  if (outcome === "void") return VOID_LABEL;
  return MISS_LABEL;
}

// ---------------------------------------------------------------------------------------------
// Profit and hit rates

/**
 * Profit for a one-unit stake at decimal odds (spec 4): a hit returns odds minus 1, rounded
 * to 2 decimals; a miss is -1; a void returns the stake (0). Pending picks, and hits whose
 * odds are unknown, have no profit yet (null).
 */
export function pickProfit(outcome: PickOutcome, odds: number | null | undefined): number | null {
  switch (outcome) {
    case "hit":
      return typeof odds === "number" && Number.isFinite(odds) && odds >= 1 ? roundTo(odds - 1, 2) : null;
    case "miss":
      return -1;
    case "void":
      return 0;
    case "pending":
      return null;
  }
}

/** "+1.10", "+0.00", "-1.00": a + sign when 0 or more. */
export function formatProfit(profit: number): string {
  const rounded = roundTo(profit, 2);
  return rounded >= 0 ? `+${Math.abs(rounded).toFixed(2)}` : rounded.toFixed(2);
}

/**
 * The percentage of hits among a match's tracked picks (spec 9: the 3 picks per match),
 * rounded to a whole number. Pending and void picks are not judged yet or have no winner,
 * so they are left out; null when no pick is judged.
 */
export function matchHitRate(outcomes: readonly PickOutcome[]): number | null {
  const judged = outcomes.filter((o) => o === "hit" || o === "miss");
  if (judged.length === 0) return null;
  return Math.round((100 * judged.filter((o) => o === "hit").length) / judged.length);
}

/** Hits over total as a percentage with 2 decimals, the stored precision; 0 when total is 0. */
export function hitRate(hits: number, total: number): number {
  return total > 0 ? roundTo((100 * hits) / total, 2) : 0;
}
