import { describe, expect, it } from "vitest";
import { badgeDesign, badgeLabel, contrastRatio, MIN_TEXT_CONTRAST, teamBadgeSvg, type BadgeTeam } from "./badge";
import { getTeamBySlug, TEAMS } from "./registry";

const team = (slug: string): BadgeTeam => getTeamBySlug(slug)!;

describe("contrastRatio: the WCAG ratio", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#777777", "#ffffff", 4.48],
  ])("%s on %s is %s", (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });
});

describe("badgeLabel: the club's code, or its initials", () => {
  it.each([
    ["Arsenal", "ARS", "ARS"],
    ["Paris Saint-Germain", "", "PSG"],
    ["FC Barcelona", "??", "BAR"],
    ["Borussia Mönchengladbach", "x", "BM"],
    ["Manchester United", " mun ", "MUN"],
    ["!!!", "", "?"],
  ])("%s with code %j reads %s", (name, code, label) => {
    expect(badgeLabel({ name, code })).toBe(label);
  });
});

describe("badgeDesign: colours and a readable label", () => {
  it.each([
    // White reads on Arsenal's red once the red is a shade deeper: the club's own colours stay.
    ["arsenal", { label: "ARS", fill: "#e50107", trim: "#ffffff", text: "#ffffff" }],
    // Aston Villa's sky blue reads on claret as it is.
    ["aston-villa", { label: "AVL", fill: "#670e36", trim: "#95bfe5", text: "#95bfe5" }],
    // Yellow and black: black on yellow.
    ["borussia-dortmund", { label: "BVB", fill: "#fde100", trim: "#000000", text: "#000000" }],
    // Watford's red does not read on its yellow: black letters, the yellow kept.
    ["watford", { label: "WAT", fill: "#fbee23", text: "#111111" }],
    // Newcastle's white second colour on black.
    ["newcastle-united", { label: "NEW", fill: "#241f20", trim: "#ffffff", text: "#ffffff" }],
  ])("%s", (slug, expected) => {
    expect(badgeDesign(team(slug))).toMatchObject(expected);
  });

  it("falls back to white or near-black when the second colour does not read on the first", () => {
    const design = badgeDesign({
      id: 1,
      name: "Pale FC",
      code: "PAL",
      colors: { primary: "#ffffff", secondary: "#fffff0" },
    });
    expect(design.text).toBe("#111111");
    // A trim the shield would swallow is drawn in the label's colour instead.
    expect(design.trim).toBe("#111111");
  });

  it("draws an unreadable colour value in the site's colours rather than passing it into the SVG", () => {
    const design = badgeDesign({ id: 2, name: "Broken", code: "BRK", colors: { primary: "red;x", secondary: "" } });
    expect(design).toMatchObject({ fill: "#0b3d2e", trim: "#ffffff", text: "#ffffff" });
  });

  it(`gives every club in the registry a label with at least ${MIN_TEXT_CONTRAST}:1 contrast`, () => {
    expect(TEAMS.length).toBe(208);
    for (const club of TEAMS) {
      const design = badgeDesign(club);
      expect(design.label, club.slug).toMatch(/^[A-Z0-9]{2,4}$/);
      expect(design.textContrast, club.slug).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe("teamBadgeSvg: a standalone, accessible SVG", () => {
  const svg = teamBadgeSvg(team("brighton-and-hove-albion"));

  it("is an SVG image named by a <title>", () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 120"/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="badge-51-title"');
    // The name's ampersand is escaped, so the document stays well-formed.
    expect(svg).toContain('<title id="badge-51-title">Brighton &amp; Hove Albion</title>');
    expect(svg).toMatch(/>BHA<\/text><\/svg>$/);
  });

  it("is the same for the same club, so its URL can be cached for good", () => {
    expect(teamBadgeSvg(team("brighton-and-hove-albion"))).toBe(svg);
    expect(teamBadgeSvg(team("arsenal"))).not.toBe(svg);
  });

  it("escapes whatever a name holds", () => {
    const odd = teamBadgeSvg({
      id: 3,
      name: `<script>"x"</script>`,
      code: "ODD",
      colors: { primary: "#123456", secondary: "#ffffff" },
    });
    expect(odd).not.toContain("<script>");
    expect(odd).toContain("&lt;script&gt;&quot;x&quot;&lt;/script&gt;");
  });
});
