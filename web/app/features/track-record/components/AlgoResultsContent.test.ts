import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderServerHtml } from "~/server-markup.server";
import { AlgoResultsContent, NO_CLOSING_LINE_TEXT, NOTHING_TO_COUNT, type AlgoResultsData } from "./AlgoResultsContent";

const row = (kind: string, label: string, picks: number) => ({
  kind,
  label,
  picks,
  hits: picks === 0 ? 0 : 3,
  hitRate: picks === 0 ? 0 : 60,
  averageConfidence: picks === 0 ? 0 : 58.2,
  marketImpliedRate: picks === 0 ? 0 : 55.1,
  profit: picks === 0 ? 0 : 1.25,
  returnOnStake: picks === 0 ? 0 : 25,
  closingLine:
    picks === 0
      ? { picks: 0, beatClose: 0, beatCloseRate: 0, meanClv: 0 }
      : { picks: 4, beatClose: 3, beatCloseRate: 75, meanClv: -0.854 },
});

describe("Our Picks vs the Market", () => {
  it("shows n/a, not a 0.00% hit rate and +0.00 profit, for a kind of pick with no priced picks", () => {
    const page: AlgoResultsData = {
      overall: null,
      leagues: [],
      reliability: { bins: [], ece: 0, picks: 0 },
      market: [row("result", "1X2", 5), row("btts", "BTTS", 0)],
      oddsCheck: null,
    };
    const html = (renderServerHtml(createElement(AlgoResultsContent, { page })).html ?? "").replace(/<!-- -->/g, "");
    const cells = (label: string) =>
      [...new RegExp(`<th scope="row">${label}</th>(.*?)</tr>`).exec(html)![1].matchAll(/<td>(.*?)<\/td>/g)].map(
        (m) => m[1],
      );
    expect(cells("BTTS")).toEqual([
      "0",
      NOTHING_TO_COUNT,
      NOTHING_TO_COUNT,
      NOTHING_TO_COUNT,
      NOTHING_TO_COUNT,
      NOTHING_TO_COUNT,
      NOTHING_TO_COUNT,
      NOTHING_TO_COUNT,
    ]);
    expect(cells("1X2")[0]).toBe("5");
    expect(cells("1X2")[1]).toBe("60.00%");
    expect(cells("1X2")[4]).toMatch(/^\+1\.25/);
    // Against the close: the share that beat it, of how many, and the mean CLV with its sign.
    expect(cells("1X2").slice(6)).toEqual(["75.00% of 4", "−0.85%"]);
  });
});

describe("the closing line under the hit rates", () => {
  const record = {
    trackingStartDate: "2025-08-15",
    lastUpdated: null,
    totalMatchesPredicted: 10,
    bestPickHits: 6,
    bestPickMisses: 4,
    bestPickAccuracy: 60,
    ouGoalsHits: 5,
    ouGoalsMisses: 5,
    ouGoalsAccuracy: 50,
    bttsHits: 5,
    bttsMisses: 5,
    bttsAccuracy: 50,
  };
  const html = (page: AlgoResultsData) =>
    (renderServerHtml(createElement(AlgoResultsContent, { page })).html ?? "").replace(/<!-- -->/g, "");

  it("says how many best picks beat the close and the mean closing-line value, overall and by league", () => {
    const page: AlgoResultsData = {
      overall: { ...record, closingLine: { picks: 9, beatClose: 5, beatCloseRate: 55.56, meanClv: 1.304 } },
      leagues: [
        {
          ...record,
          league: "serie-a",
          leagueName: "Serie A",
          recent: [],
          closingLine: { picks: 0, beatClose: 0, beatCloseRate: 0, meanClv: 0 },
        },
      ],
      reliability: { bins: [], ece: 0, picks: 0 },
      market: [],
      oddsCheck: null,
    };
    const text = html(page).replace(/<[^>]+>/g, "");
    expect(text).toContain("Best picks that beat the closing price: 55.56% of 9 · mean closing-line value +1.30%");
    // A league with no closing prices yet says so rather than showing 0.00%.
    expect(text).toContain(NO_CLOSING_LINE_TEXT);
  });
});
