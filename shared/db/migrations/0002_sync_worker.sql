CREATE TABLE "team_season_stats" (
	"team_id" integer NOT NULL,
	"league" text NOT NULL,
	"season" text NOT NULL,
	"source" text NOT NULL,
	"played_home" integer DEFAULT 0 NOT NULL,
	"played_away" integer DEFAULT 0 NOT NULL,
	"wins_home" integer DEFAULT 0 NOT NULL,
	"wins_away" integer DEFAULT 0 NOT NULL,
	"draws_home" integer DEFAULT 0 NOT NULL,
	"draws_away" integer DEFAULT 0 NOT NULL,
	"losses_home" integer DEFAULT 0 NOT NULL,
	"losses_away" integer DEFAULT 0 NOT NULL,
	"goals_for_home" integer DEFAULT 0 NOT NULL,
	"goals_for_away" integer DEFAULT 0 NOT NULL,
	"goals_against_home" integer DEFAULT 0 NOT NULL,
	"goals_against_away" integer DEFAULT 0 NOT NULL,
	"clean_sheets" integer DEFAULT 0 NOT NULL,
	"failed_to_score" integer DEFAULT 0 NOT NULL,
	"over25_matches" integer,
	"both_scored_matches" integer,
	"form" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_season_stats_team_id_league_season_pk" PRIMARY KEY("team_id","league","season")
);
--> statement-breakpoint
CREATE TABLE "sync_fingerprints" (
	"key" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_runs" DROP CONSTRAINT "sync_runs_status_check";--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "completed_import_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_season_stats" ADD CONSTRAINT "team_season_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_season_stats" ADD CONSTRAINT "team_season_stats_league_leagues_key_fk" FOREIGN KEY ("league") REFERENCES "public"."leagues"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_season_stats_league_season_idx" ON "team_season_stats" USING btree ("league","season");--> statement-breakpoint
ALTER TABLE "match_of_the_week" ADD CONSTRAINT "match_of_the_week_week_key" UNIQUE("week_start_date");--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_status_check" CHECK ("sync_runs"."status" in ('running', 'ok', 'skipped', 'failed'));