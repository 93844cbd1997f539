/**
 * Small statistics and formatting for the web benchmarks: medians, percentiles and the fixed-width
 * columns of the printed tables.
 */

/** The value below which `p` percent of the sorted values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** The middle value (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function min(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.min(...values);
}

/** "1,234" for rates, "n/a" for a missing figure. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "n/a";
}

/** Milliseconds with a precision that suits the size: "0.42", "12.3", "215". */
export function formatMs(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  if (value < 10) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return value.toFixed(0);
}

export function formatRatio(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : "n/a";
}

/** Pads every cell to its column's width; the first column is left-aligned, the rest right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The one-, five- and fifteen-minute load averages, as `uptime` prints them. */
export function formatLoadAverage(load: readonly number[]): string {
  return load.map((l) => l.toFixed(2)).join(", ");
}
