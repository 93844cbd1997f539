import { winRatesLabel } from "@shared/domain/team-season-stats";
import type { TeamStatistics } from "../teams.schema";

/** The team's season figures in the league, those estimated from the goal averages marked with an asterisk. */
export function StatsOverview({ stats }: { stats: TeamStatistics }) {
  const estimated = stats.over25Basis === "estimated" || stats.bttsBasis === "estimated";
  const mark = (basis: TeamStatistics["over25Basis"]) => (basis === "estimated" ? "*" : "");
  const figures: [string, string][] = [
    ["Avg Goals Scored", stats.avgGoalsScored.toFixed(2)],
    ["Avg Goals Conceded", stats.avgGoalsConceded.toFixed(2)],
    ["Clean Sheets", String(stats.cleanSheets)],
    ["Over 2.5 Goals", `${stats.over25Percentage}%${mark(stats.over25Basis)}`],
    ["BTTS", `${stats.bttsPercentage}%${mark(stats.bttsBasis)}`],
    ["Win Rate Home | Away", winRatesLabel(stats.homeWinRate, stats.awayWinRate)],
  ];
  return (
    <>
      <dl className="team-stats">
        {figures.map(([label, value]) => (
          <div key={label} className="team-stats__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted team-stats__note">
        From {stats.matches} league {stats.matches === 1 ? "match" : "matches"} this season.
        {estimated ? " * Estimated from the season's goal averages: the data source gives no match counts." : null}
      </p>
    </>
  );
}
