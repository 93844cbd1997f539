/**
 * Adding a pick to the Parlay Builder (spec sections 4, 5 and 8): which picks may join, the
 * refusals and their texts, and the match page's add button. Used by the add button only.
 */
import { isInParlay, MAX_PARLAY_PICKS, type ParlayPick } from "./parlay";
import { COMING_SOON, isPendingPick, type MatchState } from "./picks";

export const MATCH_STARTED_TITLE = "Match Already Started";
export const MATCH_STARTED_MESSAGE = "Picks cannot be added to parlays once the match is live or completed";
export const PICK_NOT_AVAILABLE_TITLE = "Pick Not Available";
export const PICK_NOT_AVAILABLE_MESSAGE = "Try again later when official picks are displayed";
export const DUPLICATE_PICK_MESSAGE = "This pick is already in your parlay";
export const PARLAY_FULL_MESSAGE = `You can only add up to ${MAX_PARLAY_PICKS} picks to a parlay`;

export const ADD_TO_PARLAY_LABEL = "Add to Parlay Builder";
export const ADDED_TO_PARLAY_LABEL = "Added to Your PB";
export const REMOVE_FROM_PARLAY_LABEL = "Remove from PB";

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
