/** Number helpers the domain modules share (kept apart from format.ts, which writes text). */

/** Half-up rounding on the decimal digits a person sees (1.005 → 1.01, where toFixed gives 1.00). */
export function roundTo(value: number, fractionDigits: number): number {
  return Number(`${Math.round(Number(`${value}e${fractionDigits}`))}e-${fractionDigits}`);
}
