/** Spec 9: tooltips open after 700 ms, at once when another closed less than 300 ms before. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function tooltipOpenDelay(now: number, lastClosedAt: number | null): number {
  return lastClosedAt !== null && now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
}
