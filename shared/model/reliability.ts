/**
 * Reliability of probability forecasts: equal-width bins of the forecast probability, each
 * with its mean forecast and how often the event happened, and the expected calibration error
 * (ECE), the count-weighted mean gap between the two. A calibrated 70% pick wins about 70% of
 * the time: its bin's gap is near 0.
 */

export interface ProbabilityOutcome {
  probability: number;
  happened: boolean;
}

export interface ReliabilityBin {
  /** Inclusive lower edge; the last bin includes 1. */
  from: number;
  to: number;
  count: number;
  /** null for an empty bin. */
  meanProbability: number | null;
  observedRate: number | null;
}

export const RELIABILITY_BIN_COUNT = 10;

export function reliabilityBins(
  points: readonly ProbabilityOutcome[],
  binCount = RELIABILITY_BIN_COUNT,
): ReliabilityBin[] {
  const sums = Array.from({ length: binCount }, () => ({ count: 0, probability: 0, happened: 0 }));
  for (const { probability, happened } of points) {
    if (!Number.isFinite(probability)) continue;
    const clamped = Math.min(1, Math.max(0, probability));
    const sum = sums[Math.min(binCount - 1, Math.floor(clamped * binCount))];
    sum.count += 1;
    sum.probability += clamped;
    sum.happened += happened ? 1 : 0;
  }
  return sums.map((sum, k) => ({
    from: k / binCount,
    to: (k + 1) / binCount,
    count: sum.count,
    meanProbability: sum.count > 0 ? sum.probability / sum.count : null,
    observedRate: sum.count > 0 ? sum.happened / sum.count : null,
  }));
}

/** Σ_bins (count / total) · |mean forecast − observed rate|; 0 when there are no points. */
export function expectedCalibrationError(bins: readonly ReliabilityBin[]): number {
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  if (total === 0) return 0;
  return bins.reduce(
    (sum, bin) =>
      bin.count > 0 ? sum + (bin.count / total) * Math.abs((bin.meanProbability ?? 0) - (bin.observedRate ?? 0)) : sum,
    0,
  );
}
