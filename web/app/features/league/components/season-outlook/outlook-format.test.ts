import { describe, expect, it } from "vitest";
import { outlookPercent, positionCellText, positionPercent, positionShade } from "./outlook-format";

describe("the Season Outlook's percentages", () => {
  it.each([
    [0, "–"],
    [0.0001, "<1%"],
    [0.0049, "<1%"],
    [0.005, "1%"],
    [0.374, "37%"],
    [0.9949, "99%"],
    [0.995, ">99%"],
    [0.9999, ">99%"],
    [1, "100%"],
  ])("prints %s as %s in the table", (p, text) => {
    expect(outlookPercent(p)).toBe(text);
  });

  it.each([
    [0, "0%"],
    [0.0001, "<0.1%"],
    [0.0005, "0.1%"],
    [0.2434, "24.3%"],
    [0.9999, ">99.9%"],
    [1, "100%"],
  ])("prints a position's chance %s as %s", (p, text) => {
    expect(positionPercent(p)).toBe(text);
  });

  it("names a cell by its position: '3rd: 24.3%'", () => {
    expect(positionCellText(3, 0.2434)).toBe("3rd: 24.3%");
    expect(positionCellText(11, 0)).toBe("11th: 0%");
  });
});

describe("the position strip's shades", () => {
  it("keeps shade 0 for a position never reached and 9 for a certain one", () => {
    expect(positionShade(0)).toBe(0);
    expect(positionShade(0.0001)).toBe(1);
    expect(positionShade(1)).toBe(9);
  });

  it("darkens with the probability, on a square-root scale", () => {
    const shades = [0.01, 0.05, 0.2, 0.5, 0.9].map(positionShade);
    expect(shades).toEqual([...shades].sort((a, b) => a - b));
    expect(new Set(shades).size).toBe(shades.length);
  });
});
