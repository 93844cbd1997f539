/**
 * The team page's 'Team Stats Overview' and 'Recent Results (Last 5 Matches)', from the team's
 * finished matches, always seen from the team's side.
 *
 * Over 2.5 and BTTS are counted, not estimated. The spec derives them from averages ("over
 * 2.5 percentage from average total goals, capped at 100"; "BTTS percentage from scoring and
 * conceding averages"), which can say 100% for a side whose matches mostly end 4-0 and 0-0.
 * Here they are the share of the team's matches with three or more goals, and with both sides
 * scoring.
 */
import { goalsFromTeamView, isGoalCount, resultMarker, TEAM_FORM_LIMIT, type ResultMarker } from "./form";
import { roundTo, teamNameOrFallback } from "./format";
import { parseInstant } from "./instant";

export interface TeamMatch {
  /** Our match id, for links to /match/{id}. */
  matchId?: number;
  kickoffAt: Date | string;
  homeTeam: { id: number; name?: string | null };
  awayTeam: { id: number; name?: string | null };
  homeGoals: number | null | undefined;
  awayGoals: number | null | undefined;
}

export interface TeamStatsOverview {
  /** Matches with a score that the figures are based on. */
  matches: number;
  /** Per match, 2 decimals. */
  avgGoalsScored: number;
  avgGoalsConceded: number;
  cleanSheets: number;
  /** Whole percentages, 0–100. */
  over25Percentage: number;
  bttsPercentage: number;
  /** Null when the team has not played a match of that kind. */
  homeWinRate: number | null;
  awayWinRate: number | null;
}

export interface RecentResult {
  matchId?: number;
  kickoffAt: Date;
  opponentId: number;
  /** The opponent's name, or 'Team #{id}'. */
  opponent: string;
  isHome: boolean;
  venueMarker: "(H)" | "(A)";
  result: ResultMarker;
  /** Final score from the team's side, '2-1' when it won 2-1 away too; 'N/A' without a score. */
  score: string;
}

interface TeamView {
  match: TeamMatch;
  kickoff: Date;
  isHome: boolean;
  teamGoals: number | null | undefined;
  opponentGoals: number | null | undefined;
}

/** The team's matches with a readable kickoff, oldest first; matches of other teams are ignored. */
function teamView(teamId: number, matches: readonly TeamMatch[]): TeamView[] {
  const views = matches.flatMap((match) => {
    const kickoff = parseInstant(match.kickoffAt);
    const isHome = match.homeTeam.id === teamId;
    if (!kickoff || (!isHome && match.awayTeam.id !== teamId)) return [];
    return [{ match, kickoff, isHome, ...goalsFromTeamView(isHome, match.homeGoals, match.awayGoals) }];
  });
  return views.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
}

const OVER_25_MIN_GOALS = 3;

function percentage(count: number, total: number): number {
  return Math.round((100 * count) / total);
}

interface ScoredMatch {
  isHome: boolean;
  teamGoals: number;
  opponentGoals: number;
}

function winRate(matches: readonly ScoredMatch[]): number | null {
  if (matches.length === 0) return null;
  return percentage(matches.filter((m) => m.teamGoals > m.opponentGoals).length, matches.length);
}

/** The six figures, or null when no match has a score ('No completed matches in current season yet'). */
export function teamStatsOverview(teamId: number, matches: readonly TeamMatch[]): TeamStatsOverview | null {
  const scored: ScoredMatch[] = teamView(teamId, matches).flatMap(({ isHome, teamGoals, opponentGoals }) =>
    isGoalCount(teamGoals) && isGoalCount(opponentGoals) ? [{ isHome, teamGoals, opponentGoals }] : [],
  );
  if (scored.length === 0) return null;

  const total = scored.length;
  const sum = (f: (m: ScoredMatch) => number) => scored.reduce((acc, m) => acc + f(m), 0);
  const count = (f: (m: ScoredMatch) => boolean) => scored.filter(f).length;
  return {
    matches: total,
    avgGoalsScored: roundTo(sum((m) => m.teamGoals) / total, 2),
    avgGoalsConceded: roundTo(sum((m) => m.opponentGoals) / total, 2),
    cleanSheets: count((m) => m.opponentGoals === 0),
    over25Percentage: percentage(
      count((m) => m.teamGoals + m.opponentGoals >= OVER_25_MIN_GOALS),
      total,
    ),
    bttsPercentage: percentage(
      count((m) => m.teamGoals > 0 && m.opponentGoals > 0),
      total,
    ),
    homeWinRate: winRate(scored.filter((m) => m.isHome)),
    awayWinRate: winRate(scored.filter((m) => !m.isHome)),
  };
}

/** The team's last `limit` matches, most recent first, as the 'Recent Results' list shows them. */
export function recentResults(teamId: number, matches: readonly TeamMatch[], limit = TEAM_FORM_LIMIT): RecentResult[] {
  return teamView(teamId, matches)
    .reverse()
    .slice(0, limit)
    .map(({ match, kickoff, isHome, teamGoals, opponentGoals }) => {
      const opponent = isHome ? match.awayTeam : match.homeTeam;
      const result = resultMarker(teamGoals, opponentGoals);
      return {
        ...(match.matchId === undefined ? {} : { matchId: match.matchId }),
        kickoffAt: kickoff,
        opponentId: opponent.id,
        opponent: teamNameOrFallback(opponent.name, opponent.id),
        isHome,
        venueMarker: isHome ? "(H)" : "(A)",
        result,
        score: result === "N/A" ? "N/A" : `${teamGoals}-${opponentGoals}`,
      };
    });
}
