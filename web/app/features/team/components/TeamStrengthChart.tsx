/**
 * Team strength over time on the team page: the model's rating of the club and the rating the
 * market's prices imply, week by week over this season and the last, as an SVG line chart with a
 * summary sentence and the numbers month by month in a table (its text alternative). Rendered on
 * the server only; no script, no style attributes.
 */
import { seasonLabel } from "@shared/domain/matchweek";
import type { StrengthPoint } from "@shared/model/team-strength";
import { ScrollRegion } from "~/components/ScrollRegion";
import type { TeamStrengthView } from "../team-strength.server";

export const TEAM_STRENGTH_TITLE = "Team Strength Over Time";
export const TEAM_STRENGTH_EXPLAINER =
  "The goal difference per match the club would expect against an average side of its league on a neutral ground: by our model, from the results, and by the market, from the bookmakers' prices. Above zero, better than average.";

const WIDTH = 520;
const HEIGHT = 250;
const LEFT = 46;
const RIGHT = 12;
const TOP = 24;
const BOTTOM = 30;

/** '+0.45', '−0.30', '0.00'. */
export function goals(value: number | null): string {
  if (value === null) return "n/a";
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return "0.00";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(2)}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthLabel = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** The last point of each month, oldest first. */
function monthly(points: readonly StrengthPoint[]): StrengthPoint[] {
  const byMonth = new Map<string, StrengthPoint>();
  for (const point of points) byMonth.set(point.date.slice(0, 7), point);
  return [...byMonth.values()];
}

/** The season a week belongs to: its point's date against each season's first point. */
function seasonStarts(
  points: readonly StrengthPoint[],
  seasons: readonly string[],
): Array<{ season: string; index: number }> {
  const starts: Array<{ season: string; index: number }> = [];
  for (const season of seasons) {
    const year = 2000 + Number(season.slice(0, 2));
    const index = points.findIndex((p) => p.date >= `${year}-07-01`);
    if (index >= 0 && !starts.some((s) => s.index === index)) starts.push({ season, index });
  }
  return starts;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Weeks further apart than this (the summer break) are not joined by a line. */
const GAP_MS = 21 * DAY_MS;
const timeOf = (point: StrengthPoint) => Date.parse(`${point.date}T00:00:00Z`);

function path(
  points: readonly StrengthPoint[],
  key: "model" | "market",
  x: (i: number) => number,
  y: (v: number) => number,
): string {
  let d = "";
  let drawing = false;
  points.forEach((point, i) => {
    const value = point[key];
    if (value === null) {
      drawing = false;
      return;
    }
    const joined = drawing && timeOf(point) - timeOf(points[i - 1]) <= GAP_MS;
    d += `${joined ? "L" : "M"}${x(i).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  return d;
}

/** Label spacing along the axis, in the chart's units: a label is about 60 wide at 12 px. */
const LABEL_GAP = 80;

/** The months to label along the axis: a month's first week, never two labels closer than LABEL_GAP. */
function monthLabels(points: readonly StrengthPoint[], x: (i: number) => number): StrengthPoint[] {
  const firsts = new Map<string, StrengthPoint>();
  for (const point of points) if (!firsts.has(point.date.slice(0, 7))) firsts.set(point.date.slice(0, 7), point);
  const labels: StrengthPoint[] = [];
  for (const point of firsts.values()) {
    const at = x(points.indexOf(point));
    const last = labels.at(-1);
    if (!last || at - x(points.indexOf(last)) >= LABEL_GAP) labels.push(point);
  }
  return labels;
}

export function TeamStrengthChart({ strength, teamName }: { strength: TeamStrengthView; teamName: string }) {
  const { points, seasons } = strength;
  const values = points.flatMap((p) => [p.model, p.market]).filter((v): v is number => v !== null);
  const reach = Math.max(0.5, Math.ceil(Math.max(...values.map(Math.abs), 0) * 2) / 2);
  const ticks: number[] = [];
  for (let tick = -reach; tick <= reach + 1e-9; tick += reach > 1.5 ? 1 : 0.5) ticks.push(Math.round(tick * 10) / 10);
  // Across: time, so that the summer break shows as the gap it is.
  const start = timeOf(points[0]);
  const span = Math.max(DAY_MS, timeOf(points.at(-1)!) - start);
  const x = (i: number) => LEFT + ((timeOf(points[i]) - start) / span) * (WIDTH - LEFT - RIGHT);
  const anchor = (at: number) => (at > WIDTH - 40 ? "end" : at < LEFT + 20 ? "start" : "middle");
  const y = (v: number) => TOP + ((reach - v) / (2 * reach)) * (HEIGHT - TOP - BOTTOM);
  const latest = points.at(-1)!;
  const first = points[0];
  const id = "team-strength";
  const summary =
    `${teamName} now: ${goals(latest.model)} goals a match against an average side by our model, ` +
    `${goals(latest.market)} by the market. At the start of ${seasonLabel(seasons[0])}: ${goals(first.model)} and ${goals(first.market)}.`;
  return (
    <figure className="team-strength">
      <p className="team-strength__summary">{summary}</p>
      <svg
        className="team-strength__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{`${teamName}: strength over ${seasons.map(seasonLabel).join(" and ")}`}</title>
        <desc id={`${id}-desc`}>
          {`${summary} The solid line is our model, the dashed line the market; the table below lists the numbers month by month.`}
        </desc>
        {ticks.map((tick) => (
          <g
            key={tick}
            className={tick === 0 ? "team-strength__grid team-strength__grid--zero" : "team-strength__grid"}
          >
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end">
              {goals(tick)}
            </text>
          </g>
        ))}
        {seasonStarts(points, seasons).map(({ season, index }) => (
          <g key={season} className="team-strength__season">
            <line x1={x(index)} x2={x(index)} y1={TOP - 6} y2={HEIGHT - BOTTOM} />
            <text x={x(index) + 4} y={TOP - 10}>
              {seasonLabel(season)}
            </text>
          </g>
        ))}
        <path className="team-strength__market" d={path(points, "market", x, y)} />
        <path className="team-strength__model" d={path(points, "model", x, y)} />
        {monthLabels(points, x).map((point) => (
          <text
            key={point.date}
            className="team-strength__month"
            x={x(points.indexOf(point))}
            y={HEIGHT - 10}
            textAnchor={anchor(x(points.indexOf(point)))}
          >
            {monthLabel(point.date)}
          </text>
        ))}
      </svg>
      <figcaption className="team-strength__legend">
        <span className="team-strength__key team-strength__key--model">Our model</span>
        <span className="team-strength__key team-strength__key--market">The market</span>
      </figcaption>
      <details className="team-strength__numbers">
        <summary>The numbers, month by month</summary>
        <ScrollRegion label={`${teamName}: strength month by month`}>
          <table className="data-table">
            <caption className="visually-hidden">{`${teamName}: expected goal difference per match against an average side, at the end of each month`}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Our model</th>
                <th scope="col">The market</th>
              </tr>
            </thead>
            <tbody>
              {monthly(points).map((point) => (
                <tr key={point.date}>
                  <th scope="row">{monthLabel(point.date)}</th>
                  <td>{goals(point.model)}</td>
                  <td>{goals(point.market)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
