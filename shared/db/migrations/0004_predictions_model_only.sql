ALTER TABLE "predictions" ADD COLUMN "model_only_home" double precision;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "model_only_draw" double precision;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "model_only_away" double precision;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "model_only_over25" double precision;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "model_only_btts" double precision;