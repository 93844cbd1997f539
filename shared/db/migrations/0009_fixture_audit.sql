-- The ledger against edits of the fixtures it trusts (docs/decisions/011-ledger-against-fixture-edits.md).
-- The application's role writes fixtures, and the ledger takes a pick's kick-off and its final
-- score from them. So:
-- 1. fixture_audit records, with the database's time, every change of a fixture's kick-off or
--    final score and every deleted fixture. Only the fixtures triggers write it (through a function
--    of the owner's); nobody may change or delete a row; /algo-results/fixture-audit.csv publishes it.
--    A fixture with ledger rows keeps its league, season and teams.
-- 2. The application's role cannot lock a pick for a match whose kick-off changed (or whose fixture
--    was deleted and inserted again) in the last 24 hours, nor for a match already final: only the
--    owner can, as for a late lock.
-- 3. settled_at is the database's: set to now() for the application's role, whatever it sent; the
--    owner may give an earlier time (a catch-up, a replay), never a later one.
CREATE TABLE "fixture_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"change" text NOT NULL,
	"by_owner" boolean NOT NULL,
	"league" text NOT NULL,
	"season" text NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"old_kickoff_at" timestamp with time zone NOT NULL,
	"new_kickoff_at" timestamp with time zone,
	"old_match_state" text NOT NULL,
	"new_match_state" text,
	"old_home_score" integer,
	"old_away_score" integer,
	"new_home_score" integer,
	"new_away_score" integer,
	CONSTRAINT "fixture_audit_change_check" CHECK ("fixture_audit"."change" in ('kickoff', 'final-score', 'kickoff+final-score', 'deleted'))
);
--> statement-breakpoint
CREATE INDEX "fixture_audit_fixture_idx" ON "fixture_audit" USING btree ("fixture_id","changed_at");--> statement-breakpoint
-- Whether the role running the statement owns the tables (the ledger's owner, who migrates): the
-- role that may lock late, and whose changes the audit marks by_owner.
CREATE FUNCTION pick_ledger_by_owner(role_name name) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, public
AS $$ SELECT pg_has_role(role_name, c.relowner, 'USAGE') FROM pg_class AS c WHERE c.oid = 'pick_ledger'::regclass $$;
--> statement-breakpoint
-- A pick is not locked by the application's role when its match's kick-off changed less than
-- this long ago (fixture_audit).
CREATE FUNCTION pick_ledger_kickoff_settle_time() RETURNS interval
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog
AS $$ SELECT interval '24 hours' $$;
--> statement-breakpoint
-- Audit rows are written by fixture_audit_record() only, and never change.
CREATE FUNCTION fixture_audit_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Inside fixture_audit_record (a trigger on fixtures), the insert's own trigger is nested.
    IF pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'fixture_audit is written by the fixtures triggers only'
        USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'fixture_audit is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fixture_audit_append_only_rows
  BEFORE INSERT OR UPDATE OR DELETE ON fixture_audit
  FOR EACH ROW EXECUTE FUNCTION fixture_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER fixture_audit_append_only_truncate
  BEFORE TRUNCATE ON fixture_audit
  FOR EACH STATEMENT EXECUTE FUNCTION fixture_audit_append_only();
--> statement-breakpoint
-- Records a change of a fixture's kick-off or final score (or its deletion) in fixture_audit, and
-- refuses a change of league, season or teams of a fixture with ledger rows. SECURITY DEFINER:
-- it runs as the owner, so the audit is written although the application's role may only read
-- it; session_user is who made the change. Nobody else may attach it to a table.
CREATE FUNCTION fixture_audit_record() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public
AS $$
DECLARE
  kickoff_changed boolean;
  score_changed boolean;
  by_owner boolean := pick_ledger_by_owner(session_user);
BEGIN
  IF TG_TABLE_SCHEMA <> 'public' OR TG_TABLE_NAME <> 'fixtures' OR TG_WHEN <> 'AFTER' OR TG_LEVEL <> 'ROW' THEN
    RAISE EXCEPTION 'fixture_audit_record() records changes of public.fixtures only';
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO fixture_audit (fixture_id, changed_at, change, by_owner, league, season, home_team_id, away_team_id,
      old_kickoff_at, old_match_state, old_home_score, old_away_score)
    VALUES (OLD.id, clock_timestamp(), 'deleted', by_owner, OLD.league, OLD.season, OLD.home_team_id, OLD.away_team_id,
      OLD.kickoff_at, OLD.match_state, OLD.home_score, OLD.away_score);
    RETURN OLD;
  END IF;
  IF (OLD.league, OLD.season, OLD.home_team_id, OLD.away_team_id) IS DISTINCT FROM (NEW.league, NEW.season, NEW.home_team_id, NEW.away_team_id)
     AND EXISTS (SELECT 1 FROM pick_ledger AS l WHERE l.fixture_id = OLD.id) THEN
    RAISE EXCEPTION 'fixture % has picks in the ledger: its league, season and teams cannot change', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  kickoff_changed := OLD.kickoff_at IS DISTINCT FROM NEW.kickoff_at;
  score_changed := (OLD.match_state = 'post-match' OR NEW.match_state = 'post-match')
    AND (OLD.match_state, OLD.home_score, OLD.away_score) IS DISTINCT FROM (NEW.match_state, NEW.home_score, NEW.away_score);
  IF kickoff_changed OR score_changed THEN
    INSERT INTO fixture_audit (fixture_id, changed_at, change, by_owner, league, season, home_team_id, away_team_id,
      old_kickoff_at, new_kickoff_at, old_match_state, new_match_state, old_home_score, old_away_score, new_home_score, new_away_score)
    VALUES (NEW.id, clock_timestamp(),
      CASE WHEN kickoff_changed AND score_changed THEN 'kickoff+final-score' WHEN kickoff_changed THEN 'kickoff' ELSE 'final-score' END,
      by_owner, NEW.league, NEW.season, NEW.home_team_id, NEW.away_team_id,
      OLD.kickoff_at, NEW.kickoff_at, OLD.match_state, NEW.match_state, OLD.home_score, OLD.away_score, NEW.home_score, NEW.away_score);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION fixture_audit_record() FROM PUBLIC;--> statement-breakpoint
-- Only updates that touch the kick-off, a final score or the match's identity call the function:
-- the live score of a match in play, updated every few seconds, does not.
CREATE TRIGGER fixtures_audit_updates
  AFTER UPDATE ON fixtures
  FOR EACH ROW
  WHEN (OLD.kickoff_at IS DISTINCT FROM NEW.kickoff_at
    OR ((OLD.match_state = 'post-match' OR NEW.match_state = 'post-match')
      AND (OLD.match_state, OLD.home_score, OLD.away_score) IS DISTINCT FROM (NEW.match_state, NEW.home_score, NEW.away_score))
    OR (OLD.league, OLD.season, OLD.home_team_id, OLD.away_team_id) IS DISTINCT FROM (NEW.league, NEW.season, NEW.home_team_id, NEW.away_team_id))
  EXECUTE FUNCTION fixture_audit_record();
--> statement-breakpoint
CREATE TRIGGER fixtures_audit_deletes
  AFTER DELETE ON fixtures
  FOR EACH ROW EXECUTE FUNCTION fixture_audit_record();
--> statement-breakpoint
-- The last time in the past pick_ledger_kickoff_settle_time() that the fixture's kick-off changed,
-- or that a fixture of the same match (league, season, teams) was deleted; null if none.
CREATE FUNCTION pick_ledger_kickoff_changed_at(p_fixture_id integer) RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, public
AS $$
DECLARE
  since timestamptz := clock_timestamp() - pick_ledger_kickoff_settle_time();
  moved timestamptz;
  deleted timestamptz;
BEGIN
  SELECT max(a.changed_at) INTO moved FROM fixture_audit AS a
  WHERE a.fixture_id = p_fixture_id AND a.changed_at > since AND a.change IN ('kickoff', 'kickoff+final-score');
  SELECT max(a.changed_at) INTO deleted FROM fixture_audit AS a JOIN fixtures AS f ON f.id = p_fixture_id
  WHERE a.change = 'deleted' AND a.changed_at > since
    AND (a.league, a.season, a.home_team_id, a.away_team_id) = (f.league, f.season, f.home_team_id, f.away_team_id);
  RETURN greatest(moved, deleted);
END;
$$;
--> statement-breakpoint
-- Whether the current role may still lock a pick for this match (lock-picks asks before it tries):
-- the owner always; the application's role up to pick_ledger_late_after() after kick-off, unless
-- the match is already final or its kick-off changed recently.
CREATE FUNCTION pick_ledger_lock_open(p_fixture_id integer, kickoff timestamptz) RETURNS boolean
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, public
AS $$
BEGIN
  IF pick_ledger_by_owner(current_user) THEN
    RETURN true;
  END IF;
  IF clock_timestamp() > kickoff + pick_ledger_late_after() THEN
    RETURN false;
  END IF;
  RETURN NOT EXISTS (SELECT 1 FROM fixtures AS f WHERE f.id = p_fixture_id AND f.match_state = 'post-match')
    AND pick_ledger_kickoff_changed_at(p_fixture_id) IS NULL;
END;
$$;
--> statement-breakpoint
-- Inserts (0007), and for the application's role: not for a match already final, nor one whose
-- kick-off changed recently.
CREATE OR REPLACE FUNCTION pick_ledger_lock_row() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public
AS $$
DECLARE
  fixture record;
  read_as record;
  last_row record;
  recorded timestamptz;
  from_sequence boolean;
  kickoff_changed timestamptz;
  by_owner boolean := pick_ledger_by_owner(current_user);
BEGIN
  IF NEW.settled_at IS NOT NULL OR NEW.outcome IS NOT NULL OR NEW.profit IS NOT NULL THEN
    RAISE EXCEPTION 'pick_ledger rows are inserted unsettled: a pick is settled by an UPDATE once its match is final'
      USING ERRCODE = 'restrict_violation';
  END IF;
  SELECT f.kickoff_at, f.home_team_id, f.away_team_id, f.match_state,
         array_remove(ARRAY[h.name, h.short_name, h.football_data_name], NULL) AS home_names,
         array_remove(ARRAY[a.name, a.short_name, a.football_data_name], NULL) AS away_names
  INTO fixture
  FROM fixtures AS f
  LEFT JOIN teams AS h ON h.id = f.home_team_id
  LEFT JOIN teams AS a ON a.id = f.away_team_id
  WHERE f.id = NEW.fixture_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'pick_ledger: fixture % does not exist', NEW.fixture_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NOT by_owner THEN
    IF fixture.match_state = 'post-match' THEN
      RAISE EXCEPTION 'pick_ledger: fixture % is already final; locking a pick for a finished match needs the role that owns pick_ledger',
        NEW.fixture_id
        USING ERRCODE = 'restrict_violation';
    END IF;
    kickoff_changed := pick_ledger_kickoff_changed_at(NEW.fixture_id);
    IF kickoff_changed IS NOT NULL THEN
      RAISE EXCEPTION 'pick_ledger: the kick-off of fixture % was changed (or a fixture of its match deleted) at %, less than % ago (see fixture_audit); a lock after a recent change of kick-off needs the role that owns pick_ledger',
        NEW.fixture_id, kickoff_changed, pick_ledger_kickoff_settle_time()
        USING ERRCODE = 'restrict_violation';
    END IF;
  END IF;

  read_as := pick_ledger_classify(NEW.pick, fixture.home_names, fixture.away_names);
  IF NEW.market IS NULL THEN
    NEW.market := read_as.market;
    NEW.selection := read_as.selection;
  ELSIF read_as.market <> 'unknown' AND (read_as.market, read_as.selection) IS DISTINCT FROM (NEW.market, coalesce(NEW.selection, '')) THEN
    RAISE EXCEPTION 'pick_ledger: the pick "%" reads as % %, not % %', NEW.pick, read_as.market, read_as.selection, NEW.market, NEW.selection
      USING ERRCODE = 'restrict_violation';
  END IF;
  NEW.selection := coalesce(NEW.selection, '');
  NEW.locked_at := fixture.kickoff_at;
  NEW.final_home_goals := NULL;
  NEW.final_away_goals := NULL;
  NEW.settlement_seq := NULL;
  NEW.prev_settlement_hash := NULL;
  NEW.settlement_hash := NULL;

  PERFORM pick_ledger_chain_lock();
  recorded := clock_timestamp();
  IF recorded > fixture.kickoff_at + pick_ledger_late_after() AND NOT by_owner THEN
    RAISE EXCEPTION 'pick_ledger: fixture % kicked off at %, so its picks could be recorded until %; it is %. A later lock (a catch-up) needs the role that owns pick_ledger',
      NEW.fixture_id, fixture.kickoff_at, fixture.kickoff_at + pick_ledger_late_after(), recorded
      USING ERRCODE = 'restrict_violation';
  END IF;

  SELECT l.id, l.row_hash INTO last_row FROM pick_ledger AS l ORDER BY l.id DESC LIMIT 1;
  -- The chain runs in id order, so ids come from the sequence, taken in the order of this lock:
  -- an id the client chose, or one a concurrent insert overtook, is replaced by the next one.
  BEGIN
    from_sequence := NEW.id = currval(pg_get_serial_sequence('pick_ledger', 'id'));
  EXCEPTION WHEN object_not_in_prerequisite_state THEN
    from_sequence := false;
  END;
  IF NOT coalesce(from_sequence, false) OR NEW.id <= coalesce(last_row.id, 0) THEN
    NEW.id := nextval(pg_get_serial_sequence('pick_ledger', 'id'));
  END IF;
  IF NEW.id <= coalesce(last_row.id, 0) THEN
    RAISE EXCEPTION 'pick_ledger: id % would not follow the last row %', NEW.id, last_row.id USING ERRCODE = 'restrict_violation';
  END IF;

  NEW.recorded_at := recorded;
  NEW.prev_hash := coalesce(last_row.row_hash, pick_ledger_genesis());
  NEW.row_hash := pick_ledger_sha256(pick_ledger_row_text(NEW.id, NEW.fixture_id, fixture.home_team_id, fixture.away_team_id,
    NEW.locked_at, NEW.pick_kind, NEW.pick, NEW.market, NEW.selection, NEW.confidence, NEW.odds, NEW.source, NEW.source_ref,
    NEW.recorded_at, NEW.prev_hash));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Updates, deletes, truncation (0007), and the settlement's time is the database's.
CREATE OR REPLACE FUNCTION pick_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public
AS $$
DECLARE
  settlement_columns constant text[] := ARRAY['settled_at', 'outcome', 'profit', 'final_home_goals', 'final_away_goals',
    'settlement_seq', 'prev_settlement_hash', 'settlement_hash'];
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
    RAISE EXCEPTION 'pick_ledger row % is locked: only settled_at, outcome and profit can be set', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  -- The settlement's score and chain columns are the database's to fill in.
  NEW.final_home_goals := NULL;
  NEW.final_away_goals := NULL;
  NEW.settlement_seq := NULL;
  NEW.prev_settlement_hash := NULL;
  NEW.settlement_hash := NULL;
  -- So is its time: the transaction's, whatever the application's role sent. The owner gives it
  -- (a catch-up settling past matches at their time, a replay), never one still to come.
  IF NEW.outcome IS NOT NULL AND NOT pick_ledger_by_owner(current_user) THEN
    NEW.settled_at := now();
  END IF;
  IF NEW.settled_at IS NULL OR NEW.outcome IS NULL THEN
    -- Not a settlement; a partial one fails pick_ledger_settlement_check.
    RETURN NEW;
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
  NEW.settlement_hash := pick_ledger_sha256(pick_ledger_settlement_text(NEW.settlement_seq, NEW.id, NEW.row_hash, NEW.settled_at,
    NEW.final_home_goals, NEW.final_away_goals, NEW.outcome, NEW.profit, NEW.prev_settlement_hash));
  RETURN NEW;
END;
$$;
