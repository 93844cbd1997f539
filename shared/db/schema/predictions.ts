import { check, doublePrecision, index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { between, confidence, instant, odds, oneOf } from "./columns";
import { fixtures } from "./fixtures";

export const RESULT_PICKS = ["1", "X", "2"] as const;
export type ResultPick = (typeof RESULT_PICKS)[number];
export const BTTS_PICKS = ["YES", "NO"] as const;
export type BttsPick = (typeof BTTS_PICKS)[number];

/** The algorithm's current prediction for a fixture (one row, replaced when the model reruns). */
export const predictions = pgTable(
  "predictions",
  {
    fixtureId: integer("fixture_id")
      .primaryKey()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    modelVersion: text("model_version").notNull(),
    // Model outputs are floating point: they feed arithmetic, not display.
    probHome: doublePrecision("prob_home").notNull(),
    probDraw: doublePrecision("prob_draw").notNull(),
    probAway: doublePrecision("prob_away").notNull(),
    probOver25: doublePrecision("prob_over25").notNull(),
    probBtts: doublePrecision("prob_btts").notNull(),
    // The same forecast without the market's prices (the model's own view), for the public forecast CSV.
    modelOnlyHome: doublePrecision("model_only_home"),
    modelOnlyDraw: doublePrecision("model_only_draw"),
    modelOnlyAway: doublePrecision("model_only_away"),
    modelOnlyOver25: doublePrecision("model_only_over25"),
    modelOnlyBtts: doublePrecision("model_only_btts"),
    expectedGoalsHome: doublePrecision("expected_goals_home").notNull(),
    expectedGoalsAway: doublePrecision("expected_goals_away").notNull(),
    projectedHomeScore: integer("projected_home_score").notNull(),
    projectedAwayScore: integer("projected_away_score").notNull(),
    resultPick: text("result_pick").$type<ResultPick>().notNull(),
    /** Pick text, e.g. 'Over 2.5 Goals'. */
    overUnderPick: text("over_under_pick").notNull(),
    bttsPick: text("btts_pick").$type<BttsPick>().notNull(),
    /** The headline pick text the pages show, e.g. 'Arsenal to Win'. */
    bestPick: text("best_pick").notNull(),
    /** Confidence of the best pick. */
    confidence: confidence("confidence").notNull(),
    resultConfidence: confidence("result_confidence"),
    overUnderConfidence: confidence("over_under_confidence"),
    bttsConfidence: confidence("btts_confidence"),
    // The prices the picks were made against.
    bestPickOdds: odds("best_pick_odds"),
    resultOdds: odds("result_odds"),
    overUnderOdds: odds("over_under_odds"),
    bttsOdds: odds("btts_odds"),
    predictedAt: instant("predicted_at").notNull().defaultNow(),
  },
  (t) => [
    check("predictions_result_pick_check", oneOf(t.resultPick, RESULT_PICKS)),
    check("predictions_btts_pick_check", oneOf(t.bttsPick, BTTS_PICKS)),
    check(
      "predictions_probabilities_check",
      sql.join(
        [t.probHome, t.probDraw, t.probAway, t.probOver25, t.probBtts].map((column) => between(column, 0, 1)),
        sql` and `,
      ),
    ),
    check(
      "predictions_confidence_check",
      // A null optional confidence passes (a check treats null as true).
      sql.join(
        [t.confidence, t.resultConfidence, t.overUnderConfidence, t.bttsConfidence].map((column) =>
          between(column, 0, 100),
        ),
        sql` and `,
      ),
    ),
  ],
);

export const PICK_KINDS = ["best", "result", "over-under", "btts"] as const;
export type PickKind = (typeof PICK_KINDS)[number];
export const PICK_SOURCES = ["editorial", "algorithm", "coming-soon"] as const;
export type PickSource = (typeof PICK_SOURCES)[number];
export const PICK_OUTCOMES = ["hit", "miss", "void"] as const;
export type PickOutcome = (typeof PICK_OUTCOMES)[number];

/**
 * The honest track record: the effective pick of each kind frozen at kick-off. Append-only,
 * enforced by a trigger (migration pick_ledger_append_only): rows cannot be deleted, and the only
 * permitted update sets settled_at, outcome and profit once, while they are still null.
 */
export const pickLedger = pgTable(
  "pick_ledger",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id),
    pickKind: text("pick_kind").$type<PickKind>().notNull(),
    /** The pick text as shown at kick-off. */
    pick: text("pick").notNull(),
    confidence: confidence("confidence").notNull(),
    odds: odds("odds"),
    source: text("source").$type<PickSource>().notNull(),
    /** The Sanity document id for editorial picks, the model version for algorithm picks. */
    sourceRef: text("source_ref"),
    /** The kick-off: the instant the frozen pick stands for. */
    lockedAt: instant("locked_at").notNull().defaultNow(),
    /** When the row was written (database time): later than locked_at for a late lock (catch-up, outage). */
    recordedAt: instant("recorded_at").notNull().defaultNow(),
    settledAt: instant("settled_at"),
    outcome: text("outcome").$type<PickOutcome>(),
    /** Per unit staked: odds − 1 for a hit, −1 for a miss, 0 for a void. */
    profit: odds("profit"),
  },
  (t) => [
    // Leading fixture_id also serves lookups by fixture (and by league, joined through fixtures).
    unique("pick_ledger_fixture_kind_key").on(t.fixtureId, t.pickKind),
    check("pick_ledger_pick_kind_check", oneOf(t.pickKind, PICK_KINDS)),
    check("pick_ledger_source_check", oneOf(t.source, PICK_SOURCES)),
    check("pick_ledger_outcome_check", oneOf(t.outcome, PICK_OUTCOMES)),
    check("pick_ledger_confidence_check", between(t.confidence, 0, 100)),
    check(
      "pick_ledger_settlement_check",
      sql`(${t.settledAt} is null and ${t.outcome} is null and ${t.profit} is null) or (${t.settledAt} is not null and ${t.outcome} is not null)`,
    ),
    index("pick_ledger_locked_at_idx").on(t.lockedAt),
    index("pick_ledger_settled_at_idx").on(t.settledAt),
  ],
);
