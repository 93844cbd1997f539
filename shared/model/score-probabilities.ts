/**
 * Every scoreline as the site shows it: the published grid folded to 0–5+ goals a side (36
 * cells, the last row and column holding five goals or more), stored by the worker with the
 * prediction and read by the match page and the match API.
 */
import { GRID_SIDE } from "./scoreline-grid";

/** Goals a side shown one by one; the last count stands for itself and more ("5+"). */
export const SHOWN_GOALS = 5;
export const SHOWN_SIDE = SHOWN_GOALS + 1;
export const SHOWN_CELLS = SHOWN_SIDE * SHOWN_SIDE;
/** Stored precision: a millionth is far below what the page (one decimal of a percent) shows. */
const STORED_DIGITS = 6;

/** A side's goals as shown: one by one, then five or more. */
export const GOALS_LABELS = ["0", "1", "2", "3", "4", "5+"] as const;
export type GoalsLabel = (typeof GOALS_LABELS)[number];

export interface ScoreProbability {
  home: GoalsLabel;
  away: GoalsLabel;
  /** 0 to 1. */
  probability: number;
}

export function goalsLabel(goals: number): GoalsLabel {
  return GOALS_LABELS[Math.max(0, Math.min(SHOWN_GOALS, Math.floor(goals)))];
}

/**
 * The full grid (row-major, home goals by away goals, `side` a side) folded to 0–5+: row-major,
 * 36 cells, rounded for storage. Null for a grid of the wrong size.
 */
export function foldScoreGrid(grid: ArrayLike<number>, side: number = GRID_SIDE): number[] | null {
  if (side < SHOWN_SIDE || grid.length !== side * side) return null;
  const folded = new Array<number>(SHOWN_CELLS).fill(0);
  for (let h = 0; h < side; h++) {
    for (let a = 0; a < side; a++) {
      const cell = Math.min(h, SHOWN_GOALS) * SHOWN_SIDE + Math.min(a, SHOWN_GOALS);
      folded[cell] += grid[h * side + a];
    }
  }
  const scale = 10 ** STORED_DIGITS;
  return folded.map((p) => Math.round(p * scale) / scale);
}

/** The folded grid as labelled cells, home goals then away goals; null unless it has 36 finite cells. */
export function scoreProbabilities(folded: readonly number[] | null | undefined): ScoreProbability[] | null {
  if (!folded || folded.length !== SHOWN_CELLS || !folded.every((p) => Number.isFinite(p) && p >= 0)) return null;
  return folded.map((probability, index) => ({
    home: goalsLabel(Math.floor(index / SHOWN_SIDE)),
    away: goalsLabel(index % SHOWN_SIDE),
    probability,
  }));
}

/** The `count` likeliest exact scores (the 5+ cells are not one score), likeliest first; on a tie, fewer goals first. */
export function likeliestScores(cells: readonly ScoreProbability[], count: number): ScoreProbability[] {
  const goals = (cell: ScoreProbability) => Number(cell.home) + Number(cell.away);
  return cells
    .filter((cell) => !cell.home.endsWith("+") && !cell.away.endsWith("+"))
    .sort((a, b) => b.probability - a.probability || goals(a) - goals(b) || Number(b.home) - Number(a.home))
    .slice(0, count);
}
