import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { SeasonOutlookView } from "~/features/league/season-outlook.server";
import { memoMarkup, renderServerHtml } from "~/server-markup.server";
import { SeasonOutlookBody, SeasonOutlookSection } from "./SeasonOutlookSection";
import { TeamSeasonOutlook } from "./TeamSeasonOutlook";

const renderToStaticMarkup = (node: ReactNode) => renderServerHtml(node).html ?? "";

const positions = (likeliest: number) =>
  Array.from({ length: 20 }, (_, i) => (i + 1 === likeliest ? 0.62 : i + 1 === likeliest + 1 ? 0.38 : 0));

function team(
  teamId: number,
  teamName: string,
  likeliest: number,
  figures: Partial<SeasonOutlookView["teams"][number]> = {},
) {
  return {
    teamId,
    teamName,
    teamSlug: null,
    currentPosition: likeliest,
    currentPoints: 50,
    played: 25,
    remaining: 13,
    expectedPoints: 71.26,
    expectedGoalDifference: 20,
    title: 0,
    championsLeague: 0.004,
    europaLeague: 0.1,
    relegation: 0,
    positions: positions(likeliest),
    mostLikelyPosition: likeliest,
    ...figures,
  };
}

const outlook: SeasonOutlookView = {
  league: "premier-league",
  season: "2526",
  seasons: 20000,
  sigma: 0.12,
  resultsPlayed: 250,
  remainingFixtures: 130,
  computedAt: "2026-02-07T12:00:00.000Z",
  teams: [
    team(2, "Lower Club", 5, { expectedPoints: 60 }),
    team(1, "Top Club", 1, { title: 0.9996, championsLeague: 1 }),
  ],
};

describe("the Season Outlook's server markup", () => {
  it("lists clubs by expected points with their figures, strips and the CSV link", () => {
    const html = renderToStaticMarkup(
      createElement(SeasonOutlookSection, { outlook, leagueName: "Premier League", league: "premier-league" }),
    );
    expect(html).toContain(
      "20,000 simulations of the rest of the season from our model&#x27;s match forecasts; updated after every result.",
    );
    expect(html.indexOf("Top Club")).toBeLessThan(html.indexOf("Lower Club"));
    expect(html).toContain("<td>71.3</td><td>&gt;99%</td><td>100%</td><td>–</td>");
    expect(html).toContain("<td>60.0</td><td>–</td><td>&lt;1%</td><td>–</td>");
    // Bare cells: 20 strips of 20 would otherwise weigh a league page down.
    expect(html.match(/<i class="s\d( l)?"><\/i>/g)).toHaveLength(40);
    expect(html).toMatch(/role="img" aria-label="Final position chances, most likely 5th \(62%\): [^"]*5th 62\.0%/);
    expect(html).toContain('href="/premier-league-predictions/season-outlook.csv"');
    expect(html).not.toContain("style=");
  });

  it("says 'Season Outlook coming soon' before the worker has stored one", () => {
    const html = renderToStaticMarkup(
      createElement(SeasonOutlookSection, { outlook: null, leagueName: "Premier League", league: "premier-league" }),
    );
    expect(html).toContain("Season Outlook coming soon");
    expect(html).not.toContain("season-outlook.csv");
    const teamHtml = renderToStaticMarkup(
      createElement(TeamSeasonOutlook, { outlook: null, league: "premier-league" }),
    );
    expect(teamHtml).toContain("Season Outlook coming soon");
    expect(teamHtml).toContain('href="/premier-league-predictions#season-outlook"');
  });

  it("shows a club's figures and strip on its team page", () => {
    const html = renderToStaticMarkup(
      createElement(TeamSeasonOutlook, {
        outlook: { league: "premier-league", seasons: 20000, team: outlook.teams[1] },
        league: "premier-league",
      }),
    );
    expect(html).toContain("<dt>Expected points</dt><dd>71.3</dd>");
    expect(html).toContain("<dt>Champions League Places</dt><dd>100%</dd>");
    expect(html).toContain("Most likely finish: <strong>1st</strong> (62%)");
    expect(html.match(/<i class="s\d( l)?" title="\d+(st|nd|rd|th): [^"]+"><\/i>/g)).toHaveLength(20);
    expect(html).toContain('title="1st: 62.0%"');
  });

  it("is the same markup from the body the league page's loader keeps as rendered in place", () => {
    for (const view of [outlook, null]) {
      const props = { outlook: view, leagueName: "Premier League", league: "premier-league" as const };
      const body = memoMarkup(`test:${view?.computedAt ?? "none"}`, () => createElement(SeasonOutlookBody, props));
      const kept = renderToStaticMarkup(createElement(SeasonOutlookSection, { ...props, body }));
      expect(kept).toBe(renderToStaticMarkup(createElement(SeasonOutlookSection, props)));
      expect(kept).toContain('<section id="season-outlook"');
    }
    // Kept per key: asked again, the body is not rendered again.
    let renders = 0;
    const render = () => {
      renders += 1;
      return createElement(SeasonOutlookBody, { outlook, leagueName: "Premier League", league: "premier-league" });
    };
    expect(memoMarkup("test:kept", render)).toBe(memoMarkup("test:kept", render));
    expect(renders).toBe(1);
  });
});
