import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fullTimeTick, inMatchOrder, kickOffTick, liveTickOf } from "@shared/model/live-probability-history";
import type { LiveProbabilityTick } from "@shared/model/live-probability-history";
import type { PreMatchForecast } from "@shared/model/live-match-probability";
import { chartEventsOf, probabilityChartSection } from "./probability-chart.server";
import { ProbabilityChart } from "./ProbabilityChart";
import { CHART, eventsFromTicks, probabilityChartModel } from "./probability-chart-model";

const FORECAST: PreMatchForecast = {
  expectedGoals: { home: 1.7, away: 0.9 },
  published: { home: 0.55, draw: 0.25, away: 0.2, over25: 0.5, btts: 0.45 },
};
const HOME = { name: "Arsenal", code: "ARS" };
const AWAY = { name: "Sunderland", code: "SUN" };

/** A match read as the worker reads it: minutes 1 to 90 with a goal at 67 and a red card at 80, then the whistle. */
function recordedMatch(): LiveProbabilityTick[] {
  const ticks: LiveProbabilityTick[] = [kickOffTick(FORECAST)];
  const read = (status: string, minute: number, injuryTime: number | null, home: number) => {
    const tick = liveTickOf(
      {
        state: "live",
        status,
        minute,
        injuryTime,
        homeScore: home,
        awayScore: 0,
        events: minute >= 80 ? [{ side: "away", type: "Card", detail: "Red Card" }] : [],
      },
      FORECAST,
    );
    ticks.push(tick!);
  };
  for (let minute = 1; minute <= 45; minute += 4) read("1H", minute, null, 0);
  read("1H", 45, 2, 0);
  read("HT", 45, null, 0);
  for (let minute = 46; minute <= 90; minute += 3) read("2H", minute, null, minute >= 67 ? 1 : 0);
  read("2H", 67, null, 1);
  read("2H", 90, 4, 1);
  ticks.push(fullTimeTick({ home: 1, away: 0 }, { home: 0, away: 1 }));
  return dedupe(ticks);
}

/** One tick per period, minute and added minute, in match order (as the table keeps them). */
function dedupe(ticks: LiveProbabilityTick[]): LiveProbabilityTick[] {
  const order = { "first-half": 0, "half-time": 1, "second-half": 2, "full-time": 3 };
  const byKey = new Map(ticks.map((t) => [`${t.period}:${t.minute}:${t.addedMinute}`, t]));
  return [...byKey.values()].sort(
    (a, b) => order[a.period] - order[b.period] || a.minute - b.minute || a.addedMinute - b.addedMinute,
  );
}

const render = (ticks: LiveProbabilityTick[]) =>
  renderToStaticMarkup(
    createElement(ProbabilityChart, { ticks, home: HOME, away: AWAY, headingId: "probability-history-title" }),
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const pointsOf = (html: string, outcome: string) => {
  const match = new RegExp(`data-outcome="${outcome}"><polyline[^>]*points="([^"]+)"`).exec(html);
  return match![1].split(" ").map((pair) => pair.split(",").map(Number) as [number, number]);
};

describe("the win probability chart after the whistle", () => {
  const ticks = recordedMatch();
  const html = render(ticks);

  it("is an SVG image named by its title and description, under a heading, with a visible summary", () => {
    expect(html).toMatch(/^<div class="probability-chart" data-probability-chart="">/);
    expect(html).toContain('<h2 id="probability-history-title">Win probability through the match</h2>');
    expect(html).toMatch(
      /<svg class="probability-chart__svg" viewBox="0 0 320 200" role="img" aria-labelledby="probability-history-title-svg-title probability-history-title-svg-desc"/,
    );
    expect(html).toContain(
      '<title id="probability-history-title-svg-title">Win probability through the match: Arsenal v Sunderland</title>',
    );
    const desc = /<desc id="probability-history-title-svg-desc">([^<]+)<\/desc>/.exec(html)![1];
    expect(desc).toContain("Arsenal as a solid line, from 55% to 100%");
    expect(desc).toContain("Draw as a dashed line, from 25% to 0%");
    expect(desc).toContain("Sunderland as a dotted line, from 20% to 0%");
    expect(desc).toContain("Goals: 1-0 (by the 67th minute).");
    expect(desc).toContain("Red cards: Sunderland (by the 82nd minute).");
    const summary = /data-probability-summary="">([^<]+)</.exec(html)![1].replaceAll("&#x27;", "'");
    expect(summary).toMatch(
      /^At kick-off: Arsenal 55%, draw 25%, Sunderland 20%\. Arsenal's chance peaked at \d+% at 90\+4', after the goal that made it 1-0\. Final score 1-0\.$/,
    );
  });

  it("has no style attributes (the CSP allows none) and tells the lines apart by pattern as well as colour", () => {
    expect(html).not.toMatch(/\sstyle=/);
    const polyline = (o: string) => new RegExp(`data-outcome="${o}"><polyline[^>]*>`).exec(html)![0];
    const dashes = ["home", "draw", "away"].map((o) => /stroke-dasharray="([^"]+)"/.exec(polyline(o))?.[1] ?? "solid");
    expect(new Set(dashes).size).toBe(3);
    // Each line has a direct label, and the key names each code's team and pattern.
    for (const code of ["ARS", "Draw", "SUN"])
      expect(html).toMatch(new RegExp(`class="probability-chart__label"[^>]*>${code}</text>`));
    expect(text(html)).toContain("ARS: Arsenal (solid line)");
    expect(text(html)).toContain("Draw (dashed line)");
    expect(text(html)).toContain("SUN: Sunderland (dotted line)");
  });

  it("draws every series left to right across the plot, from kick-off to the whistle, within 0 to 100%", () => {
    for (const outcome of ["home", "draw", "away"]) {
      const points = pointsOf(html, outcome);
      expect(points).toHaveLength(ticks.length);
      for (let i = 1; i < points.length; i++) expect(points[i][0]).toBeGreaterThan(points[i - 1][0]);
      expect(points[0][0]).toBe(CHART.left);
      expect(points.at(-1)![0]).toBeLessThanOrEqual(CHART.width - CHART.right);
      for (const [, y] of points) {
        expect(y).toBeGreaterThanOrEqual(CHART.top);
        expect(y).toBeLessThanOrEqual(CHART.height - CHART.bottom);
      }
    }
    // The home line ends at the top (100%), the others at the bottom.
    expect(pointsOf(html, "home").at(-1)![1]).toBe(CHART.top);
    expect(pointsOf(html, "away").at(-1)![1]).toBe(CHART.height - CHART.bottom);
  });

  it("marks the goal and the red card on the minute axis with labels, at their minutes", () => {
    const events = eventsFromTicks(ticks, { home: HOME, away: AWAY });
    expect(events.map((e) => [e.kind, e.minute, e.label])).toEqual([
      ["goal", 67, "1-0"],
      ["red-card", 82, "SUN"],
    ]);
    expect(html.match(/data-event="goal"/g)).toHaveLength(1);
    expect(html.match(/data-event="red-card"/g)).toHaveLength(1);
    expect(html).toMatch(/class="probability-chart__event-label"[^>]*>1-0<\/text>/);
    const model = probabilityChartModel(ticks, { home: HOME, away: AWAY });
    const goal = model.events.find((e) => e.kind === "goal")!;
    const half = model.lines[0].points[ticks.findIndex((t) => t.period === "half-time")].x;
    expect(goal.x).toBeGreaterThan(half);
    // Direct labels never overlap.
    const ys = model.lines.map((l) => l.label.y).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i] - ys[i - 1]).toBeGreaterThanOrEqual(11);
  });

  it("shows on a finished match with readings in play only; the result closes it when the full-time tick is missing", () => {
    const match = {
      state: "post-match" as const,
      homeScore: 1,
      awayScore: 0,
      events: [],
      home: { id: 1, slug: "arsenal", ...HOME },
      away: { id: 2, slug: "sunderland", ...AWAY },
    };
    expect(probabilityChartSection({ ...match, liveProbabilityHistory: ticks })?.id).toBe("probability-history");
    expect(probabilityChartSection({ ...match, state: "live", liveProbabilityHistory: ticks })).toBeNull();
    expect(probabilityChartSection({ ...match, liveProbabilityHistory: [ticks[0], ticks.at(-1)!] })).toBeNull();
    expect(probabilityChartSection({ ...match, liveProbabilityHistory: [] })).toBeNull();
    const withoutWhistle = probabilityChartSection({ ...match, liveProbabilityHistory: ticks.slice(0, -1) })!;
    expect(withoutWhistle.markup.html).toContain("from 55% to 100%");
  });

  it("takes goals and red cards from the match's events when there are any: exact minutes, the score after each goal", () => {
    const event = (minute: number, side: "home" | "away", type: "Goal" | "Card", detail: string) => ({
      minute,
      extraMinute: null,
      side,
      type,
      detail,
      player: null,
      assist: null,
    });
    const events = chartEventsOf({
      events: [
        event(30, "away", "Card", "Yellow Card"),
        event(64, "home", "Goal", "Normal Goal"),
        event(80, "away", "Card", "Red Card"),
      ],
      home: { id: 1, slug: "arsenal", ...HOME },
      away: { id: 2, slug: "sunderland", ...AWAY },
    })!;
    expect(events.map((e) => [e.kind, e.minute, e.label, e.timing])).toEqual([
      ["goal", 64, "1-0", "exact"],
      ["red-card", 80, "SUN", "exact"],
    ]);
    const model = probabilityChartModel(ticks, { home: HOME, away: AWAY }, events);
    expect(model.summary).toMatch(/Arsenal's chance peaked at \d+% at 90\+4', after the 64th-minute goal\./);
    expect(model.description).toContain("Goals: 1-0 (64th minute). Red cards: Sunderland (80th minute).");
    // Without goal events the ticks tell (a match whose provider sends no events).
    expect(
      chartEventsOf({ events: [], home: { id: 1, slug: null, ...HOME }, away: { id: 2, slug: null, ...AWAY } }),
    ).toBeNull();
    // No red card: the chart is shorter by the red cards' row.
    const plain = render(ticks.map((t) => ({ ...t, redCards: { home: 0, away: 0 } })));
    expect(plain).toContain('viewBox="0 0 320 186"');
    expect(plain).not.toContain("data-gap");
    // Readings only from the 80th minute: the stretch before is marked as having none.
    const late = [ticks[0], ...ticks.filter((t) => t.period === "second-half" && t.minute >= 80), ticks.at(-1)!];
    const lateModel = probabilityChartModel(late, { home: HOME, away: AWAY });
    expect(lateModel.gaps).toHaveLength(1);
    expect(lateModel.gaps[0].x1).toBe(CHART.left);
    expect(lateModel.description).toContain("a straight join where no reading was recorded for more than 10 minutes");
    expect(render(late)).toMatch(/data-gap=""><rect[^>]*><\/rect><\/g>/);
    expect(render(late)).toMatch(
      /<text class="probability-chart__gap-label" data-gap-label=""[^>]*>no readings<\/text>/,
    );
  });
});

describe("the chart of a match whose readings began late: Wolfsburg 1-2 Dortmund, followed from the 80th minute", () => {
  const WOB = { name: "Wolfsburg", code: "WOB" };
  const BVB = { name: "Borussia Dortmund", code: "BVB" };
  const forecast: PreMatchForecast = {
    expectedGoals: { home: 1.2, away: 1.6 },
    published: { home: 0.3, draw: 0.25, away: 0.45, over25: 0.55, btts: 0.5 },
  };
  /** The replay shows the half-time score (0-1) until the whistle, then the result (1-2). */
  function lateMatch(): LiveProbabilityTick[] {
    const ticks: LiveProbabilityTick[] = [kickOffTick(forecast)];
    for (const [minute, added] of [
      [80, 0],
      [84, 0],
      [88, 0],
      [90, 2],
      [90, 4],
    ] as const) {
      const state = {
        state: "live" as const,
        status: "2H",
        minute,
        injuryTime: added || null,
        homeScore: 0,
        awayScore: 1,
        events: [],
      };
      ticks.push(liveTickOf(state, forecast)!);
    }
    ticks.push(fullTimeTick({ home: 1, away: 2 }));
    return ticks;
  }
  const ticks = lateMatch();
  const teams = { home: WOB, away: BVB };
  const model = probabilityChartModel(ticks, teams);
  const html = renderToStaticMarkup(
    createElement(ProbabilityChart, { ticks, home: WOB, away: BVB, headingId: "probability-history-title" }),
  );

  it("marks the goal seen in the first reading as of unknown time, at the start, not at the 80th minute", () => {
    const events = eventsFromTicks(ticks, teams);
    const first = events[0];
    expect([first.kind, first.side, first.label, first.timing, first.position]).toEqual([
      "goal",
      "away",
      "0-1",
      "unknown",
      0,
    ]);
    const mark = model.marks[0];
    expect(mark.x).toBe(CHART.left);
    expect(mark.label).toBe("0-1, time unknown");
    expect(html).toMatch(/data-timing="unknown" data-count="1">(?!<line)<circle/);
    expect(html).toMatch(/class="probability-chart__event-label"[^>]*>0-1, time unknown<\/text>/);
    expect(model.description).toContain("0-1 (time unknown, first seen at 80')");
  });

  it("marks every goal: both goals seen at the whistle, the order of which is unknown", () => {
    const goals = eventsFromTicks(ticks, teams).filter((e) => e.kind === "goal");
    expect(goals).toHaveLength(3);
    expect(goals.slice(1).map((e) => [e.side, e.timing])).toEqual([
      ["home", "seen"],
      ["away", "seen"],
    ]);
    const whistle = model.marks.at(-1)!;
    expect(whistle.offsets).toHaveLength(2);
    expect(whistle.label).toBe("1-2");
    expect(html.match(/<circle cx="[^"]+" cy="166" r="3"/g)).toHaveLength(3);
    expect(model.description).toContain("2 goals, order unknown, to 1-2 (by full time)");
  });

  it("does not credit the peak to a goal whose time is unknown", () => {
    expect(model.summary).toMatch(
      /^At kick-off: Wolfsburg 30%, draw 25%, Borussia Dortmund 45%\. Borussia Dortmund's chance peaked at \d+% at 90\+4'\. Final score 1-2\.$/,
    );
    expect(model.summary).not.toContain("after");
  });

  it("keeps the 'no readings' label off the 50% grid line", () => {
    const label = /<text class="probability-chart__gap-label" data-gap-label="" x="[^"]+" y="([^"]+)"/.exec(html)!;
    const fifty = CHART.top + (CHART.height - CHART.top - CHART.bottom) / 2;
    // 9 px text: its box from y - 7 to y + 2 stays clear of the line.
    expect(Math.abs(Number(label[1]) - 3 - fifty)).toBeGreaterThan(10);
  });
});

describe("goals of one side seen together", () => {
  it("are marked each with the score after it: 1-0 then 1-1 and 1-2 at the whistle", () => {
    const forecast: PreMatchForecast = {
      expectedGoals: { home: 1.4, away: 1.2 },
      published: { home: 0.4, draw: 0.28, away: 0.32, over25: 0.5, btts: 0.5 },
    };
    const ticks: LiveProbabilityTick[] = [kickOffTick(forecast)];
    for (let minute = 2; minute <= 90; minute += 4) {
      const home = minute >= 45 ? 1 : 0;
      ticks.push(
        liveTickOf(
          {
            state: "live",
            status: minute > 45 ? "2H" : "1H",
            minute,
            injuryTime: null,
            homeScore: home,
            awayScore: 0,
            events: [],
          },
          forecast,
        )!,
      );
    }
    ticks.push(fullTimeTick({ home: 1, away: 2 }));
    const events = eventsFromTicks(inMatchOrder(ticks), { home: HOME, away: AWAY });
    expect(events.map((e) => [e.side, e.label, e.timing, e.minute])).toEqual([
      ["home", "1-0", "seen", 46],
      ["away", "1-1", "seen", 90],
      ["away", "1-2", "seen", 90],
    ]);
    const model = probabilityChartModel(inMatchOrder(ticks), { home: HOME, away: AWAY });
    expect(model.marks.map((m) => m.label)).toEqual(["1-0", "1-1 1-2"]);
    expect(model.description).toContain("Goals: 1-0 (by the 46th minute), 1-1 (by full time), 1-2 (by full time).");
  });
});
