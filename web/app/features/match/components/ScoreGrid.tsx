/**
 * Key insights: every scoreline of the prediction, 0–5+ goals a side, as a table shaded by
 * probability (classes in key-insights.css: no script, no style attributes), with the likeliest
 * scores above it. Rendered on the server only.
 */
import { formatPercent } from "@shared/domain/format";
import { likeliestScores, SHOWN_SIDE, type ScoreProbability } from "@shared/model/score-probabilities";

export const SCORE_GRID_HEADING = "Every scoreline";
export const LIKELIEST_SCORES_HEADING = "Most likely scores";
/** How many of the likeliest scores are listed. */
export const LIKELIEST_SCORES_SHOWN = 5;
/** Shades from the least likely cell (0) to the likeliest (4). */
const SHADES = 5;

export function scoreGridCaption(homeName: string, awayName: string): string {
  return `Chance of each final score: ${homeName} goals down, ${awayName} goals across`;
}

/** One decimal; a chance that rounds to nothing says so rather than '0.0%'. */
export function scoreChance(probability: number): string {
  return probability < 0.0005 ? "<0.1%" : formatPercent(probability * 100, 1);
}

/** The shade of a cell: its share of the likeliest cell, in five steps. */
export function shadeOf(probability: number, likeliest: number): number {
  if (likeliest <= 0) return 0;
  return Math.min(SHADES - 1, Math.floor((probability / likeliest) * SHADES));
}

const scoreText = (cell: ScoreProbability) => `${cell.home}–${cell.away}`;

export function ScoreGrid({
  cells,
  homeName,
  awayName,
}: {
  cells: readonly ScoreProbability[] | null;
  homeName: string;
  awayName: string;
}) {
  if (!cells || cells.length === 0) return null;
  const likeliest = Math.max(...cells.map((cell) => cell.probability));
  const columns = cells.slice(0, SHOWN_SIDE).map((cell) => cell.away);
  const rows = Array.from({ length: SHOWN_SIDE }, (_, row) => cells.slice(row * SHOWN_SIDE, (row + 1) * SHOWN_SIDE));
  return (
    <div className="stat-block score-grid-block">
      <h3>{SCORE_GRID_HEADING}</h3>
      <div className="likeliest-scores">
        <span className="likeliest-scores__label">{LIKELIEST_SCORES_HEADING}:</span>
        <ol className="likeliest-scores__list">
          {likeliestScores(cells, LIKELIEST_SCORES_SHOWN).map((cell) => (
            <li key={scoreText(cell)}>
              <strong>{scoreText(cell)}</strong> {scoreChance(cell.probability)}
            </li>
          ))}
        </ol>
      </div>
      <div className="table-scroll">
        <table className="score-grid">
          <caption>{scoreGridCaption(homeName, awayName)}</caption>
          <thead>
            <tr>
              <th scope="col" className="score-grid__corner">
                <span className="visually-hidden">{homeName} goals</span>
              </th>
              {columns.map((away) => (
                <th key={away} scope="col">
                  {away}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[0].home}>
                <th scope="row">{row[0].home}</th>
                {row.map((cell) => (
                  <td key={cell.away} className={`s${shadeOf(cell.probability, likeliest)}`}>
                    {scoreChance(cell.probability)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
