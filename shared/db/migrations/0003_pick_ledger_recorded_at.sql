-- When a ledger row was written, beside locked_at (the kick-off it stands for). The append-only
-- trigger compares whole rows, so this column is locked from insert on like the others.
ALTER TABLE "pick_ledger" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;