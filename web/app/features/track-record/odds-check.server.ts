/**
 * The latest public check of the season and live odds, as the worker's odds-check job stored it
 * (read_models `odds-check`, shared/model/odds-check.ts): read in one statement for /algo-results
 * and its JSON counterpart. Reads only; null until the worker has run the check on this database.
 */
import { eq } from "drizzle-orm";
import { readModels } from "@shared/db/schema";
import { ODDS_CHECK_MODEL_KEY, parseOddsCheckPayload, type OddsCheckPayload } from "@shared/model/odds-check";
import type { AppContext } from "~/load-context";

export async function getOddsCheck(context: Pick<AppContext, "db">): Promise<OddsCheckPayload | null> {
  const [row] = await context.db.db.select({ payload: readModels.payload }).from(readModels).where(eq(readModels.key, ODDS_CHECK_MODEL_KEY));
  return row ? parseOddsCheckPayload(row.payload) : null;
}
