/**
 * Forecasts as CSV, so anyone can score them independently: the match, its kick-off, our
 * probabilities (published and without odds), the picks, their confidence, and the final score
 * once there is one. The benchmark writes one; the site can serve the same format.
 */
import type { Score } from "../domain/picks";
import type { MatchPrediction, TrackedPick } from "./types";

type CsvPick = Pick<TrackedPick, "text" | "confidence">;

/** The parts of a forecast the CSV carries: an engine prediction, or one stored by the worker. */
export interface ForecastCsvPrediction extends Pick<
  MatchPrediction,
  | "matchId"
  | "league"
  | "kickoff"
  | "modelVersion"
  | "probabilities"
  | "modelOnly"
  | "expectedGoals"
  | "projectedScore"
  | "confidence"
> {
  picks: { result: CsvPick; overUnder: CsvPick; btts: CsvPick };
  bestPick: Pick<TrackedPick, "text">;
}

export interface ForecastCsvRow {
  prediction: ForecastCsvPrediction;
  season: string;
  homeTeam: string;
  awayTeam: string;
  /** null before the match is played. */
  finalScore: Score | null;
}

export const FORECAST_CSV_COLUMNS = [
  "match_id",
  "league",
  "season",
  "kickoff_utc",
  "home_team",
  "away_team",
  "p_home",
  "p_draw",
  "p_away",
  "p_over25",
  "p_btts",
  "model_only_p_home",
  "model_only_p_draw",
  "model_only_p_away",
  "model_only_p_over25",
  "model_only_p_btts",
  "expected_goals_home",
  "expected_goals_away",
  "projected_score",
  "result_pick",
  "result_confidence",
  "over_under_pick",
  "over_under_confidence",
  "btts_pick",
  "btts_confidence",
  "best_pick",
  "confidence",
  "model_version",
  "home_goals",
  "away_goals",
] as const;

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
function cell(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const p = (value: number) => value.toFixed(6);

export function forecastCsv(rows: readonly ForecastCsvRow[]): string {
  const lines = [FORECAST_CSV_COLUMNS.join(",")];
  for (const { prediction, season, homeTeam, awayTeam, finalScore } of rows) {
    const { probabilities: pub, modelOnly: mo, picks } = prediction;
    lines.push(
      [
        prediction.matchId,
        prediction.league,
        season,
        prediction.kickoff.toISOString(),
        homeTeam,
        awayTeam,
        p(pub.home),
        p(pub.draw),
        p(pub.away),
        p(pub.over25),
        p(pub.btts),
        p(mo.home),
        p(mo.draw),
        p(mo.away),
        p(mo.over25),
        p(mo.btts),
        prediction.expectedGoals.home.toFixed(3),
        prediction.expectedGoals.away.toFixed(3),
        `${prediction.projectedScore.home}-${prediction.projectedScore.away}`,
        picks.result.text,
        picks.result.confidence,
        picks.overUnder.text,
        picks.overUnder.confidence,
        picks.btts.text,
        picks.btts.confidence,
        prediction.bestPick.text,
        prediction.confidence,
        prediction.modelVersion,
        finalScore?.home ?? "",
        finalScore?.away ?? "",
      ]
        .map(cell)
        .join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}
