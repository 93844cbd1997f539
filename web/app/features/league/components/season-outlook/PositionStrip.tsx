import { ordinal } from "@shared/domain/format";
import { outlookPercent, positionCellText, positionPercent, positionShade } from "./outlook-format";

/**
 * A club's chances of each final position, 1st on the left, as a row of cells shaded by
 * probability (classes, never inline styles: the CSP refuses them). Colour is not the only
 * signal: the strip is one image whose name gives every position's chance in words and the most
 * likely finish, which the table also prints. A league table holds 20 strips of 20 cells, so the
 * cells are bare (`<i class="s4">`); the team page's single wide strip also gives each cell a
 * tooltip.
 *
 * The strip is only ever server markup (the league's and the team's page content), never
 * hydrated, and its 400 cells on a league page cost a render as much as the rest of the table:
 * they are written as a string (`positionCells`), byte for byte what React writes for them.
 */
export function PositionStrip({
  positions,
  mostLikely,
  size = "compact",
}: {
  positions: readonly number[];
  mostLikely: number;
  size?: "compact" | "wide";
}) {
  return (
    <span
      className={`outlook-strip outlook-strip--${size}`}
      role="img"
      aria-label={positionsLabel(positions, mostLikely)}
      dangerouslySetInnerHTML={{ __html: positionCells(positions, mostLikely, size) }}
    />
  );
}

/** An attribute's value as React escapes it. */
function attributeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c]);
}
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** The strip's cells as HTML: `<i class="s4"></i>`, the most likely finish's with ` l`, the wide strip's with a title. */
export function positionCells(positions: readonly number[], mostLikely: number, size: "compact" | "wide"): string {
  let html = "";
  for (let index = 0; index < positions.length; index++) {
    const p = positions[index];
    html += `<i class="s${positionShade(p)}${index + 1 === mostLikely ? " l" : ""}"`;
    if (size === "wide") html += ` title="${attributeText(positionCellText(index + 1, p))}"`;
    html += "></i>";
  }
  return html;
}

/** "Final position chances, most likely 3rd (24%)". */
export function mostLikelyLabel(positions: readonly number[], mostLikely: number): string {
  return `Final position chances, most likely ${ordinal(mostLikely)} (${outlookPercent(positions[mostLikely - 1] ?? 0)})`;
}

/**
 * The strip in words: the most likely finish, then every position with a chance of at least
 * 0.1%: "Final position chances, most likely 1st (84%): 1st 83.8%, 2nd 14.3%, 3rd 1.6%, 4th 0.2%;
 * any other place under 0.1%".
 */
export function positionsLabel(positions: readonly number[], mostLikely: number): string {
  const listed = positions.flatMap((p, index) => (p >= 0.0005 ? [`${ordinal(index + 1)} ${positionPercent(p)}`] : []));
  const rest = listed.length < positions.length ? "; any other place under 0.1%" : "";
  return `${mostLikelyLabel(positions, mostLikely)}: ${listed.join(", ")}${rest}`;
}
