import { ScrollRegion } from "~/components/ScrollRegion";
import type { ReliabilityBin } from "@shared/model/reliability";

const SIZE = 320;
const PAD = 40;
const PLOT = SIZE - PAD * 2;

const x = (probability: number) => PAD + probability * PLOT;
const y = (rate: number) => SIZE - PAD - rate * PLOT;
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * Predicted confidence against how often the picks actually won, one point per confidence band
 * (sized by its pick count), with the diagonal a perfectly calibrated model would follow. The
 * table after it carries the same numbers for screen readers and anyone who prefers text.
 */
export function ReliabilityChart({ bins, title, id }: { bins: ReliabilityBin[]; title: string; id: string }) {
  const filled = bins.filter((bin) => bin.count > 0 && bin.meanProbability !== null && bin.observedRate !== null);
  const largest = Math.max(1, ...filled.map((bin) => bin.count));
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <figure className="reliability">
      <svg
        className="reliability__chart"
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          Each point is a confidence band: across, the confidence we showed; up, how often those picks hit. Points on
          the dashed diagonal mean the confidence was honest. The table below lists the same numbers.
        </desc>
        {ticks.map((tick) => (
          <g key={tick} className="reliability__grid">
            <line x1={x(0)} x2={x(1)} y1={y(tick)} y2={y(tick)} />
            <line x1={x(tick)} x2={x(tick)} y1={y(0)} y2={y(1)} />
            <text x={PAD - 6} y={y(tick) + 4} textAnchor="end">
              {percent(tick)}
            </text>
            <text x={x(tick)} y={SIZE - PAD + 16} textAnchor="middle">
              {percent(tick)}
            </text>
          </g>
        ))}
        <line className="reliability__diagonal" x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} />
        <polyline
          className="reliability__line"
          points={filled.map((bin) => `${x(bin.meanProbability!)},${y(bin.observedRate!)}`).join(" ")}
        />
        {filled.map((bin) => (
          <circle
            key={bin.from}
            className="reliability__point"
            cx={x(bin.meanProbability!)}
            cy={y(bin.observedRate!)}
            r={3 + 6 * Math.sqrt(bin.count / largest)}
          />
        ))}
        <text className="reliability__axis" x={SIZE / 2} y={SIZE - 6} textAnchor="middle">
          Confidence shown
        </text>
        <text
          className="reliability__axis"
          x={12}
          y={SIZE / 2}
          textAnchor="middle"
          transform={`rotate(-90 12 ${SIZE / 2})`}
        >
          Actual hit rate
        </text>
      </svg>
      <figcaption>{title}</figcaption>
      <ScrollRegion label={`${title}: the numbers`}>
        <table className="data-table">
          <caption className="visually-hidden">{title}: the numbers</caption>
          <thead>
            <tr>
              <th scope="col">Confidence band</th>
              <th scope="col">Picks</th>
              <th scope="col">Average confidence</th>
              <th scope="col">Actual hit rate</th>
            </tr>
          </thead>
          <tbody>
            {filled.map((bin) => (
              <tr key={bin.from}>
                <th scope="row">
                  {percent(bin.from)}–{percent(bin.to)}
                </th>
                <td>{bin.count}</td>
                <td>{(bin.meanProbability! * 100).toFixed(1)}%</td>
                <td>{(bin.observedRate! * 100).toFixed(1)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </figure>
  );
}
