import { upsertReferenceData } from "../store/reference";
import { emptyResult, type JobDefinition } from "./types";

const DAY_MS = 24 * 60 * 60_000;

/** The registry's clubs and every league season up to the current one (the clock's). */
export const referenceDataJob: JobDefinition = {
  name: "reference-data",
  description: "Clubs from the team registry and the league seasons, current season marked",
  cadence: { description: "at start-up and daily at 03:00 UTC", cron: ["0 3 * * *"], everyMs: DAY_MS },
  transactional: true,
  async run(ctx) {
    const written = await upsertReferenceData(ctx.db, ctx.clock.now());
    return { ...emptyResult(), rowsWritten: written };
  },
};
