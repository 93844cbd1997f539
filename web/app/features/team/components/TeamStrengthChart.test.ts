import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderServerHtml } from "~/server-markup.server";
import { goals, TeamStrengthChart } from "./TeamStrengthChart";

const week = (date: string, model: number | null, market: number | null) => ({ date, model, market });

describe("TeamStrengthChart", () => {
  const strength = {
    seasons: ["2425", "2526"],
    points: [
      week("2024-08-19", 0.2, 0.1),
      week("2024-08-26", 0.25, null),
      week("2024-09-02", 0.31, 0.28),
      week("2025-05-26", 0.6, 0.55),
      week("2025-08-18", 0.58, 0.62),
      week("2025-08-25", -0.12, 0.04),
    ],
  };
  const html = (
    renderServerHtml(createElement(TeamStrengthChart, { strength, teamName: "Arsenal" })).html ?? ""
  ).replace(/<!-- -->/g, "");

  it("says where the club stands now and stood at the start, by the model and the market", () => {
    expect(html).toContain(
      "Arsenal now: −0.12 goals a match against an average side by our model, +0.04 by the market. At the start of 2024/25: +0.20 and +0.10.",
    );
  });

  it("draws both lines, breaking the market's where a week has no price, with a season mark", () => {
    const d = (kind: string) => new RegExp(`class="team-strength__${kind}" d="([^"]*)"`).exec(html)![1];
    // Weeks a week apart are joined; the gaps of the season's end and the summer break are not.
    expect(d("model").match(/[ML]/g)).toEqual(["M", "L", "L", "M", "M", "L"]);
    expect(d("market").match(/[ML]/g)).toEqual(["M", "M", "M", "M", "L"]);
    expect(html).toMatch(/<g class="team-strength__season">.*?2025\/26<\/text><\/g>/);
    expect(html).toContain('role="img"');
    expect(html).not.toContain("style=");
  });

  it("lists the numbers at the end of each month as its text alternative", () => {
    const rows = [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><td>([^<]+)<\/td><\/tr>/g)].map(
      (m) => m.slice(1),
    );
    expect(rows).toEqual([
      ["Aug 2024", "+0.25", "n/a"],
      ["Sep 2024", "+0.31", "+0.28"],
      ["May 2025", "+0.60", "+0.55"],
      ["Aug 2025", "−0.12", "+0.04"],
    ]);
  });

  it.each([
    [0.456, "+0.46"],
    [-0.3, "−0.30"],
    [0.001, "0.00"],
    [null, "n/a"],
  ])("writes %j goals as %j", (value, text) => {
    expect(goals(value)).toBe(text);
  });
});
