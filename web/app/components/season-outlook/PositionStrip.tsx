import { ordinal } from "../../../../shared/domain/format";
import { outlookPercent, positionCellText, positionShade } from "./outlook-format";

/**
 * A club's chances of each final position, 1st on the left, as a row of cells shaded by
 * probability (classes, never inline styles: the CSP refuses them). Colour is not the only
 * signal: every cell carries its position and chance in words, and the list is named after
 * the most likely finish.
 */
export function PositionStrip({ positions, mostLikely, size = "compact" }: { positions: readonly number[]; mostLikely: number; size?: "compact" | "wide" }) {
  return (
    <ol className={`outlook-strip outlook-strip--${size}`} aria-label={mostLikelyLabel(positions, mostLikely)}>
      {positions.map((p, index) => {
        const text = positionCellText(index + 1, p);
        return (
          <li
            key={index}
            className={`outlook-strip__cell outlook-shade-${positionShade(p)}${index + 1 === mostLikely ? " outlook-strip__cell--likeliest" : ""}`}
            title={text}
          >
            <span className="visually-hidden">{text}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** "Final position chances, most likely 3rd (24%)". */
export function mostLikelyLabel(positions: readonly number[], mostLikely: number): string {
  return `Final position chances, most likely ${ordinal(mostLikely)} (${outlookPercent(positions[mostLikely - 1] ?? 0)})`;
}
