/**
 * The prediction engine's public surface. The worker's prediction job calls predictMatches; the
 * aggregate job and the site's read models use the track-record functions and the forecast CSV.
 * docs/decisions/001-prediction-engine.md explains the model.
 */
export {
  predictMatches,
  weekStart,
  type ModelFit,
  type PredictMatchesInput,
  type PredictMatchesResult,
} from "./predict-matches";
export { MODEL_VERSION } from "./model-version";
export { DEFAULT_MODEL_OPTIONS, type ModelOptions } from "./options";
export { ModelInputError } from "./validate-input";
export type {
  MarketProbabilities,
  MatchInput,
  MatchPrediction,
  OverUnderPrices,
  PlayedMatch,
  ResultPrices,
  TrackedPick,
  UpcomingMatch,
} from "./types";
export {
  algoPerformance,
  algoPerformanceByLeague,
  confidenceReliability,
  dailyHitRates,
  closingLineRecord,
  marketComparison,
  recentSettledMatches,
  type AlgoPerformance,
  type ConfidenceReliability,
  type DailyHitRate,
  type LedgerPickKind,
  type LedgerRow,
  type ClosingLineRecord,
  type MarketComparison,
  type SettledMatch,
} from "./track-record";
export { FORECAST_CSV_COLUMNS, forecastCsv, type ForecastCsvPrediction, type ForecastCsvRow } from "./forecast-csv";
export { reliabilityBins, expectedCalibrationError, type ReliabilityBin } from "./reliability";
