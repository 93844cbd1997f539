/**
 * A club's strength over time as the team page shows it: the worker's team-strength job's points
 * (shared/model/team-strength.ts), read from read_models (batched with the page's season outlook
 * into one statement). Reads only; null until the worker has stored them.
 */
import type { LeagueKey } from "@shared/domain/leagues";
import type { StrengthPoint } from "@shared/model/team-strength";
import { teamStrengthKey, teamStrengthPoints } from "@shared/model/team-strength-view";
import type { AppContext } from "~/load-context";
import { readModelRow } from "~/read-models.server";

export interface TeamStrengthView {
  /** The seasons shown, oldest first ('2425', '2526'). */
  seasons: string[];
  points: StrengthPoint[];
}

export async function getTeamStrength(
  context: Pick<AppContext, "db">,
  league: LeagueKey,
  teamId: number,
): Promise<TeamStrengthView | null> {
  const row = await readModelRow(context, teamStrengthKey(league));
  return row ? teamStrengthPoints(row.payload, teamId) : null;
}
