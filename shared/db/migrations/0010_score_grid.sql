-- Every scoreline of a prediction: 36 probabilities, home goals 0-5+ by away goals 0-5+, row-major
-- (shared/model/score-probabilities.ts). Null for a prediction written before it was stored.
ALTER TABLE "predictions" ADD COLUMN "score_grid" double precision[];