/**
 * The latest public check of the season and live odds, as the worker's odds-check job stored it
 * (read_models `odds-check`, shared/model/odds-check.ts), for /algo-results (in the same
 * statement as the track record, read-models.server.ts) and its JSON counterpart. Reads only;
 * null until the worker has run the check on this database.
 */
import { ODDS_CHECK_MODEL_KEY, parseOddsCheckPayload, type OddsCheckPayload } from "@shared/model/odds-check";
import type { AppContext } from "~/load-context";
import { readModel } from "~/read-models.server";

export async function getOddsCheck(context: Pick<AppContext, "db">): Promise<OddsCheckPayload | null> {
  return (await readModel(context, ODDS_CHECK_MODEL_KEY, parseOddsCheckPayload))?.value ?? null;
}
