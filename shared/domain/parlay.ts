/**
 * Parlay Builder rules (spec sections 4, 5, 7, 8 and 9): which picks may join a parlay, the
 * add button's state, the copied text, and reading the list back from browser storage.
 * Every operation returns a new list; storing it and announcing changes is the caller's job.
 */
import { z } from "zod";
import { formatConfidence, roundTo } from "./format";
import { COMING_SOON, isPendingPick, MATCH_STATES, type MatchState } from "./picks";
import { MINIMUM_WAGER_AGE } from "./site";

export const MAX_PARLAY_PICKS = 10;
/** The session-storage key the list is kept under (spec 7). */
export const PARLAY_STORAGE_KEY = "parlay-picks";

export const MATCH_STARTED_TITLE = "Match Already Started";
export const MATCH_STARTED_MESSAGE = "Picks cannot be added to parlays once the match is live or completed";
export const PICK_NOT_AVAILABLE_TITLE = "Pick Not Available";
export const PICK_NOT_AVAILABLE_MESSAGE = "Try again later when official picks are displayed";
export const DUPLICATE_PICK_MESSAGE = "This pick is already in your parlay";
export const PARLAY_FULL_MESSAGE = `You can only add up to ${MAX_PARLAY_PICKS} picks to a parlay`;
export const PARLAY_ADD_FAILED = "Failed to add pick to parlay";
export const PARLAY_REMOVE_FAILED = "Failed to remove pick from parlay";
export const PARLAY_COPIED = "Parlay copied! Paste it into a text, email, or social post to share.";
export const PARLAY_COPY_FAILED = "Failed to copy parlay to clipboard.";
export const EMPTY_PARLAY_NOTICE =
  "Your Parlay Builder is empty — start by adding a pick from any match page. You can add up to 10 picks before sharing.";
export const PARLAY_DISCLAIMER =
  `For entertainment purposes only: these are predictions, not guarantees, and not betting advice. ` +
  `${MINIMUM_WAGER_AGE}+ to wager. If you bet, bet responsibly.`;

export const ADD_TO_PARLAY_LABEL = "Add to Parlay Builder";
export const ADDED_TO_PARLAY_LABEL = "Added to Your PB";
export const REMOVE_FROM_PARLAY_LABEL = "Remove from PB";

export interface ParlayPick {
  id: string;
  pick: string;
  league: string;
  /** Percent, 0 to 100. */
  confidence: number;
  /** e.g. "Arsenal vs Chelsea". */
  matchup: string;
  homeTeam: string;
  awayTeam: string;
  matchState: MatchState;
  /** The match page, a site-relative path. */
  href?: string;
  /** The model's probability, 0 to 1, that this pick lands; absent when the model has none. */
  probability?: number;
}

export type ParlayRefusalReason = "started" | "not-available" | "duplicate" | "full";

export interface ParlayRefusal {
  ok: false;
  reason: ParlayRefusalReason;
  title?: string;
  message: string;
}

/**
 * Where the refusal is shown: the match page's add button, or the builder dialog, whose
 * duplicate and full messages end with a period (spec 8).
 */
export type ParlaySurface = "match-page" | "builder";

function isUnavailablePick(pick: string): boolean {
  return isPendingPick(pick) || pick.toLowerCase().includes("coming soon");
}

/**
 * Spec 5: no adds once the match is live or post-match, none while the pick is Coming Soon,
 * a pick id only once, at most 10 picks. Checked in that order, so a full parlay still says
 * 'already in your parlay' for a pick it holds.
 */
export function canAddToParlay(
  picks: readonly ParlayPick[],
  candidate: ParlayPick,
  surface: ParlaySurface = "match-page",
): { ok: true } | ParlayRefusal {
  const period = surface === "builder" ? "." : "";
  if (candidate.matchState !== "pre-match") {
    return { ok: false, reason: "started", title: MATCH_STARTED_TITLE, message: MATCH_STARTED_MESSAGE };
  }
  if (isUnavailablePick(candidate.pick)) {
    return { ok: false, reason: "not-available", title: PICK_NOT_AVAILABLE_TITLE, message: PICK_NOT_AVAILABLE_MESSAGE };
  }
  if (isInParlay(picks, candidate.id)) {
    return { ok: false, reason: "duplicate", message: DUPLICATE_PICK_MESSAGE + period };
  }
  if (picks.length >= MAX_PARLAY_PICKS) {
    return { ok: false, reason: "full", message: PARLAY_FULL_MESSAGE + period };
  }
  return { ok: true };
}

export function addToParlay(
  picks: readonly ParlayPick[],
  candidate: ParlayPick,
  surface: ParlaySurface = "match-page",
): { ok: true; picks: ParlayPick[] } | ParlayRefusal {
  const verdict = canAddToParlay(picks, candidate, surface);
  return verdict.ok ? { ok: true, picks: [...picks, candidate] } : verdict;
}

export function removeFromParlay(picks: readonly ParlayPick[], id: string): ParlayPick[] {
  return picks.filter((pick) => pick.id !== id);
}

export function clearParlay(): ParlayPick[] {
  return [];
}

export function isInParlay(picks: readonly ParlayPick[], id: string): boolean {
  return picks.some((pick) => pick.id === id);
}

export interface ParlayButtonState {
  label: string;
  disabled: boolean;
  /** Shown while hovering an added pick. */
  hoverLabel: string | null;
  /** What a click does. */
  action: "add" | "remove" | null;
}

/**
 * The match page's parlay button (spec 4): 'Match Already Started' once live or post-match;
 * disabled while the pick is Coming Soon; 'Added to Your PB' (hover 'Remove from PB', a
 * click removes it) when in the parlay; otherwise 'Add to Parlay Builder'.
 */
export function parlayButtonState(
  match: { state: MatchState },
  pickText: string | null | undefined,
  inParlay: boolean,
): ParlayButtonState {
  if (match.state !== "pre-match") {
    return { label: MATCH_STARTED_TITLE, disabled: true, hoverLabel: null, action: null };
  }
  if (isUnavailablePick(pickText ?? "")) {
    return { label: COMING_SOON, disabled: true, hoverLabel: null, action: null };
  }
  if (inParlay) {
    return { label: ADDED_TO_PARLAY_LABEL, disabled: false, hoverLabel: REMOVE_FROM_PARLAY_LABEL, action: "remove" };
  }
  return { label: ADD_TO_PARLAY_LABEL, disabled: false, hoverLabel: null, action: "add" };
}

/** The mean of the picks' confidences, rounded to one decimal (spec 9); 0 for no picks. */
export function averageConfidence(picks: readonly ParlayPick[]): number {
  if (picks.length === 0) return 0;
  return roundTo(picks.reduce((sum, pick) => sum + pick.confidence, 0) / picks.length, 1);
}

/**
 * The clipboard text (spec 7 and 9): numbered lines 'pick — matchup (Confidence: n%)', the
 * average confidence with one decimal, then the disclaimer and the site name. Empty for an
 * empty parlay, whose Copy button is disabled.
 */
export function parlayCopyText(picks: readonly ParlayPick[], siteName: string): string {
  if (picks.length === 0) return "";
  const lines = picks.map(
    (pick, index) => `${index + 1}. ${pick.pick} — ${pick.matchup} (Confidence: ${formatConfidence(pick.confidence)})`,
  );
  return [
    ...lines,
    `Average Confidence: ${averageConfidence(picks).toFixed(1)}%`,
    "",
    PARLAY_DISCLAIMER,
    siteName,
  ].join("\n");
}

const storedPickSchema = z.object({
  id: z.string().min(1),
  pick: z.string().min(1),
  league: z.string(),
  confidence: z.number().min(0).max(100),
  matchup: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  matchState: z.enum(MATCH_STATES),
  // Only site-relative paths: storage is writable by any script on the origin, and a stored
  // 'javascript:' or off-site URL would otherwise end up in a link.
  href: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional(),
  probability: z.number().min(0).max(1).optional(),
});

/**
 * Reads the list kept in browser storage: the raw JSON text or an already parsed value.
 * Storage can hold anything (older versions, hand edits, other scripts), so this never throws:
 * unreadable data gives an empty list, invalid entries are dropped, a repeated id keeps its
 * first entry and the list is cut to 10 picks. Unknown fields are stripped.
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
    const parsed = storedPickSchema.safeParse(entry);
    if (parsed.success && !isInParlay(picks, parsed.data.id)) picks.push(parsed.data);
  }
  return picks.slice(0, MAX_PARLAY_PICKS);
}
