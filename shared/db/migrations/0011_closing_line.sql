-- The closing line of every settled pick (shared/ledger/closing-line.ts): the source, the closing
-- price of the pick's selection and its fair probability at the close, sent by the worker with the
-- settlement and hashed into the settlement chain. Settlements made before keep their format
-- (settlement_version 1); every settlement from now on uses format 2 (shared/ledger/canonical.ts),
-- with the closing line, empty for a market without quoted prices.
ALTER TABLE "pick_ledger" ADD COLUMN "settlement_version" smallint;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "closing_source" text;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "closing_odds" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "closing_probability" numeric(7, 6);--> statement-breakpoint
-- Every settlement so far was hashed in format 1.
ALTER TABLE "pick_ledger" DISABLE TRIGGER pick_ledger_append_only_rows;--> statement-breakpoint
UPDATE "pick_ledger" SET "settlement_version" = 1 WHERE "settlement_seq" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "pick_ledger" ENABLE TRIGGER pick_ledger_append_only_rows;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_closing_line_check" CHECK (("pick_ledger"."closing_source" is null and "pick_ledger"."closing_odds" is null and "pick_ledger"."closing_probability" is null) or ("pick_ledger"."settlement_version" = 2 and "pick_ledger"."closing_source" <> '' and "pick_ledger"."closing_odds" > 1 and "pick_ledger"."closing_probability" > 0 and "pick_ledger"."closing_probability" < 1));--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_settlement_version_check" CHECK (("pick_ledger"."settlement_seq" is null and "pick_ledger"."settlement_version" is null) or ("pick_ledger"."settlement_seq" is not null and "pick_ledger"."settlement_version" in (1, 2)));--> statement-breakpoint
-- The canonical text of a settlement in format 2 (shared/ledger/canonical.ts, ledgerSettlementText).
CREATE FUNCTION pick_ledger_settlement_text_v2(
  p_settlement_seq integer, p_id integer, p_row_hash text, p_settled_at timestamptz, p_final_home_goals integer,
  p_final_away_goals integer, p_outcome text, p_profit numeric, p_closing_source text, p_closing_odds numeric,
  p_closing_probability numeric, p_prev_settlement_hash text
) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, public
AS $$
  SELECT 'pick_ledger settlement v2' || E'\n' || string_agg(name || '=' || pick_ledger_escape(value) || E'\n', '' ORDER BY n)
  FROM (VALUES
    (1, 'settlement_seq', p_settlement_seq::text),
    (2, 'id', p_id::text),
    (3, 'row_hash', p_row_hash),
    (4, 'settled_at', pick_ledger_instant(p_settled_at)),
    (5, 'final_home_goals', p_final_home_goals::text),
    (6, 'final_away_goals', p_final_away_goals::text),
    (7, 'outcome', p_outcome),
    (8, 'profit', p_profit::text),
    (9, 'closing_source', p_closing_source),
    (10, 'closing_odds', p_closing_odds::text),
    (11, 'closing_probability', p_closing_probability::text),
    (12, 'prev_settlement_hash', p_prev_settlement_hash)
  ) AS field(n, name, value)
$$;
--> statement-breakpoint
-- Settlements (0009), now with the closing line and in format 2.
CREATE OR REPLACE FUNCTION pick_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public
AS $$
DECLARE
  settlement_columns constant text[] := ARRAY['settled_at', 'outcome', 'profit', 'final_home_goals', 'final_away_goals',
    'settlement_seq', 'prev_settlement_hash', 'settlement_hash', 'settlement_version', 'closing_source', 'closing_odds',
    'closing_probability'];
  fixture record;
  expected text;
  expected_profit numeric;
  last_settlement record;
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'pick_ledger is append-only: % is not allowed', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.settled_at IS NOT NULL OR OLD.outcome IS NOT NULL OR OLD.profit IS NOT NULL THEN
    RAISE EXCEPTION 'pick_ledger row % is already settled and cannot change', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - settlement_columns) IS DISTINCT FROM (to_jsonb(OLD) - settlement_columns) THEN
    RAISE EXCEPTION 'pick_ledger row % is locked: only settled_at, outcome, profit and the closing line can be set', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  -- The settlement's score and chain columns are the database's to fill in.
  NEW.final_home_goals := NULL;
  NEW.final_away_goals := NULL;
  NEW.settlement_seq := NULL;
  NEW.prev_settlement_hash := NULL;
  NEW.settlement_hash := NULL;
  NEW.settlement_version := NULL;
  -- So is its time: the transaction's, whatever the application's role sent. The owner gives it
  -- (a catch-up settling past matches at their time, a replay), never one still to come.
  IF NEW.outcome IS NOT NULL AND NOT pick_ledger_by_owner(current_user) THEN
    NEW.settled_at := now();
  END IF;
  IF NEW.settled_at IS NULL OR NEW.outcome IS NULL THEN
    -- Not a settlement; a partial one fails pick_ledger_settlement_check. The closing line comes
    -- with the settlement, never before it.
    NEW.closing_source := NULL;
    NEW.closing_odds := NULL;
    NEW.closing_probability := NULL;
    RETURN NEW;
  END IF;
  IF num_nonnulls(NEW.closing_source, NEW.closing_odds, NEW.closing_probability) NOT IN (0, 3) THEN
    RAISE EXCEPTION 'pick_ledger row % cannot be settled with part of a closing line (source %, odds %, probability %)',
      NEW.id, coalesce(NEW.closing_source, 'none'), coalesce(NEW.closing_odds::text, 'none'), coalesce(NEW.closing_probability::text, 'none')
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.closing_source IS NOT NULL AND NEW.market NOT IN ('result', 'over-under', 'btts') THEN
    RAISE EXCEPTION 'pick_ledger row % has no quoted closing price: its market is %', NEW.id, NEW.market
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.settled_at > clock_timestamp() THEN
    RAISE EXCEPTION 'pick_ledger row % cannot be settled at %, a time still to come', NEW.id, NEW.settled_at
      USING ERRCODE = 'restrict_violation';
  END IF;

  SELECT f.match_state, f.home_score, f.away_score INTO fixture FROM fixtures AS f WHERE f.id = NEW.fixture_id;
  IF fixture.match_state IS DISTINCT FROM 'post-match' OR fixture.home_score IS NULL OR fixture.away_score IS NULL THEN
    RAISE EXCEPTION 'pick_ledger row % cannot be settled yet: its match (fixture %) is not final (state %, score %-%)',
      NEW.id, NEW.fixture_id, fixture.match_state, coalesce(fixture.home_score::text, '?'), coalesce(fixture.away_score::text, '?')
      USING ERRCODE = 'restrict_violation';
  END IF;
  expected := pick_ledger_outcome(NEW.market, NEW.selection, fixture.home_score, fixture.away_score);
  IF expected IS NULL THEN
    RAISE EXCEPTION 'pick_ledger row % has no pick to settle: "%" is pending', NEW.id, NEW.pick
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.outcome IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'pick_ledger row % cannot be settled as %: the pick "%" (% %) is a % with the final score %-%',
      NEW.id, NEW.outcome, NEW.pick, NEW.market, NEW.selection, expected, fixture.home_score, fixture.away_score
      USING ERRCODE = 'restrict_violation';
  END IF;
  expected_profit := pick_ledger_profit(expected, NEW.odds);
  IF NEW.profit IS DISTINCT FROM expected_profit THEN
    RAISE EXCEPTION 'pick_ledger row % cannot be settled with profit %: a % at odds % pays %',
      NEW.id, coalesce(NEW.profit::text, 'none'), expected, coalesce(NEW.odds::text, 'none'), coalesce(expected_profit::text, 'nothing known')
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.settled_at < NEW.locked_at THEN
    RAISE EXCEPTION 'pick_ledger row % cannot be settled at %, before its kick-off %', NEW.id, NEW.settled_at, NEW.locked_at
      USING ERRCODE = 'restrict_violation';
  END IF;

  PERFORM pick_ledger_chain_lock();
  SELECT l.settlement_seq, l.settlement_hash INTO last_settlement
  FROM pick_ledger AS l WHERE l.settlement_seq = (SELECT max(settlement_seq) FROM pick_ledger);
  NEW.final_home_goals := fixture.home_score;
  NEW.final_away_goals := fixture.away_score;
  NEW.settlement_seq := coalesce(last_settlement.settlement_seq, 0) + 1;
  NEW.prev_settlement_hash := coalesce(last_settlement.settlement_hash, pick_ledger_genesis());
  NEW.settlement_version := 2;
  NEW.settlement_hash := pick_ledger_sha256(pick_ledger_settlement_text_v2(NEW.settlement_seq, NEW.id, NEW.row_hash,
    NEW.settled_at, NEW.final_home_goals, NEW.final_away_goals, NEW.outcome, NEW.profit, NEW.closing_source,
    NEW.closing_odds, NEW.closing_probability, NEW.prev_settlement_hash));
  RETURN NEW;
END;
$$;
