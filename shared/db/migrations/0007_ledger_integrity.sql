-- The pick ledger made impossible to rewrite through the application's role, and verifiable by
-- anyone holding a copy (docs/decisions/006-verifiable-ledger.md):
-- 1. an insert is unsettled, its locked_at is the fixture's kick-off and its recorded_at the
--    database clock, whatever the client sent; a pick recorded more than 15 minutes after kick-off
--    (pick_ledger_late_after) is refused unless the inserting role owns the ledger (a catch-up);
-- 2. a settlement is accepted only once the fixture is final, and only with the outcome and profit
--    the final score gives the row's market and selection (pick_ledger_outcome, pick_ledger_profit:
--    the same rules as shared/ledger/selection.ts);
-- 3. every row is hashed at insert into a chain in id order (prev_hash, row_hash), and every
--    settlement into a second chain in settlement order (settlement_seq, prev_settlement_hash,
--    settlement_hash), with the canonical texts of shared/ledger/canonical.ts; existing rows are
--    backfilled here in the same orders. One transaction-scoped advisory lock serialises writers,
--    and a unique prev_hash (prev_settlement_hash) refuses a fork whatever the isolation level.
ALTER TABLE "pick_ledger" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "selection" text;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "row_hash" text;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "final_home_goals" integer;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "final_away_goals" integer;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "settlement_seq" integer;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "prev_settlement_hash" text;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD COLUMN "settlement_hash" text;--> statement-breakpoint
-- A value on its line of a canonical text: backslash, line feed and carriage return escaped; null is ''.
CREATE FUNCTION pick_ledger_escape(value text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog
AS $$ SELECT replace(replace(replace(coalesce(value, ''), E'\\', E'\\\\'), E'\n', E'\\n'), E'\r', E'\\r') $$;
--> statement-breakpoint
-- An instant in UTC with microseconds: 2026-02-07T15:00:00.000000Z.
CREATE FUNCTION pick_ledger_instant(value timestamptz) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog
AS $$ SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') $$;
--> statement-breakpoint
CREATE FUNCTION pick_ledger_sha256(value text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog
AS $$ SELECT encode(sha256(convert_to(value, 'UTF8')), 'hex') $$;
--> statement-breakpoint
-- The prev_hash of the first row and the prev_settlement_hash of the first settlement.
CREATE FUNCTION pick_ledger_genesis() RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog
AS $$ SELECT repeat('0', 64) $$;
--> statement-breakpoint
-- The canonical text of a row's locked content (shared/ledger/canonical.ts, ledgerRowText).
CREATE FUNCTION pick_ledger_row_text(
  p_id integer, p_fixture_id integer, p_home_team_id integer, p_away_team_id integer, p_kickoff timestamptz,
  p_pick_kind text, p_pick text, p_market text, p_selection text, p_confidence numeric, p_odds numeric,
  p_source text, p_source_ref text, p_recorded_at timestamptz, p_prev_hash text
) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, public
AS $$
  SELECT 'pick_ledger row v1' || E'\n' || string_agg(name || '=' || pick_ledger_escape(value) || E'\n', '' ORDER BY n)
  FROM (VALUES
    (1, 'id', p_id::text),
    (2, 'fixture_id', p_fixture_id::text),
    (3, 'home_team_id', p_home_team_id::text),
    (4, 'away_team_id', p_away_team_id::text),
    (5, 'kickoff', pick_ledger_instant(p_kickoff)),
    (6, 'pick_kind', p_pick_kind),
    (7, 'pick', p_pick),
    (8, 'market', p_market),
    (9, 'selection', p_selection),
    (10, 'confidence', p_confidence::text),
    (11, 'odds', p_odds::text),
    (12, 'source', p_source),
    (13, 'source_ref', p_source_ref),
    (14, 'recorded_at', pick_ledger_instant(p_recorded_at)),
    (15, 'prev_hash', p_prev_hash)
  ) AS field(n, name, value)
$$;
--> statement-breakpoint
-- The canonical text of a settlement (shared/ledger/canonical.ts, ledgerSettlementText).
CREATE FUNCTION pick_ledger_settlement_text(
  p_settlement_seq integer, p_id integer, p_row_hash text, p_settled_at timestamptz, p_final_home_goals integer,
  p_final_away_goals integer, p_outcome text, p_profit numeric, p_prev_settlement_hash text
) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, public
AS $$
  SELECT 'pick_ledger settlement v1' || E'\n' || string_agg(name || '=' || pick_ledger_escape(value) || E'\n', '' ORDER BY n)
  FROM (VALUES
    (1, 'settlement_seq', p_settlement_seq::text),
    (2, 'id', p_id::text),
    (3, 'row_hash', p_row_hash),
    (4, 'settled_at', pick_ledger_instant(p_settled_at)),
    (5, 'final_home_goals', p_final_home_goals::text),
    (6, 'final_away_goals', p_final_away_goals::text),
    (7, 'outcome', p_outcome),
    (8, 'profit', p_profit::text),
    (9, 'prev_settlement_hash', p_prev_settlement_hash)
  ) AS field(n, name, value)
$$;
--> statement-breakpoint
-- A team name as pick texts are compared (shared/domain/picks.ts, squash): accents dropped, lower
-- case, runs of anything but a-z and 0-9 made one space, trimmed.
CREATE FUNCTION pick_ledger_squash(name text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog
AS $$
  SELECT btrim(regexp_replace(lower(regexp_replace(normalize(name, NFKD), '[\u0300-\u036f]', '', 'g')), '[^a-z0-9]+', ' ', 'g'), ' ')
$$;
--> statement-breakpoint
-- Which side a team name in a pick text means (picks.ts, sideOf): '1', '2', or null when neither
-- or both. 'home' and 'away' count too.
CREATE FUNCTION pick_ledger_side(name text, home_names text[], away_names text[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public
AS $$
DECLARE
  wanted text := pick_ledger_squash(name);
  is_home boolean;
  is_away boolean;
BEGIN
  is_home := wanted = 'home' OR wanted IN (SELECT s FROM unnest(home_names) AS n, pick_ledger_squash(n) AS s WHERE s <> '');
  is_away := wanted = 'away' OR wanted IN (SELECT s FROM unnest(away_names) AS n, pick_ledger_squash(n) AS s WHERE s <> '');
  IF is_home = is_away THEN
    RETURN NULL;
  END IF;
  RETURN CASE WHEN is_home THEN '1' ELSE '2' END;
END;
$$;
--> statement-breakpoint
-- The market and canonical selection of a pick text (shared/ledger/selection.ts, ledgerSelection,
-- which is isPendingPick and classifyPick of shared/domain/picks.ts), step for step. Team names
-- are the ones the database has (name, short name, football-data name); the worker also knows
-- aliases and sends the market and selection it read.
CREATE FUNCTION pick_ledger_classify(pick text, home_names text[], away_names text[], OUT market text, OUT selection text)
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public
AS $$
DECLARE
  -- JavaScript's \s: the whitespace String.prototype.trim and /\s+/ know.
  space constant text := '[ \t\n\u000b\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+';
  collapsed text;
  low text;
  m text[];
  choices text;
  codes text;
  parts text[];
  first_choice text;
  second_choice text;
  name text;
  side text;
BEGIN
  market := 'unknown';
  selection := '';
  collapsed := regexp_replace(regexp_replace(coalesce(pick, ''), '^' || space || '|' || space || '$', '', 'g'), space, ' ', 'g');
  low := lower(collapsed);
  IF low IN ('', 'coming soon', 'tbd') THEN
    market := 'pending';
    RETURN;
  END IF;
  IF collapsed IN ('-', E'\u2013', E'\u2014') THEN
    RETURN;
  END IF;

  m := regexp_match(low, '^(?:btts|both teams to score)(?: *[-:\u2013\u2014]? *(yes|no|y|n))?$');
  IF m IS NOT NULL THEN
    market := 'btts';
    selection := CASE WHEN m[1] IS NULL OR left(m[1], 1) = 'y' THEN 'yes' ELSE 'no' END;
    RETURN;
  END IF;
  IF low IN ('yes', 'no') THEN
    market := 'btts';
    selection := low;
    RETURN;
  END IF;

  m := regexp_match(low, '^(over|under|o|u) *([0-9]+(?:[.][0-9]+)?)(?: +(?:total +)?goals?)?$');
  IF m IS NOT NULL THEN
    market := 'over-under';
    selection := CASE WHEN left(m[1], 1) = 'o' THEN 'over' ELSE 'under' END || ' ' || trim_scale(m[2]::numeric)::text;
    RETURN;
  END IF;

  IF low IN ('1', 'x', '2') THEN
    market := 'result';
    selection := upper(low);
    RETURN;
  END IF;
  IF low = 'draw' THEN
    market := 'result';
    selection := 'X';
    RETURN;
  END IF;

  choices := regexp_replace(low, '^double chance *[-:\u2013\u2014]? *', '');
  codes := regexp_replace(choices, '[ /]', '', 'g');
  IF codes IN ('1x', 'x2', '12') THEN
    market := 'double-chance';
    selection := upper(codes);
    RETURN;
  END IF;
  parts := string_to_array(choices, ' or ');
  IF array_length(parts, 1) = 2 THEN
    first_choice := CASE WHEN pick_ledger_squash(parts[1]) = 'draw' THEN 'X' ELSE pick_ledger_side(parts[1], home_names, away_names) END;
    second_choice := CASE WHEN pick_ledger_squash(parts[2]) = 'draw' THEN 'X' ELSE pick_ledger_side(parts[2], home_names, away_names) END;
    IF first_choice IS NULL OR second_choice IS NULL OR first_choice = second_choice THEN
      RETURN;
    END IF;
    market := 'double-chance';
    selection := array_to_string(ARRAY(SELECT c FROM unnest(ARRAY['1', 'X', '2']) AS c WHERE c IN (first_choice, second_choice)), '');
    RETURN;
  END IF;

  -- '{team} draw no bet', '{team} dnb', 'draw no bet: {team}', 'dnb {team}'.
  IF length(low) > 12 AND right(low, 12) = ' draw no bet' THEN
    name := left(low, -12);
  ELSIF length(low) > 4 AND right(low, 4) = ' dnb' THEN
    name := left(low, -4);
  ELSIF left(low, 11) = 'draw no bet' OR left(low, 3) = 'dnb' THEN
    name := regexp_replace(substr(low, CASE WHEN left(low, 11) = 'draw no bet' THEN 12 ELSE 4 END), '^ *[-:\u2013\u2014]? *', '');
    IF name = '' THEN
      name := NULL;
    END IF;
  END IF;
  IF name IS NOT NULL THEN
    side := pick_ledger_side(name, home_names, away_names);
    IF side IS NOT NULL THEN
      market := 'draw-no-bet';
      selection := side;
    END IF;
    RETURN;
  END IF;

  -- '{team} to Win', '{team} Win'.
  IF length(low) > 7 AND right(low, 7) = ' to win' THEN
    name := left(low, -7);
  ELSIF length(low) > 4 AND right(low, 4) = ' win' THEN
    name := left(low, -4);
  END IF;
  IF name IS NOT NULL THEN
    side := pick_ledger_side(name, home_names, away_names);
    IF side IS NOT NULL THEN
      market := 'result';
      selection := side;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
-- The outcome of a market and selection at a final score (shared/ledger/selection.ts, ledgerOutcome,
-- which is settlePick of shared/domain/picks.ts): hit, miss or void; null for a pending pick.
CREATE FUNCTION pick_ledger_outcome(market text, selection text, home_goals integer, away_goals integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog
AS $$
DECLARE
  result text;
  goals integer;
  line numeric;
BEGIN
  IF home_goals IS NULL OR away_goals IS NULL THEN
    RETURN NULL;
  END IF;
  result := CASE WHEN home_goals > away_goals THEN '1' WHEN home_goals < away_goals THEN '2' ELSE 'X' END;
  goals := home_goals + away_goals;
  CASE market
    WHEN 'result' THEN
      RETURN CASE WHEN selection = result THEN 'hit' ELSE 'miss' END;
    WHEN 'double-chance' THEN
      RETURN CASE WHEN strpos(selection, result) > 0 THEN 'hit' ELSE 'miss' END;
    WHEN 'draw-no-bet' THEN
      RETURN CASE WHEN result = 'X' THEN 'void' WHEN selection = result THEN 'hit' ELSE 'miss' END;
    WHEN 'over-under' THEN
      line := split_part(selection, ' ', 2)::numeric;
      IF goals = line THEN
        RETURN 'void';
      END IF;
      RETURN CASE WHEN (split_part(selection, ' ', 1) = 'over') = (goals > line) THEN 'hit' ELSE 'miss' END;
    WHEN 'btts' THEN
      RETURN CASE WHEN (home_goals > 0 AND away_goals > 0) = (selection = 'yes') THEN 'hit' ELSE 'miss' END;
    WHEN 'unknown' THEN
      RETURN 'void';
    ELSE
      RETURN NULL;
  END CASE;
END;
$$;
--> statement-breakpoint
-- Profit of one unit at the locked odds (shared/domain/picks.ts, pickProfit): odds - 1 for a hit
-- (none without odds of at least 1), -1 for a miss, 0 for a void.
CREATE FUNCTION pick_ledger_profit(outcome text, odds numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog
AS $$
  SELECT CASE outcome
    WHEN 'hit' THEN CASE WHEN odds >= 1 THEN round(odds - 1, 2) END
    WHEN 'miss' THEN -1::numeric
    WHEN 'void' THEN 0::numeric
  END
$$;
--> statement-breakpoint
-- A pick recorded later than this after kick-off is a late lock (sync-worker/jobs/lock-picks.ts,
-- LATE_LOCK_AFTER_MS): the worker locks at kick-off, within a minute when it runs.
CREATE FUNCTION pick_ledger_late_after() RETURNS interval
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog
AS $$ SELECT interval '15 minutes' $$;
--> statement-breakpoint
-- Late locks (a fresh installation's catch-up) are for the role that owns the ledger, the one
-- migrations run as; the application's role locks on time only.
CREATE FUNCTION pick_ledger_may_lock_late() RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, public
AS $$ SELECT pg_has_role(current_user, c.relowner, 'USAGE') FROM pg_class AS c WHERE c.oid = 'pick_ledger'::regclass $$;
--> statement-breakpoint
-- Whether the current role may still lock a pick for a match kicking off at `kickoff`.
CREATE FUNCTION pick_ledger_lock_open(kickoff timestamptz) RETURNS boolean
LANGUAGE sql VOLATILE SET search_path = pg_catalog, public
AS $$ SELECT clock_timestamp() <= kickoff + pick_ledger_late_after() OR pick_ledger_may_lock_late() $$;
--> statement-breakpoint
-- One writer of either chain at a time, until its transaction ends.
CREATE FUNCTION pick_ledger_chain_lock() RETURNS void
LANGUAGE sql VOLATILE SET search_path = pg_catalog
AS $$ SELECT pg_advisory_xact_lock(5196771402031) $$;
--> statement-breakpoint
-- Backfill: existing rows get their market and selection, settled rows are checked against their
-- fixture's final score, then both chains are computed in their orders (rows by id, settlements
-- by settled_at then id).
ALTER TABLE "pick_ledger" DISABLE TRIGGER pick_ledger_append_only_rows;--> statement-breakpoint
DO $$
DECLARE
  r record;
  read_as record;
  bad text;
  hash text;
  previous text := pick_ledger_genesis();
  seq integer := 0;
BEGIN
  FOR r IN
    SELECT l.id, l.pick,
           array_remove(ARRAY[h.name, h.short_name, h.football_data_name], NULL) AS home_names,
           array_remove(ARRAY[a.name, a.short_name, a.football_data_name], NULL) AS away_names
    FROM pick_ledger AS l
    JOIN fixtures AS f ON f.id = l.fixture_id
    LEFT JOIN teams AS h ON h.id = f.home_team_id
    LEFT JOIN teams AS a ON a.id = f.away_team_id
    ORDER BY l.id
  LOOP
    read_as := pick_ledger_classify(r.pick, r.home_names, r.away_names);
    UPDATE pick_ledger SET market = read_as.market, selection = read_as.selection WHERE id = r.id;
  END LOOP;

  SELECT string_agg(format('row %s ("%s", %s at %s-%s, state %s)', x.id, x.pick, x.outcome, x.home_score, x.away_score, x.match_state), '; ')
  INTO bad
  FROM (
    SELECT l.id, l.pick, l.outcome, f.home_score, f.away_score, f.match_state
    FROM pick_ledger AS l JOIN fixtures AS f ON f.id = l.fixture_id
    WHERE l.settled_at IS NOT NULL
      AND (f.match_state <> 'post-match' OR f.home_score IS NULL OR f.away_score IS NULL OR l.settled_at < l.locked_at
        OR l.outcome IS DISTINCT FROM pick_ledger_outcome(l.market, l.selection, f.home_score, f.away_score)
        OR l.profit IS DISTINCT FROM pick_ledger_profit(l.outcome, l.odds))
    ORDER BY l.id
    LIMIT 10
  ) AS x;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_integrity: settled pick_ledger rows disagree with their match''s final score, so the ledger cannot be sealed: %', bad
      USING ERRCODE = 'restrict_violation',
            HINT = 'Correct those rows as the table''s owner (with the pick_ledger_append_only_rows trigger disabled) or their fixtures'' scores, then migrate again.';
  END IF;

  FOR r IN
    SELECT l.*, f.home_team_id, f.away_team_id
    FROM pick_ledger AS l JOIN fixtures AS f ON f.id = l.fixture_id
    ORDER BY l.id
  LOOP
    hash := pick_ledger_sha256(pick_ledger_row_text(r.id, r.fixture_id, r.home_team_id, r.away_team_id, r.locked_at, r.pick_kind,
      r.pick, r.market, r.selection, r.confidence, r.odds, r.source, r.source_ref, r.recorded_at, previous));
    UPDATE pick_ledger SET prev_hash = previous, row_hash = hash WHERE id = r.id;
    previous := hash;
  END LOOP;

  previous := pick_ledger_genesis();
  FOR r IN
    SELECT l.id, l.row_hash, l.settled_at, l.outcome, l.profit, f.home_score, f.away_score
    FROM pick_ledger AS l JOIN fixtures AS f ON f.id = l.fixture_id
    WHERE l.settled_at IS NOT NULL
    ORDER BY l.settled_at, l.id
  LOOP
    seq := seq + 1;
    hash := pick_ledger_sha256(pick_ledger_settlement_text(seq, r.id, r.row_hash, r.settled_at, r.home_score, r.away_score,
      r.outcome, r.profit, previous));
    UPDATE pick_ledger
    SET settlement_seq = seq, prev_settlement_hash = previous, settlement_hash = hash,
        final_home_goals = r.home_score, final_away_goals = r.away_score
    WHERE id = r.id;
    previous := hash;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "pick_ledger" ENABLE TRIGGER pick_ledger_append_only_rows;--> statement-breakpoint
-- Ids taken by the insert trigger come from the sequence: make sure it is past every existing id.
SELECT setval(pg_get_serial_sequence('pick_ledger', 'id'), max(id)) FROM pick_ledger
HAVING max(id) > (SELECT last_value FROM pick_ledger_id_seq);--> statement-breakpoint
ALTER TABLE "pick_ledger" ALTER COLUMN "market" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pick_ledger" ALTER COLUMN "selection" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pick_ledger" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pick_ledger" ALTER COLUMN "row_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_prev_hash_key" UNIQUE("prev_hash");--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_settlement_seq_key" UNIQUE("settlement_seq");--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_prev_settlement_hash_key" UNIQUE("prev_settlement_hash");--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_market_check" CHECK ("pick_ledger"."market" in ('result', 'double-chance', 'draw-no-bet', 'over-under', 'btts', 'unknown', 'pending'));--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_selection_check" CHECK (case "pick_ledger"."market"
        when 'result' then "pick_ledger"."selection" in ('1', 'X', '2')
        when 'double-chance' then "pick_ledger"."selection" in ('1X', 'X2', '12')
        when 'draw-no-bet' then "pick_ledger"."selection" in ('1', '2')
        when 'over-under' then "pick_ledger"."selection" ~ '^(over|under) (0|[1-9][0-9]*)([.][0-9]*[1-9])?$'
        when 'btts' then "pick_ledger"."selection" in ('yes', 'no')
        else "pick_ledger"."selection" = '' end);--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_hash_check" CHECK ("pick_ledger"."prev_hash" ~ '^[0-9a-f]{64}$' and "pick_ledger"."row_hash" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_settlement_hash_check" CHECK (("pick_ledger"."settled_at" is null and "pick_ledger"."settlement_seq" is null and "pick_ledger"."prev_settlement_hash" is null and "pick_ledger"."settlement_hash" is null
          and "pick_ledger"."final_home_goals" is null and "pick_ledger"."final_away_goals" is null)
        or ("pick_ledger"."settled_at" is not null and "pick_ledger"."settlement_seq" is not null and "pick_ledger"."prev_settlement_hash" ~ '^[0-9a-f]{64}$'
          and "pick_ledger"."settlement_hash" ~ '^[0-9a-f]{64}$' and "pick_ledger"."final_home_goals" is not null and "pick_ledger"."final_away_goals" is not null));--> statement-breakpoint
-- Inserts: unsettled, stamped by the database, on time (or by the owner), hashed into the chain.
CREATE FUNCTION pick_ledger_lock_row() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public
AS $$
DECLARE
  fixture record;
  read_as record;
  last_row record;
  recorded timestamptz;
  from_sequence boolean;
BEGIN
  IF NEW.settled_at IS NOT NULL OR NEW.outcome IS NOT NULL OR NEW.profit IS NOT NULL THEN
    RAISE EXCEPTION 'pick_ledger rows are inserted unsettled: a pick is settled by an UPDATE once its match is final'
      USING ERRCODE = 'restrict_violation';
  END IF;
  SELECT f.kickoff_at, f.home_team_id, f.away_team_id,
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
  IF recorded > fixture.kickoff_at + pick_ledger_late_after() AND NOT pick_ledger_may_lock_late() THEN
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
CREATE TRIGGER pick_ledger_lock_rows
  BEFORE INSERT ON pick_ledger
  FOR EACH ROW EXECUTE FUNCTION pick_ledger_lock_row();
--> statement-breakpoint
-- Updates, deletes, truncation: as before (0001), and a settlement must agree with the final score.
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
  IF NEW.settled_at IS NULL OR NEW.outcome IS NULL THEN
    -- Not a settlement; a partial one fails pick_ledger_settlement_check.
    RETURN NEW;
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
