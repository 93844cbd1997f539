import { describe, expect, it } from "vitest";
import { LEAGUE_BADGE_DESIGNS, leagueBadgeSvg } from "./league-badge";
import { LEAGUE_KEYS } from "./leagues";
import { contrastRatio, MIN_TEXT_CONTRAST } from "./teams/badge";

describe("league marks", () => {
  it.each(LEAGUE_KEYS)("draws %s with a label readable on its roundel", (league) => {
    const design = LEAGUE_BADGE_DESIGNS[league];
    expect(contrastRatio(design.text, design.fill)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const svg = leagueBadgeSvg(league);
    expect(svg).toContain(`>${design.label}</text>`);
    expect(svg).toBe(leagueBadgeSvg(league));
  });

  it("gives every league its own label", () => {
    const labels = LEAGUE_KEYS.map((league) => LEAGUE_BADGE_DESIGNS[league].label);
    expect(new Set(labels).size).toBe(LEAGUE_KEYS.length);
  });
});
