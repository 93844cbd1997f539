/**
 * The season outlook of a league as the site shows it: computed by the worker's season-outlook
 * job (shared/model/season-outlook.ts) and read here from read_models in one statement, with
 * the clubs' names and page links. Reads only; null until the worker has stored one.
 */
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { getTeamById, teamNameById } from "@shared/domain/teams/registry";
import { parseSeasonOutlookPayload, seasonOutlookKey, type TeamOutlookRow } from "@shared/model/season-outlook-view";
import type { AppContext } from "~/load-context";
import { readModel } from "~/read-models.server";

export interface TeamOutlookView extends TeamOutlookRow {
  teamName: string;
  teamSlug: string | null;
}

export interface SeasonOutlookView {
  league: LeagueKey;
  season: string;
  seasons: number;
  sigma: number;
  resultsPlayed: number;
  remainingFixtures: number;
  computedAt: string;
  teams: TeamOutlookView[];
}

export async function getSeasonOutlook(
  context: Pick<AppContext, "db">,
  league: LeagueKey,
): Promise<SeasonOutlookView | null> {
  const row = await readModel(context, seasonOutlookKey(league), parseSeasonOutlookPayload);
  const payload = row?.value ?? null;
  if (!payload || payload.league !== league) return null;
  return {
    league,
    season: payload.season,
    seasons: payload.seasons,
    sigma: payload.sigma,
    resultsPlayed: payload.resultsPlayed,
    remainingFixtures: payload.remainingFixtures,
    computedAt: row!.computedAt.toISOString(),
    teams: payload.teams.map((t) => {
      const team = getTeamById(t.teamId);
      return { ...t, teamName: teamNameById(t.teamId), teamSlug: team?.slug ?? null };
    }),
  };
}

const CSV_COLUMNS = [
  "position_now",
  "team_id",
  "team",
  "points_now",
  "played",
  "games_left",
  "expected_points",
  "expected_goal_difference",
  "p_title",
  "p_champions_league",
  "p_europa_league",
  "p_relegation",
  "most_likely_position",
] as const;

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The outlook as CSV: one row per team, then P(finishing 1st) … P(finishing Nth). */
export function seasonOutlookCsv(view: SeasonOutlookView | null, league: LeagueKey): string {
  const n = view?.teams[0]?.positions.length ?? LEAGUES[league].teamCount;
  const header = [...CSV_COLUMNS, ...Array.from({ length: n }, (_, i) => `p_position_${i + 1}`)];
  const rows = (view?.teams ?? []).map((t) =>
    [
      t.currentPosition,
      t.teamId,
      t.teamName,
      t.currentPoints,
      t.played,
      t.remaining,
      t.expectedPoints,
      t.expectedGoalDifference,
      t.title,
      t.championsLeague,
      t.europaLeague,
      t.relegation,
      t.mostLikelyPosition,
      ...t.positions,
    ].map(csvField),
  );
  return [header, ...rows].map((r) => r.join(",")).join("\r\n") + "\r\n";
}
