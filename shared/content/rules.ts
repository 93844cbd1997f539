/**
 * The rules editorial content follows, written once for the Studio's validation, the
 * automation endpoint and the seed tests. Each returns null when the value is acceptable, or
 * the message an editor (or an automation author) reads.
 */
import { isLeagueKey, LEAGUES } from "../domain/leagues";
import { overUnderLong } from "../domain/picks";
import { seasonCodeFor, seasonLabel } from "../domain/matchweek";
import { getTeamBySlug, type SeasonCode } from "../domain/teams/registry";

/** The seasons the team registry knows clubs for. */
export const CONTENT_SEASONS: readonly SeasonCode[] = ["2526", "2627"];
export const DEFAULT_CONTENT_SEASON: SeasonCode = "2526";

export function isContentSeason(value: unknown): value is SeasonCode {
  return typeof value === "string" && (CONTENT_SEASONS as readonly string[]).includes(value);
}

/** '2025/26' or '2526' → '2526'; anything else → null. */
export function readSeason(value: string): SeasonCode | null {
  const trimmed = value.trim();
  const code = /^20(\d{2})\/(\d{2})$/.exec(trimmed);
  const candidate = code ? `${code[1]}${code[2]}` : trimmed;
  return isContentSeason(candidate) ? candidate : null;
}

export const PROJECTED_SCORE_PATTERN = /^\d{1,2}-\d{1,2}$/;
export const PROJECTED_SCORE_MESSAGE = "Write the score as home-away goals, e.g. 2-1";

export const CONFIDENCE_MESSAGE = "A confidence is a number from 0 to 100";

export function confidenceProblem(value: number): string | null {
  return Number.isFinite(value) && value >= 0 && value <= 100 ? null : CONFIDENCE_MESSAGE;
}

export const BTTS_PICKS = ["YES", "NO"] as const;

/** The over/under calls an editor chooses from: 0.5 to 4.5 goals, each side. */
export const OVER_UNDER_CALLS: readonly string[] = [0.5, 1.5, 2.5, 3.5, 4.5].flatMap((line) =>
  (["O", "U"] as const).map((side) => overUnderLong(`${side}${line}`) as string),
);

export const MAX_VERDICT_TAG_LENGTH = 40;
export const MAX_KEY_INSIGHTS = 10;
export const MAX_KEY_INSIGHT_LENGTH = 280;
export const MAX_BEST_PICK_LENGTH = 60;
export const PARLAY_LEG_COUNT = 5;

/** A team slug that must name a club of the league in that season. */
export function teamProblem(league: unknown, season: unknown, teamSlug: string): string | null {
  const team = getTeamBySlug(teamSlug);
  if (!team) return `"${teamSlug}" is not a club in the team registry`;
  if (!isLeagueKey(league) || !isContentSeason(season)) return null;
  return team.seasons[season] === league
    ? null
    : `${team.name} does not play in the ${LEAGUES[league].name} in ${seasonLabel(season)}`;
}

export function distinctTeamsProblem(homeTeam: unknown, awayTeam: unknown): string | null {
  return typeof homeTeam === "string" && homeTeam !== "" && homeTeam === awayTeam
    ? "The home and away teams must be different clubs"
    : null;
}

/** The season a moment falls in, when the site covers it; else the current season. */
export function contentSeasonAt(date: Date): SeasonCode {
  const code = seasonCodeFor(date);
  return isContentSeason(code) ? code : DEFAULT_CONTENT_SEASON;
}
