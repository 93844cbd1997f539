/**
 * A club's strength over time as the team page shows it: the worker's team-strength job's points
 * (shared/model/team-strength.ts), read from read_models (batched with the page's season outlook
 * into one statement). Reads only; null until the worker has stored them.
 */
import type { LeagueKey } from "@shared/domain/leagues";
import type { StrengthPoint } from "@shared/model/team-strength";
import { clubStrengthPoints, parseTeamStrengthPayload, teamStrengthKey } from "@shared/model/team-strength-view";
import type { AppContext } from "~/load-context";
import { readModel } from "~/read-models.server";

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
  // The league's payload is validated once per version, then each club's points are picked from it.
  const payload = (await readModel(context, teamStrengthKey(league), parseTeamStrengthPayload))?.value;
  return payload ? clubStrengthPoints(payload, teamId) : null;
}
