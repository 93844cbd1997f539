/**
 * Writing the engine's forecasts to the predictions table: one statement per batch, a stored
 * prediction replaced only when something in it changed, and only for matches that have not
 * kicked off as of the forecasts' instant.
 */
import { sql } from "drizzle-orm";
import type { MatchPrediction } from "@shared/model";
import { foldScoreGrid } from "@shared/model/score-probabilities";
import type { JobDb } from "./types";

const TEXT_COLUMNS = new Set(["model_version", "result_pick", "over_under_pick", "btts_pick", "best_pick"]);

/**
 * Stores the forecasts as of `asOf` (predicted_at: the instant whose information they use).
 * Only matches kicking off at or after asOf are written; a stored prediction is replaced.
 */
export async function storePredictions(
  db: JobDb,
  predictions: readonly MatchPrediction[],
  asOf: Date,
): Promise<number> {
  if (predictions.length === 0) return 0;
  const records = predictions.map((p) => ({
    fixture_id: Number(p.matchId),
    model_version: p.modelVersion,
    prob_home: p.probabilities.home,
    prob_draw: p.probabilities.draw,
    prob_away: p.probabilities.away,
    prob_over25: p.probabilities.over25,
    prob_btts: p.probabilities.btts,
    model_only_home: p.modelOnly.home,
    model_only_draw: p.modelOnly.draw,
    model_only_away: p.modelOnly.away,
    model_only_over25: p.modelOnly.over25,
    model_only_btts: p.modelOnly.btts,
    expected_goals_home: p.expectedGoals.home,
    expected_goals_away: p.expectedGoals.away,
    projected_home_score: p.projectedScore.home,
    projected_away_score: p.projectedScore.away,
    score_grid: foldScoreGrid(p.grid),
    result_pick: p.picks.result.code,
    over_under_pick: p.picks.overUnder.text,
    btts_pick: p.picks.btts.code,
    best_pick: p.bestPick.text,
    confidence: p.confidence,
    result_confidence: p.picks.result.confidence,
    over_under_confidence: p.picks.overUnder.confidence,
    btts_confidence: p.picks.btts.confidence,
    best_pick_odds: p.bestPick.odds,
    result_odds: p.picks.result.odds,
    over_under_odds: p.picks.overUnder.odds,
    btts_odds: p.picks.btts.odds,
  }));
  const columns = Object.keys(records[0]);
  const typeOf = (c: string) =>
    TEXT_COLUMNS.has(c)
      ? "text"
      : c === "fixture_id" || c.startsWith("projected")
        ? "int"
        : c === "score_grid"
          ? "double precision[]"
          : "double precision";
  const updated = columns.filter((c) => c !== "fixture_id");
  const at = asOf.toISOString();
  return db.transaction(async (tx) => {
    const rows = await tx.execute(sql`
      insert into predictions (${sql.raw(columns.join(", "))}, predicted_at)
      select ${sql.raw(columns.map((c) => `t.${c}`).join(", "))}, ${at}::timestamptz
      from json_to_recordset(${JSON.stringify(records)}::json)
        as t(${sql.raw(columns.map((c) => `${c} ${typeOf(c)}`).join(", "))})
      join fixtures f on f.id = t.fixture_id and f.kickoff_at >= ${at}::timestamptz
      on conflict (fixture_id) do update set ${sql.raw(updated.map((c) => `${c} = excluded.${c}`).join(", "))}, predicted_at = excluded.predicted_at
      where (${sql.raw(updated.map((c) => `predictions.${c}`).join(", "))}) is distinct from (${sql.raw(updated.map((c) => `excluded.${c}`).join(", "))})
      returning 1`);
    return rows.length;
  });
}
