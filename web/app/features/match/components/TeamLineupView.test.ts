import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TeamLineupView } from "./TeamLineupView";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("a team's lineup block", () => {
  it("shows the spec's texts when the side has no lineup yet", () => {
    const html = renderToStaticMarkup(createElement(TeamLineupView, { teamName: "Arsenal", lineup: null }));
    expect(text(html)).toBe(
      "Arsenal (Formation Coming Soon) Head Coach: Coming Soon Lineup data will be available closer to match time",
    );
  });

  it("shows formation, coach, the starting eleven and the bench", () => {
    const html = renderToStaticMarkup(
      createElement(TeamLineupView, {
        teamName: "Arsenal",
        lineup: {
          teamId: 42,
          fixtureId: 7,
          formation: "4-3-3",
          coach: "Mikel Arteta",
          startXi: [{ id: 1, name: "David Raya", number: 22, pos: "G" }],
          substitutes: [{ id: 2, name: "Kepa", number: 13, pos: "G" }],
          kickoffAt: "2026-01-31T15:00:00.000Z",
          opponent: "Chelsea",
        },
      }),
    );
    expect(text(html)).toBe(
      "Arsenal 4-3-3 Head Coach: Mikel Arteta Last lineup: 31 Jan 2026 vs Chelsea 22 David Raya (G) Bench: Kepa",
    );
  });
});
