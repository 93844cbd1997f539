CREATE TABLE "leagues" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_football_id" integer NOT NULL,
	"football_data_code" text NOT NULL,
	CONSTRAINT "leagues_api_football_id_unique" UNIQUE("api_football_id"),
	CONSTRAINT "leagues_football_data_code_unique" UNIQUE("football_data_code")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"league" text NOT NULL,
	"season" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "seasons_league_season_pk" PRIMARY KEY("league","season")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"code" text NOT NULL,
	"league" text NOT NULL,
	"primary_color" text,
	"secondary_color" text,
	"venue" text,
	"city" text,
	"football_data_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_slug_unique" UNIQUE("slug"),
	CONSTRAINT "teams_football_data_name_unique" UNIQUE("football_data_name")
);
--> statement-breakpoint
CREATE TABLE "fixture_odds" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"source" text NOT NULL,
	"market" text NOT NULL,
	"kind" text NOT NULL,
	"home_price" numeric(5, 2),
	"draw_price" numeric(5, 2),
	"away_price" numeric(5, 2),
	"over_price" numeric(5, 2),
	"under_price" numeric(5, 2),
	"yes_price" numeric(5, 2),
	"no_price" numeric(5, 2),
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixture_odds_key" UNIQUE("fixture_id","source","market","kind"),
	CONSTRAINT "fixture_odds_market_check" CHECK ("fixture_odds"."market" in ('1x2', 'ou25', 'btts')),
	CONSTRAINT "fixture_odds_kind_check" CHECK ("fixture_odds"."kind" in ('opening', 'closing')),
	CONSTRAINT "fixture_odds_prices_match_market_check" CHECK (("fixture_odds"."market" = '1x2' and num_nonnulls("fixture_odds"."home_price", "fixture_odds"."draw_price", "fixture_odds"."away_price") = 3 and num_nulls("fixture_odds"."over_price", "fixture_odds"."under_price", "fixture_odds"."yes_price", "fixture_odds"."no_price") = 4) or ("fixture_odds"."market" = 'ou25' and num_nonnulls("fixture_odds"."over_price", "fixture_odds"."under_price") = 2 and num_nulls("fixture_odds"."home_price", "fixture_odds"."draw_price", "fixture_odds"."away_price", "fixture_odds"."yes_price", "fixture_odds"."no_price") = 5) or ("fixture_odds"."market" = 'btts' and num_nonnulls("fixture_odds"."yes_price", "fixture_odds"."no_price") = 2 and num_nulls("fixture_odds"."home_price", "fixture_odds"."draw_price", "fixture_odds"."away_price", "fixture_odds"."over_price", "fixture_odds"."under_price") = 5))
);
--> statement-breakpoint
CREATE TABLE "fixtures" (
	"id" serial PRIMARY KEY NOT NULL,
	"league" text NOT NULL,
	"season" text NOT NULL,
	"matchweek" integer,
	"kickoff_at" timestamp with time zone NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"venue" text,
	"weather" text,
	"match_state" text DEFAULT 'pre-match' NOT NULL,
	"status" text,
	"live_minute" integer,
	"injury_time" integer,
	"home_score" integer,
	"away_score" integer,
	"half_time_home_score" integer,
	"half_time_away_score" integer,
	"api_football_fixture_id" integer,
	"home_shots" integer,
	"away_shots" integer,
	"home_shots_on_target" integer,
	"away_shots_on_target" integer,
	"home_corners" integer,
	"away_corners" integer,
	"home_fouls" integer,
	"away_fouls" integer,
	"home_yellow_cards" integer,
	"away_yellow_cards" integer,
	"home_red_cards" integer,
	"away_red_cards" integer,
	"referee" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"requires_review" boolean DEFAULT false NOT NULL,
	"last_api_update" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixtures_api_football_fixture_id_unique" UNIQUE("api_football_fixture_id"),
	CONSTRAINT "fixtures_natural_key" UNIQUE("league","season","home_team_id","away_team_id"),
	CONSTRAINT "fixtures_match_state_check" CHECK ("fixtures"."match_state" in ('pre-match', 'live', 'post-match')),
	CONSTRAINT "fixtures_distinct_teams_check" CHECK ("fixtures"."home_team_id" <> "fixtures"."away_team_id")
);
--> statement-breakpoint
CREATE TABLE "lineups" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"formation" text,
	"coach_name" text,
	"start_xi" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"substitutes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lineups_fixture_team_key" UNIQUE("fixture_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"minute" integer NOT NULL,
	"extra_minute" integer,
	"team_id" integer,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"detail" text,
	"player_id" integer,
	"player_name" text,
	"assist_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_identity_key" UNIQUE NULLS NOT DISTINCT("fixture_id","minute","extra_minute","side","type","detail","player_name"),
	CONSTRAINT "live_events_side_check" CHECK ("live_events"."side" in ('home', 'away')),
	CONSTRAINT "live_events_type_check" CHECK ("live_events"."type" in ('Goal', 'Card', 'subst', 'Var'))
);
--> statement-breakpoint
CREATE TABLE "pick_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"pick_kind" text NOT NULL,
	"pick" text NOT NULL,
	"confidence" numeric(4, 1) NOT NULL,
	"odds" numeric(5, 2),
	"source" text NOT NULL,
	"source_ref" text,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text,
	"profit" numeric(5, 2),
	CONSTRAINT "pick_ledger_fixture_kind_key" UNIQUE("fixture_id","pick_kind"),
	CONSTRAINT "pick_ledger_pick_kind_check" CHECK ("pick_ledger"."pick_kind" in ('best', 'result', 'over-under', 'btts')),
	CONSTRAINT "pick_ledger_source_check" CHECK ("pick_ledger"."source" in ('editorial', 'algorithm', 'coming-soon')),
	CONSTRAINT "pick_ledger_outcome_check" CHECK ("pick_ledger"."outcome" in ('hit', 'miss', 'void')),
	CONSTRAINT "pick_ledger_confidence_check" CHECK ("pick_ledger"."confidence" between 0 and 100),
	CONSTRAINT "pick_ledger_settlement_check" CHECK (("pick_ledger"."settled_at" is null and "pick_ledger"."outcome" is null and "pick_ledger"."profit" is null) or ("pick_ledger"."settled_at" is not null and "pick_ledger"."outcome" is not null))
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"fixture_id" integer PRIMARY KEY NOT NULL,
	"model_version" text NOT NULL,
	"prob_home" double precision NOT NULL,
	"prob_draw" double precision NOT NULL,
	"prob_away" double precision NOT NULL,
	"prob_over25" double precision NOT NULL,
	"prob_btts" double precision NOT NULL,
	"expected_goals_home" double precision NOT NULL,
	"expected_goals_away" double precision NOT NULL,
	"projected_home_score" integer NOT NULL,
	"projected_away_score" integer NOT NULL,
	"result_pick" text NOT NULL,
	"over_under_pick" text NOT NULL,
	"btts_pick" text NOT NULL,
	"best_pick" text NOT NULL,
	"confidence" numeric(4, 1) NOT NULL,
	"result_confidence" numeric(4, 1),
	"over_under_confidence" numeric(4, 1),
	"btts_confidence" numeric(4, 1),
	"best_pick_odds" numeric(5, 2),
	"result_odds" numeric(5, 2),
	"over_under_odds" numeric(5, 2),
	"btts_odds" numeric(5, 2),
	"predicted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "predictions_result_pick_check" CHECK ("predictions"."result_pick" in ('1', 'X', '2')),
	CONSTRAINT "predictions_btts_pick_check" CHECK ("predictions"."btts_pick" in ('YES', 'NO')),
	CONSTRAINT "predictions_probabilities_check" CHECK ("predictions"."prob_home" between 0 and 1 and "predictions"."prob_draw" between 0 and 1 and "predictions"."prob_away" between 0 and 1 and "predictions"."prob_over25" between 0 and 1 and "predictions"."prob_btts" between 0 and 1),
	CONSTRAINT "predictions_confidence_check" CHECK ("predictions"."confidence" between 0 and 100 and "predictions"."result_confidence" between 0 and 100 and "predictions"."over_under_confidence" between 0 and 100 and "predictions"."btts_confidence" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "player_match_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"fixture_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"position" text,
	"is_substitute" boolean DEFAULT false NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"rating" numeric(4, 2),
	"goals" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"shots_total" integer DEFAULT 0 NOT NULL,
	"shots_on" integer DEFAULT 0 NOT NULL,
	"passes_total" integer DEFAULT 0 NOT NULL,
	"passes_key" integer DEFAULT 0 NOT NULL,
	"tackles" integer DEFAULT 0 NOT NULL,
	"yellow_cards" integer DEFAULT 0 NOT NULL,
	"red_cards" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"goals_conceded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_match_stats_key" UNIQUE("player_id","fixture_id")
);
--> statement-breakpoint
CREATE TABLE "player_season_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"league" text NOT NULL,
	"season" text NOT NULL,
	"position" text,
	"appearances" integer DEFAULT 0 NOT NULL,
	"lineups" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"goals" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"shots_total" integer DEFAULT 0 NOT NULL,
	"shots_on" integer DEFAULT 0 NOT NULL,
	"passes_key" integer DEFAULT 0 NOT NULL,
	"passes_accuracy" integer,
	"dribbles_attempts" integer DEFAULT 0 NOT NULL,
	"dribbles_success" integer DEFAULT 0 NOT NULL,
	"tackles" integer DEFAULT 0 NOT NULL,
	"yellow_cards" integer DEFAULT 0 NOT NULL,
	"red_cards" integer DEFAULT 0 NOT NULL,
	"rating" numeric(4, 2),
	"goals_conceded" integer DEFAULT 0 NOT NULL,
	"clean_sheets" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_season_stats_key" UNIQUE("player_id","team_id","league","season")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"firstname" text,
	"lastname" text,
	"nationality" text,
	"birth_date" date,
	"age" integer,
	"position" text,
	"photo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_rows" (
	"snapshot_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"position" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"goals_for" integer DEFAULT 0 NOT NULL,
	"goals_against" integer DEFAULT 0 NOT NULL,
	"goal_difference" integer DEFAULT 0 NOT NULL,
	"form" text,
	"decided_by" text,
	CONSTRAINT "standing_rows_snapshot_id_team_id_pk" PRIMARY KEY("snapshot_id","team_id"),
	CONSTRAINT "standing_rows_snapshot_position_key" UNIQUE("snapshot_id","position")
);
--> statement-breakpoint
CREATE TABLE "standings_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"league" text NOT NULL,
	"season" text NOT NULL,
	"matchweek" integer,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"provider" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"details" jsonb,
	CONSTRAINT "sync_runs_status_check" CHECK ("sync_runs"."status" in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "algo_performance_league" (
	"id" serial PRIMARY KEY NOT NULL,
	"league" text NOT NULL,
	"tracking_start_date" date DEFAULT '2025-10-04' NOT NULL,
	"last_updated" timestamp with time zone,
	"total_matches_predicted" integer DEFAULT 0 NOT NULL,
	"best_pick_hits" integer DEFAULT 0 NOT NULL,
	"best_pick_misses" integer DEFAULT 0 NOT NULL,
	"best_pick_accuracy" numeric(5, 2) DEFAULT 0 NOT NULL,
	"ou_goals_hits" integer DEFAULT 0 NOT NULL,
	"ou_goals_misses" integer DEFAULT 0 NOT NULL,
	"ou_goals_accuracy" numeric(5, 2) DEFAULT 0 NOT NULL,
	"btts_hits" integer DEFAULT 0 NOT NULL,
	"btts_misses" integer DEFAULT 0 NOT NULL,
	"btts_accuracy" numeric(5, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algo_performance_league_league_unique" UNIQUE("league")
);
--> statement-breakpoint
CREATE TABLE "algo_performance_overall" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_start_date" date DEFAULT '2025-10-04' NOT NULL,
	"last_updated" timestamp with time zone,
	"total_matches_predicted" integer DEFAULT 0 NOT NULL,
	"best_pick_hits" integer DEFAULT 0 NOT NULL,
	"best_pick_misses" integer DEFAULT 0 NOT NULL,
	"best_pick_accuracy" numeric(5, 2) DEFAULT 0 NOT NULL,
	"ou_goals_hits" integer DEFAULT 0 NOT NULL,
	"ou_goals_misses" integer DEFAULT 0 NOT NULL,
	"ou_goals_accuracy" numeric(5, 2) DEFAULT 0 NOT NULL,
	"btts_hits" integer DEFAULT 0 NOT NULL,
	"btts_misses" integer DEFAULT 0 NOT NULL,
	"btts_accuracy" numeric(5, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algo_recent_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer,
	"league" text,
	"match_date" date,
	"home_team" text,
	"away_team" text,
	"final_score" text,
	"best_pick" text,
	"best_pick_result" text,
	"match_url" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algo_recent_matches_best_pick_result_check" CHECK ("algo_recent_matches"."best_pick_result" in ('hit', 'miss'))
);
--> statement-breakpoint
CREATE TABLE "hit_rate_tracking" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"league" text NOT NULL,
	"total_picks" integer DEFAULT 0 NOT NULL,
	"successful_picks" integer DEFAULT 0 NOT NULL,
	"hit_rate" numeric(5, 2),
	"matchweek" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hit_rate_tracking_league_date_key" UNIQUE("league","date")
);
--> statement-breakpoint
CREATE TABLE "match_of_the_week" (
	"id" serial PRIMARY KEY NOT NULL,
	"last_featured_league" text NOT NULL,
	"week_start_date" date NOT NULL,
	"fixture_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parlay_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"prediction" text NOT NULL,
	"odds" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_league_leagues_key_fk" FOREIGN KEY ("league") REFERENCES "public"."leagues"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_league_leagues_key_fk" FOREIGN KEY ("league") REFERENCES "public"."leagues"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixture_odds" ADD CONSTRAINT "fixture_odds_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_league_leagues_key_fk" FOREIGN KEY ("league") REFERENCES "public"."leagues"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_season_fk" FOREIGN KEY ("league","season") REFERENCES "public"."seasons"("league","season") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_ledger" ADD CONSTRAINT "pick_ledger_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_match_stats" ADD CONSTRAINT "player_match_stats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_match_stats" ADD CONSTRAINT "player_match_stats_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_match_stats" ADD CONSTRAINT "player_match_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_season_stats" ADD CONSTRAINT "player_season_stats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_season_stats" ADD CONSTRAINT "player_season_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_season_stats" ADD CONSTRAINT "player_season_stats_league_leagues_key_fk" FOREIGN KEY ("league") REFERENCES "public"."leagues"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_rows" ADD CONSTRAINT "standing_rows_snapshot_id_standings_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."standings_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_rows" ADD CONSTRAINT "standing_rows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings_snapshots" ADD CONSTRAINT "standings_snapshots_league_leagues_key_fk" FOREIGN KEY ("league") REFERENCES "public"."leagues"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings_snapshots" ADD CONSTRAINT "standings_snapshots_season_fk" FOREIGN KEY ("league","season") REFERENCES "public"."seasons"("league","season") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algo_performance_league" ADD CONSTRAINT "algo_performance_league_league_leagues_key_fk" FOREIGN KEY ("league") REFERENCES "public"."leagues"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algo_recent_matches" ADD CONSTRAINT "algo_recent_matches_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_of_the_week" ADD CONSTRAINT "match_of_the_week_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parlay_picks" ADD CONSTRAINT "parlay_picks_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_current_per_league" ON "seasons" USING btree ("league") WHERE "seasons"."is_current";--> statement-breakpoint
CREATE INDEX "teams_league_code_idx" ON "teams" USING btree ("league","code");--> statement-breakpoint
CREATE INDEX "fixtures_league_season_kickoff_idx" ON "fixtures" USING btree ("league","season","kickoff_at");--> statement-breakpoint
CREATE INDEX "fixtures_kickoff_idx" ON "fixtures" USING btree ("kickoff_at");--> statement-breakpoint
CREATE INDEX "fixtures_match_state_idx" ON "fixtures" USING btree ("match_state");--> statement-breakpoint
CREATE INDEX "fixtures_home_team_kickoff_idx" ON "fixtures" USING btree ("home_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "fixtures_away_team_kickoff_idx" ON "fixtures" USING btree ("away_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "pick_ledger_locked_at_idx" ON "pick_ledger" USING btree ("locked_at");--> statement-breakpoint
CREATE INDEX "pick_ledger_settled_at_idx" ON "pick_ledger" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "player_match_stats_fixture_idx" ON "player_match_stats" USING btree ("fixture_id");--> statement-breakpoint
CREATE INDEX "player_season_stats_goals_idx" ON "player_season_stats" USING btree ("league","season","goals");--> statement-breakpoint
CREATE INDEX "player_season_stats_assists_idx" ON "player_season_stats" USING btree ("league","season","assists");--> statement-breakpoint
CREATE INDEX "player_season_stats_rating_idx" ON "player_season_stats" USING btree ("league","season","rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "player_season_stats_team_season_idx" ON "player_season_stats" USING btree ("team_id","season");--> statement-breakpoint
CREATE INDEX "standings_snapshots_latest_idx" ON "standings_snapshots" USING btree ("league","season","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sync_runs_job_started_idx" ON "sync_runs" USING btree ("job","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "algo_recent_matches_order_idx" ON "algo_recent_matches" USING btree ("display_order");--> statement-breakpoint
CREATE INDEX "parlay_picks_fixture_idx" ON "parlay_picks" USING btree ("fixture_id");