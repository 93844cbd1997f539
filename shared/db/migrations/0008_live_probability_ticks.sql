-- The live win probability through a match, for the chart after the whistle: one row per
-- fixture, period, minute and added minute the worker recorded (the latest reading of a minute
-- wins), from the kick-off tick (the published pre-match forecast) to the full-time tick (the
-- result); sync-worker/store/live-ticks.ts keeps at most 150 rows per fixture.
CREATE TABLE "live_probability_ticks" (
	"fixture_id" integer NOT NULL,
	"period" text NOT NULL,
	"minute" integer NOT NULL,
	"added_minute" integer DEFAULT 0 NOT NULL,
	"home_score" integer NOT NULL,
	"away_score" integer NOT NULL,
	"home_red_cards" integer DEFAULT 0 NOT NULL,
	"away_red_cards" integer DEFAULT 0 NOT NULL,
	"prob_home" double precision NOT NULL,
	"prob_draw" double precision NOT NULL,
	"prob_away" double precision NOT NULL,
	"prob_over25" double precision NOT NULL,
	"prob_btts" double precision NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_probability_ticks_pkey" PRIMARY KEY("fixture_id","period","minute","added_minute"),
	CONSTRAINT "live_probability_ticks_period_check" CHECK ("live_probability_ticks"."period" in ('first-half', 'half-time', 'second-half', 'full-time')),
	CONSTRAINT "live_probability_ticks_clock_check" CHECK ("live_probability_ticks"."minute" between 0 and 130 and "live_probability_ticks"."added_minute" between 0 and 30 and "live_probability_ticks"."home_score" >= 0 and "live_probability_ticks"."away_score" >= 0
        and "live_probability_ticks"."home_red_cards" between 0 and 5 and "live_probability_ticks"."away_red_cards" between 0 and 5),
	CONSTRAINT "live_probability_ticks_probabilities_check" CHECK ("live_probability_ticks"."prob_home" between 0 and 1 and "live_probability_ticks"."prob_draw" between 0 and 1 and "live_probability_ticks"."prob_away" between 0 and 1 and "live_probability_ticks"."prob_over25" between 0 and 1 and "live_probability_ticks"."prob_btts" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "live_probability_ticks" ADD CONSTRAINT "live_probability_ticks_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;