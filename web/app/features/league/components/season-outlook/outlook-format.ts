/**
 * How the Season Outlook prints its probabilities. A simulation that never (or always) saw an
 * outcome says little about whether it can happen, so 0% and 100% are kept for the certain:
 * a probability that rounds to them but is not exactly 0 or 1 reads "<1%" or ">99%".
 */
import { ordinal } from "@shared/domain/format";

/** A table figure: "–" for exactly 0, "<1%", "37%", ">99%", "100%" for exactly 1. */
export function outlookPercent(p: number): string {
  if (p <= 0) return "–";
  if (p >= 1) return "100%";
  if (p < 0.005) return "<1%";
  if (p >= 0.995) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** A final position's chance, to a tenth of a percent: "0%", "<0.1%", "24.3%", ">99.9%", "100%". */
export function positionPercent(p: number): string {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.0005) return "<0.1%";
  if (p >= 0.9995) return ">99.9%";
  return `${(p * 100).toFixed(1)}%`;
}

/** Expected points to one decimal. */
export const expectedPointsText = (points: number) => points.toFixed(1);

/** "3rd: 24.3%": one cell of a position strip, in words. */
export const positionCellText = (position: number, p: number) => `${ordinal(position)}: ${positionPercent(p)}`;

/**
 * The shade (0-9) of a position's cell: 0 only for a position never reached, then on a square-root
 * scale, so that a 2% outside chance still shows against the 40% of the likeliest place.
 */
export function positionShade(p: number): number {
  if (p <= 0) return 0;
  return Math.min(9, Math.max(1, Math.ceil(Math.sqrt(p) * 9)));
}
