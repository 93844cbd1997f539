-- What each upcoming match means for its two clubs (shared/model/match-stakes.ts), written by the
-- season-outlook job and read with the match's prediction.
CREATE TABLE "match_stakes" (
	"fixture_id" integer PRIMARY KEY NOT NULL,
	"league" text NOT NULL,
	"importance" double precision NOT NULL,
	"payload" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_stakes_importance_check" CHECK ("match_stakes"."importance" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "match_stakes" ADD CONSTRAINT "match_stakes_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_stakes_league_idx" ON "match_stakes" USING btree ("league");