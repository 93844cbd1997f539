/**
 * The team page's 'Team Stats Overview' from a team's stored season figures (team_season_stats:
 * played, won, goals for and against home and away, clean sheets, and when the source counted
 * them, matches over 2.5 goals and matches in which both sides scored).
 *
 * Over 2.5 and BTTS are real shares of matches whenever the figures hold the counts (the worker
 * counts them from results). A provider that gives only goal totals leaves them null; then the
 * spec's rules apply: "over 2.5 percentage from average total goals, capped at 100" and "BTTS
 * percentage from scoring and conceding averages". Those estimates read the averages as Poisson
 * means, the usual model of goals in a match, and each figure says which way it was made.
 */
import { roundTo } from "./format";
import type { TeamStatsOverview } from "./team-stats";

export interface TeamSeasonFigures {
  playedHome: number;
  playedAway: number;
  winsHome: number;
  winsAway: number;
  goalsForHome: number;
  goalsForAway: number;
  goalsAgainstHome: number;
  goalsAgainstAway: number;
  cleanSheets: number;
  over25Matches: number | null;
  bothScoredMatches: number | null;
}

/** 'counted': a share of real matches; 'estimated': from the season's goal averages. */
export type PercentageBasis = "counted" | "estimated";

export interface TeamSeasonStatsOverview extends TeamStatsOverview {
  over25Basis: PercentageBasis;
  bttsBasis: PercentageBasis;
}

const MAX_PERCENTAGE = 100;

function percentage(count: number, total: number): number {
  return Math.round((100 * count) / total);
}

function clampPercentage(value: number): number {
  return Math.min(MAX_PERCENTAGE, Math.max(0, Math.round(value)));
}

/** P(X ≥ 3) for goals X ~ Poisson(mean): the chance of over 2.5 goals, as a whole percentage capped at 100. */
export function over25FromAverage(averageTotalGoals: number): number {
  const m = Math.max(0, averageTotalGoals);
  const atMostTwo = Math.exp(-m) * (1 + m + (m * m) / 2);
  return clampPercentage(100 * (1 - atMostTwo));
}

/** P(team scores) × P(opponent scores), each 1 − e^(−average): both teams to score, as a whole percentage. */
export function bttsFromAverages(averageScored: number, averageConceded: number): number {
  const scores = 1 - Math.exp(-Math.max(0, averageScored));
  const concedes = 1 - Math.exp(-Math.max(0, averageConceded));
  return clampPercentage(100 * scores * concedes);
}

function winRate(wins: number, played: number): number | null {
  return played > 0 ? percentage(wins, played) : null;
}

/** A count the figures hold and that fits the matches played; anything else is not used. */
function usableCount(count: number | null, played: number): count is number {
  return count !== null && Number.isInteger(count) && count >= 0 && count <= played;
}

/** The six figures, or null before the team's first completed match ('No completed matches in current season yet'). */
export function teamSeasonStatsOverview(figures: TeamSeasonFigures): TeamSeasonStatsOverview | null {
  const played = figures.playedHome + figures.playedAway;
  if (played <= 0) return null;
  const scored = (figures.goalsForHome + figures.goalsForAway) / played;
  const conceded = (figures.goalsAgainstHome + figures.goalsAgainstAway) / played;
  const over25Counted = usableCount(figures.over25Matches, played);
  const bttsCounted = usableCount(figures.bothScoredMatches, played);
  return {
    matches: played,
    avgGoalsScored: roundTo(scored, 2),
    avgGoalsConceded: roundTo(conceded, 2),
    cleanSheets: figures.cleanSheets,
    over25Percentage: over25Counted ? percentage(figures.over25Matches!, played) : over25FromAverage(scored + conceded),
    bttsPercentage: bttsCounted ? percentage(figures.bothScoredMatches!, played) : bttsFromAverages(scored, conceded),
    homeWinRate: winRate(figures.winsHome, figures.playedHome),
    awayWinRate: winRate(figures.winsAway, figures.playedAway),
    over25Basis: over25Counted ? "counted" : "estimated",
    bttsBasis: bttsCounted ? "counted" : "estimated",
  };
}

/** 'Win rate home | away': '67% | 33%', with 'n/a' for a side the team has not played yet. */
export function winRatesLabel(homeWinRate: number | null, awayWinRate: number | null): string {
  const side = (rate: number | null) => (rate === null ? "n/a" : `${rate}%`);
  return `${side(homeWinRate)} | ${side(awayWinRate)}`;
}
