/**
 * 'Win probability through the match': after the whistle, the live win probability the worker
 * recorded, from kick-off (the published forecast) to full time (the result), as a small SVG
 * line chart rendered on the server only. Readable without colour: each line has its own
 * pattern (solid, dashed, dotted) and a direct label, goals and red cards are marked and
 * labelled on the minute axis, and the chart has a title, a description and a visible summary.
 * No style attributes (the CSP allows none): classes in live-probability.css, SVG presentation
 * attributes for the line patterns.
 */
import type { LiveProbabilityTick } from "@shared/model/live-probability-history";
import {
  CHART,
  DASHES,
  MARK_SPACING,
  PATTERN_NAMES,
  PLOT_HEIGHT,
  PLOT_WIDTH,
  PROBABILITY_CHART_TITLE,
  probabilityChartModel,
  RED_CARD_ROW,
  round,
  xOf,
  yOf,
  type ChartEvent,
  type ChartTeam,
} from "./probability-chart-model";

export interface ProbabilityChartProps {
  ticks: readonly LiveProbabilityTick[];
  home: ChartTeam;
  away: ChartTeam;
  /** Goals and red cards with their minutes, when the match's events are known; else read from the ticks. */
  events?: readonly ChartEvent[] | null;
  headingId: string;
}

export function ProbabilityChart({ ticks, home, away, events = null, headingId }: ProbabilityChartProps) {
  const model = probabilityChartModel(ticks, { home, away }, events);
  const titleId = `${headingId}-svg-title`;
  const descId = `${headingId}-svg-desc`;
  const axisY = CHART.top + PLOT_HEIGHT;
  // The red cards' row under the goals' is left out when there were none.
  const height = model.events.some((e) => e.kind === "red-card") ? CHART.height : CHART.height - RED_CARD_ROW;
  const minuteMarks = [0, 45, 90].map((minute) => ({ minute, x: round(xOf(minute, model.domain)) }));
  return (
    <div className="probability-chart" data-probability-chart="">
      <h2 id={headingId}>{PROBABILITY_CHART_TITLE}</h2>
      <p className="probability-chart__summary" data-probability-summary="">
        {model.summary}
      </p>
      <svg
        className="probability-chart__svg"
        viewBox={`0 0 ${CHART.width} ${height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        focusable="false"
      >
        <title id={titleId}>{`${PROBABILITY_CHART_TITLE}: ${home.name} v ${away.name}`}</title>
        <desc id={descId}>{model.description}</desc>
        {model.gaps.map((gap, i) => (
          <g key={i} className="probability-chart__gap" data-gap="">
            <rect x={gap.x1} y={CHART.top} width={round(gap.x2 - gap.x1)} height={PLOT_HEIGHT} />
          </g>
        ))}
        <g className="probability-chart__grid" aria-hidden="true">
          {[0, 0.5, 1].map((p) => (
            <g key={p}>
              <line x1={CHART.left} x2={CHART.left + PLOT_WIDTH} y1={yOf(p)} y2={yOf(p)} />
              <text className="probability-chart__tick" x={CHART.left - 4} y={yOf(p) + 3.5} textAnchor="end">
                {`${p * 100}%`}
              </text>
            </g>
          ))}
          {minuteMarks.map(({ minute, x }) => (
            <g key={minute}>
              <line x1={x} x2={x} y1={axisY} y2={axisY + 4} />
              <text
                className="probability-chart__tick"
                x={x}
                y={axisY + 13}
                textAnchor={minute === 0 ? "start" : "middle"}
              >
                {minute === 0 ? "0'" : minute === 45 ? "HT" : "90'"}
              </text>
            </g>
          ))}
        </g>
        {/* Over the grid, on the 75% band (no grid line there), with a halo: clear of the lines. */}
        {model.gaps.map((gap, i) =>
          gap.x2 - gap.x1 > 60 ? (
            <text
              key={i}
              className="probability-chart__gap-label"
              data-gap-label=""
              x={round((gap.x1 + gap.x2) / 2)}
              y={round(CHART.top + PLOT_HEIGHT / 4 + 3)}
              textAnchor="middle"
            >
              no readings
            </text>
          ) : null,
        )}
        <g className="probability-chart__events" data-chart-events="">
          {model.marks.map((group, i) => {
            // A mark whose time is unknown gets no line at a minute: its label starts at the stretch's start.
            const unknown = group.timing === "unknown";
            return (
              <g
                key={i}
                className={`probability-chart__event probability-chart__event--${group.kind}`}
                data-event={group.kind}
                data-timing={group.timing}
                data-count={group.offsets.length}
              >
                {unknown ? null : <line x1={group.x} x2={group.x} y1={CHART.top} y2={axisY} strokeDasharray="2 2" />}
                {group.offsets.map((offset, k) => {
                  const x = unknown ? round(group.x + 3 + k * MARK_SPACING) : round(group.x + offset);
                  return group.kind === "goal" ? (
                    <circle key={k} cx={x} cy={axisY + 22} r="3" />
                  ) : (
                    <rect key={k} x={round(x - 2.5)} y={axisY + 30} width="5" height="7" />
                  );
                })}
                <text
                  className="probability-chart__event-label"
                  x={unknown ? round(group.x + 3 + (group.offsets.length - 1) * MARK_SPACING + 6) : group.x}
                  y={group.kind === "goal" ? (unknown ? axisY + 25 : axisY + 35) : unknown ? axisY + 37 : axisY + 47}
                  textAnchor={unknown ? "start" : "middle"}
                >
                  {group.label}
                </text>
              </g>
            );
          })}
        </g>
        {model.lines.map((line) => (
          <g
            key={line.outcome}
            className={`probability-chart__series probability-chart__series--${line.outcome}`}
            data-outcome={line.outcome}
          >
            <polyline
              fill="none"
              strokeWidth={line.outcome === "home" ? 2.5 : 2}
              strokeDasharray={DASHES[line.outcome]}
              strokeLinecap="round"
              strokeLinejoin="round"
              points={line.points.map((p) => `${p.x},${p.y}`).join(" ")}
            />
            <text className="probability-chart__label" x={CHART.left + PLOT_WIDTH + 5} y={line.label.y}>
              {line.label.text}
            </text>
          </g>
        ))}
      </svg>
      <ul className="probability-chart__key">
        {model.lines.map((line) => (
          <li key={line.outcome} data-outcome={line.outcome}>
            <svg className="probability-chart__swatch" viewBox="0 0 24 6" aria-hidden="true" focusable="false">
              <line
                className={`probability-chart__series--${line.outcome}`}
                x1="1"
                x2="23"
                y1="3"
                y2="3"
                strokeWidth={line.outcome === "home" ? 2.5 : 2}
                strokeDasharray={DASHES[line.outcome]}
                strokeLinecap="round"
              />
            </svg>
            {line.code === line.name ? line.name : `${line.code}: ${line.name}`}
            <span className="visually-hidden">{` (${PATTERN_NAMES[line.outcome]})`}</span>
          </li>
        ))}
        <li>
          <svg
            className="probability-chart__swatch probability-chart__swatch--mark"
            viewBox="0 0 8 8"
            aria-hidden="true"
            focusable="false"
          >
            <circle className="probability-chart__event--goal" cx="4" cy="4" r="3" />
          </svg>
          Goal (score after it)
        </li>
        {model.events.some((e) => e.kind === "red-card") ? (
          <li>
            <svg
              className="probability-chart__swatch probability-chart__swatch--mark"
              viewBox="0 0 8 8"
              aria-hidden="true"
              focusable="false"
            >
              <rect className="probability-chart__event--red-card" x="1.5" y="0.5" width="5" height="7" />
            </svg>
            Red card
          </li>
        ) : null}
      </ul>
    </div>
  );
}
