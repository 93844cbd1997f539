import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { positionShade, positionCellText } from "./outlook-format";
import { positionCells } from "./PositionStrip";

/** The cells as React elements, as the strip rendered them before they were written as a string. */
function cellsAsElements(positions: readonly number[], mostLikely: number, size: "compact" | "wide"): string {
  return renderToStaticMarkup(
    createElement(
      "span",
      null,
      positions.map((p, index) =>
        createElement("i", {
          key: index,
          className: `s${positionShade(p)}${index + 1 === mostLikely ? " l" : ""}`,
          title: size === "wide" ? positionCellText(index + 1, p) : undefined,
        }),
      ),
    ),
  ).replace(/^<span>|<\/span>$/g, "");
}

describe("a position strip's cells", () => {
  // Every kind of figure: exactly 0, under 0.1% ("<0.1%" in a title), ordinary, over 99.9%, exactly 1.
  const strips = [
    [0.0004, 0.3, 0.2, 0.4996, 0, ...Array<number>(15).fill(0)],
    [0.99995, 0.00005, ...Array<number>(18).fill(0)],
    [1, ...Array<number>(19).fill(0)],
  ];

  it("are the bytes React writes for the same cells, compact and wide", () => {
    for (const positions of strips) {
      for (const size of ["compact", "wide"] as const) {
        expect(positionCells(positions, 2, size)).toBe(cellsAsElements(positions, 2, size));
      }
    }
  });

  it("mark the most likely finish and escape the wide strip's tooltips", () => {
    const html = positionCells([0.0004, 0.9996], 2, "wide");
    expect(html).toBe('<i class="s1" title="1st: &lt;0.1%"></i><i class="s9 l" title="2nd: &gt;99.9%"></i>');
  });
});
