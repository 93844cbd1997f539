/**
 * Checks the engine's input before any work, so a malformed row stops the call with a message
 * that names it instead of producing a silently wrong forecast. Prices are not checked here:
 * invalid prices count as no prices.
 */
import { isLeagueKey } from "../domain/leagues";
import type { MatchInput, PlayedMatch, UpcomingMatch } from "./types";

export class ModelInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelInputError";
  }
}

const isCount = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= 0;
const isOptionalCount = (value: unknown) => value === null || value === undefined || isCount(value);

function checkMatch(match: MatchInput, role: string): void {
  const name = `${role} match ${JSON.stringify(match?.id)}`;
  if (typeof match?.id !== "string" || match.id === "") throw new ModelInputError(`${role} match without an id`);
  if (!isLeagueKey(match.league)) throw new ModelInputError(`${name}: unknown league ${JSON.stringify(match.league)}`);
  if (typeof match.season !== "string" || match.season === "") throw new ModelInputError(`${name}: no season`);
  if (!(match.kickoff instanceof Date) || Number.isNaN(match.kickoff.getTime())) {
    throw new ModelInputError(`${name}: kickoff is not a date`);
  }
  if (
    !Number.isInteger(match.homeTeamId) ||
    !Number.isInteger(match.awayTeamId) ||
    match.homeTeamId === match.awayTeamId
  ) {
    throw new ModelInputError(`${name}: needs two different integer team ids`);
  }
}

export function validateInput(history: readonly PlayedMatch[], upcoming: readonly UpcomingMatch[], asOf: number): void {
  if (!Number.isFinite(asOf)) throw new ModelInputError("asOf is not a date");
  const ids = new Set<string>();
  for (const match of history) {
    checkMatch(match, "history");
    if (ids.has(match.id)) throw new ModelInputError(`history match ${JSON.stringify(match.id)} appears twice`);
    ids.add(match.id);
    if (match.kickoff.getTime() >= asOf) {
      throw new ModelInputError(
        `history match ${JSON.stringify(match.id)} kicks off at or after asOf: it cannot inform the forecast`,
      );
    }
    if (!isCount(match.homeGoals) || !isCount(match.awayGoals)) {
      throw new ModelInputError(`history match ${JSON.stringify(match.id)}: goals must be whole numbers of 0 or more`);
    }
    if (!isOptionalCount(match.homeShotsOnTarget) || !isOptionalCount(match.awayShotsOnTarget)) {
      throw new ModelInputError(
        `history match ${JSON.stringify(match.id)}: shots on target must be whole numbers of 0 or more`,
      );
    }
  }
  const upcomingIds = new Set<string>();
  for (const match of upcoming) {
    checkMatch(match, "upcoming");
    if (upcomingIds.has(match.id))
      throw new ModelInputError(`upcoming match ${JSON.stringify(match.id)} appears twice`);
    upcomingIds.add(match.id);
    if (
      typeof match.homeTeam !== "string" ||
      typeof match.awayTeam !== "string" ||
      !match.homeTeam.trim() ||
      !match.awayTeam.trim()
    ) {
      throw new ModelInputError(`upcoming match ${JSON.stringify(match.id)}: needs both team names`);
    }
  }
}
