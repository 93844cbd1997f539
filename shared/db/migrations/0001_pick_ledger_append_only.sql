-- The track record is append-only, enforced here so that no code path (worker, script, console)
-- can rewrite history. A row can never be deleted; the only update allowed is settling it once:
-- settled_at, outcome and profit set while all three are still null. Every other column, including
-- ones added later, is locked from insert on (the comparison covers the whole row).
CREATE FUNCTION pick_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'pick_ledger is append-only: % is not allowed', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.settled_at IS NOT NULL OR OLD.outcome IS NOT NULL OR OLD.profit IS NOT NULL THEN
    RAISE EXCEPTION 'pick_ledger row % is already settled and cannot change', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'settled_at' - 'outcome' - 'profit')
     IS DISTINCT FROM (to_jsonb(OLD) - 'settled_at' - 'outcome' - 'profit') THEN
    RAISE EXCEPTION 'pick_ledger row % is locked: only settled_at, outcome and profit can be set', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER pick_ledger_append_only_rows
  BEFORE UPDATE OR DELETE ON pick_ledger
  FOR EACH ROW EXECUTE FUNCTION pick_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER pick_ledger_append_only_truncate
  BEFORE TRUNCATE ON pick_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION pick_ledger_append_only();
