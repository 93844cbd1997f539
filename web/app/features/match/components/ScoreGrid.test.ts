import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { foldScoreGrid, scoreProbabilities } from "@shared/model/score-probabilities";
import { GRID_SIDE, scorelineGrid } from "@shared/model/scoreline-grid";
import { scoreChance, ScoreGrid, shadeOf } from "./ScoreGrid";

const render = (props: Parameters<typeof ScoreGrid>[0]) => renderToStaticMarkup(createElement(ScoreGrid, props));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
/** The published grid of a match with 1.6 expected home goals and 1.1 away. */
const cells = scoreProbabilities(foldScoreGrid(scorelineGrid(1.6, 1.1, -0.1), GRID_SIDE))!;

describe("the match page's every-scoreline table", () => {
  it("lists the five likeliest scores, then a 6 by 6 table of every score with its chance", () => {
    const html = render({ cells, homeName: "Arsenal", awayName: "Chelsea" });
    expect(text(html)).toMatch(
      /^Every scoreline Most likely scores: 1–1 13\.0% 1–0 9\.6% 2–1 9\.5% 2–0 8\.6% 0–0 7\.9% Chance of each final score: Arsenal goals down, Chelsea goals across Arsenal goals 0 1 2 3 4 5\+ 0 7\.9% 6\.2% /,
    );
    expect(text(html)).toMatch(/ 5\+ 0\.8% 0\.9% 0\.5% 0\.2% &lt;0\.1% &lt;0\.1%$/);
    expect(html).toContain("<caption>Chance of each final score: Arsenal goals down, Chelsea goals across</caption>");
    expect(html.match(/<tr>/g)).toHaveLength(7);
    expect(html.match(/<td /g)).toHaveLength(36);
    expect(html.match(/<th scope="row">/g)).toHaveLength(6);
    // The likeliest cell is in the darkest shade; no style attributes (the CSP allows none).
    expect(html).toContain(`<td class="s4">${scoreChance(cells[7].probability)}</td>`);
    expect(html).not.toContain("style=");
  });

  it("shows nothing without a stored grid", () => {
    expect(render({ cells: null, homeName: "Arsenal", awayName: "Chelsea" })).toBe("");
  });

  it.each([
    [0.1234, "12.3%"],
    [0.0005, "0.1%"],
    [0.0004, "<0.1%"],
    [0, "<0.1%"],
  ])("says a chance of %s as %s", (probability, shown) => {
    expect(scoreChance(probability)).toBe(shown);
  });

  it.each([
    [0.12, 0.12, 4],
    [0.1, 0.12, 4],
    [0.06, 0.12, 2],
    [0.001, 0.12, 0],
    [0.05, 0, 0],
  ])("shades %s against a likeliest cell of %s as %s", (probability, likeliest, shade) => {
    expect(shadeOf(probability, likeliest)).toBe(shade);
  });
});
