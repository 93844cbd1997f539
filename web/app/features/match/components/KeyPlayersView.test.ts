import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { KeyPlayersView } from "./KeyPlayersView";

const render = (props: Parameters<typeof KeyPlayersView>[0]) =>
  renderToStaticMarkup(createElement(StaticRouter, { location: "/" }, createElement(KeyPlayersView, props)));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("a team's key players block", () => {
  it("says 'Data coming soon' for each missing player", () => {
    const html = render({ teamName: "Arsenal", players: null });
    expect(text(html)).toBe(
      "Arsenal Top Scorer: Data coming soon Top Assists: Data coming soon Top Rated: Data coming soon Goalkeeper: Data coming soon",
    );
  });

  it("marks a rating of 8.0 or more as High Rating, leaves out a missing pass accuracy, and links the player page", () => {
    const href = "/premier-league/teams/arsenal/players/martin-odegaard-37127";
    const player = {
      id: 37127,
      href,
      name: "Martin Odegaard",
      position: "Midfielder",
      goals: 3,
      assists: 8,
      rating: "8.0",
      highRating: true,
      passAccuracy: null,
    };
    const html = render({
      teamName: "Arsenal",
      players: { teamId: 42, topScorer: null, topAssists: player, topRated: player, goalkeeper: null },
    });
    expect(text(html)).toContain("Top Assists: Martin Odegaard 8 assists High Rating");
    expect(text(html)).toContain("Top Rated: Martin Odegaard Midfielder · rating 8.0 High Rating");
    expect(html).not.toContain("passes");
    expect(html).toContain(`href="${href}">Martin Odegaard</a>`);
  });
});
