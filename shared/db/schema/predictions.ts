import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { LEDGER_MARKETS, type LedgerMarket } from "../../ledger/selection";
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
    /** Every scoreline: 36 probabilities, home goals 0–5+ by away goals 0–5+, row-major (shared/model/score-probabilities). */
    scoreGrid: doublePrecision("score_grid").array(),
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

/** A column the ledger's triggers fill in: an insert through drizzle leaves it to the database. */
const setByTrigger = () => sql`default`;

/**
 * The honest track record: the effective pick of each kind frozen at kick-off. Enforced in the
 * database (migrations 0001 pick_ledger_append_only and 0007 ledger_integrity, see
 * docs/decisions/006-verifiable-ledger.md):
 * - an insert is unsettled; the trigger sets locked_at to the fixture's kick-off and recorded_at
 *   to the database clock, whatever was sent, and refuses a pick recorded more than 15 minutes
 *   after kick-off unless the inserting role owns the ledger (a catch-up);
 * - rows cannot be deleted or truncated, and the only permitted update sets settled_at, outcome
 *   and profit once, while they are still null, after the match is final and in agreement with
 *   the final score (pick_ledger_outcome of market and selection, profit at the locked odds);
 * - each row is hashed into a chain at insert (prev_hash, row_hash, in id order), and each
 *   settlement into a second chain (settlement_seq, prev_settlement_hash, settlement_hash) with
 *   the final score it was settled against. /algo-results/ledger.csv publishes both.
 * Migration 0009_fixture_audit adds, for every role but the owner: settled_at is the database's
 * now(); no lock for a match already final or whose kick-off changed in the last 24 hours
 * (fixtureAudit below; docs/decisions/011-ledger-against-fixture-edits.md).
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
    /** The kick-off: the instant the frozen pick stands for. Set by the insert trigger from the fixture. */
    lockedAt: instant("locked_at").notNull().defaultNow(),
    /**
     * When the row was written (the database clock, set by the insert trigger): later than
     * locked_at for a late lock (catch-up, outage).
     */
    recordedAt: instant("recorded_at").notNull().defaultNow(),
    settledAt: instant("settled_at"),
    outcome: text("outcome").$type<PickOutcome>(),
    /** Per unit staked: odds − 1 for a hit, −1 for a miss, 0 for a void. */
    profit: odds("profit"),
    /**
     * What the pick claims, in a form anyone can settle (shared/ledger/selection.ts): sent by
     * the worker, else read from the pick text by the insert trigger, which refuses a market and
     * selection the text contradicts.
     */
    market: text("market").$type<LedgerMarket>().notNull().$defaultFn(setByTrigger),
    selection: text("selection").notNull().$defaultFn(setByTrigger),
    /** The row_hash of the row before (in id order); 64 zeros for the first row. Set by the insert trigger. */
    prevHash: text("prev_hash").notNull().$defaultFn(setByTrigger),
    /** SHA-256 of the row's canonical text (shared/ledger/canonical.ts). Set by the insert trigger. */
    rowHash: text("row_hash").notNull().$defaultFn(setByTrigger),
    /** The final score the row was settled against, copied from the fixture at settlement. */
    finalHomeGoals: integer("final_home_goals"),
    finalAwayGoals: integer("final_away_goals"),
    /** The settlement's place in the settlement chain: 1, 2, 3... in the order of settlement. */
    settlementSeq: integer("settlement_seq"),
    prevSettlementHash: text("prev_settlement_hash"),
    /** SHA-256 of the settlement's canonical text. Set by the update trigger at settlement. */
    settlementHash: text("settlement_hash"),
    /**
     * The canonical settlement text the settlement_hash is computed over: 1 for settlements made
     * before the closing line was recorded, 2 since (with the closing_* columns). Set by the
     * update trigger at settlement.
     */
    settlementVersion: smallint("settlement_version"),
    /**
     * The closing line of the pick's selection (shared/ledger/closing-line.ts), sent by the worker
     * with the settlement, null for a market without quoted prices: the source of the closing
     * prices, the selection's closing price and its fair (de-vigged) probability at the close.
     */
    closingSource: text("closing_source"),
    closingOdds: odds("closing_odds"),
    closingProbability: numeric("closing_probability", { precision: 7, scale: 6, mode: "number" }),
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
    check(
      "pick_ledger_closing_line_check",
      sql`(${t.closingSource} is null and ${t.closingOdds} is null and ${t.closingProbability} is null) or (${t.settlementVersion} = 2 and ${t.closingSource} <> '' and ${t.closingOdds} > 1 and ${t.closingProbability} > 0 and ${t.closingProbability} < 1)`,
    ),
    check(
      "pick_ledger_settlement_version_check",
      sql`(${t.settlementSeq} is null and ${t.settlementVersion} is null) or (${t.settlementSeq} is not null and ${t.settlementVersion} in (1, 2))`,
    ),
    index("pick_ledger_locked_at_idx").on(t.lockedAt),
    index("pick_ledger_settled_at_idx").on(t.settledAt),
    check("pick_ledger_market_check", oneOf(t.market, LEDGER_MARKETS)),
    check(
      "pick_ledger_selection_check",
      sql`case ${t.market}
        when 'result' then ${t.selection} in ('1', 'X', '2')
        when 'double-chance' then ${t.selection} in ('1X', 'X2', '12')
        when 'draw-no-bet' then ${t.selection} in ('1', '2')
        when 'over-under' then ${t.selection} ~ '^(over|under) (0|[1-9][0-9]*)([.][0-9]*[1-9])?$'
        when 'btts' then ${t.selection} in ('yes', 'no')
        else ${t.selection} = '' end`,
    ),
    check("pick_ledger_hash_check", sql`${t.prevHash} ~ '^[0-9a-f]{64}$' and ${t.rowHash} ~ '^[0-9a-f]{64}$'`),
    check(
      "pick_ledger_settlement_hash_check",
      sql`(${t.settledAt} is null and ${t.settlementSeq} is null and ${t.prevSettlementHash} is null and ${t.settlementHash} is null
          and ${t.finalHomeGoals} is null and ${t.finalAwayGoals} is null)
        or (${t.settledAt} is not null and ${t.settlementSeq} is not null and ${t.prevSettlementHash} ~ '^[0-9a-f]{64}$'
          and ${t.settlementHash} ~ '^[0-9a-f]{64}$' and ${t.finalHomeGoals} is not null and ${t.finalAwayGoals} is not null)`,
    ),
    // Neither chain can fork: no two rows follow the same row, or the same settlement.
    unique("pick_ledger_prev_hash_key").on(t.prevHash),
    unique("pick_ledger_settlement_seq_key").on(t.settlementSeq),
    unique("pick_ledger_prev_settlement_hash_key").on(t.prevSettlementHash),
  ],
);

export const FIXTURE_AUDIT_CHANGES = ["kickoff", "final-score", "kickoff+final-score", "deleted"] as const;
export type FixtureAuditChange = (typeof FIXTURE_AUDIT_CHANGES)[number];

/**
 * Every change of a fixture's kick-off or final score, and every deleted fixture, with the time
 * (database clock) and whether the ledger's owner made it: what the ledger trusts about a match,
 * recorded where the application cannot rewrite it. Written only by the fixtures triggers of
 * migration 0009_fixture_audit (a function of the owner's); the application's role may read it,
 * and nobody may change or delete a row (docs/decisions/011-ledger-against-fixture-edits.md).
 * /algo-results/fixture-audit.csv publishes it. No foreign key: a deleted fixture's rows stay.
 */
export const fixtureAudit = pgTable(
  "fixture_audit",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id").notNull(),
    changedAt: instant("changed_at").notNull().defaultNow(),
    change: text("change").$type<FixtureAuditChange>().notNull(),
    /** Made by the role that owns the tables (a deliberate step), not the application's. */
    byOwner: boolean("by_owner").notNull(),
    // The match (for a deletion, the deleted row's).
    league: text("league").notNull(),
    season: text("season").notNull(),
    homeTeamId: integer("home_team_id").notNull(),
    awayTeamId: integer("away_team_id").notNull(),
    oldKickoffAt: instant("old_kickoff_at").notNull(),
    newKickoffAt: instant("new_kickoff_at"),
    oldMatchState: text("old_match_state").notNull(),
    newMatchState: text("new_match_state"),
    oldHomeScore: integer("old_home_score"),
    oldAwayScore: integer("old_away_score"),
    newHomeScore: integer("new_home_score"),
    newAwayScore: integer("new_away_score"),
  },
  (t) => [
    check("fixture_audit_change_check", oneOf(t.change, FIXTURE_AUDIT_CHANGES)),
    index("fixture_audit_fixture_idx").on(t.fixtureId, t.changedAt),
  ],
);

/**
 * What each upcoming match means for its two clubs (shared/model/match-stakes.ts): their title,
 * Champions League and relegation chances under each result, from the season outlook's
 * simulations. The season-outlook job replaces a league's rows each time it simulates the league;
 * pages read them with the match's prediction.
 */
export const matchStakes = pgTable(
  "match_stakes",
  {
    fixtureId: integer("fixture_id")
      .primaryKey()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    league: text("league").notNull(),
    /** How much the match decides: the two clubs' largest win-or-lose changes added up (0 to 2). */
    importance: doublePrecision("importance").notNull(),
    /** The MatchStakesPayload (match-stakes.ts). */
    payload: jsonb("payload").notNull(),
    computedAt: instant("computed_at").notNull().defaultNow(),
  },
  (t) => [
    index("match_stakes_league_idx").on(t.league),
    check("match_stakes_importance_check", between(t.importance, 0, 2)),
  ],
);
