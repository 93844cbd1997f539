import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderServerHtml } from "~/server-markup.server";
import { AlgoResultsContent, NOTHING_TO_COUNT, type AlgoResultsData } from "./AlgoResultsContent";

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
    ]);
    expect(cells("1X2")[0]).toBe("5");
    expect(cells("1X2")[1]).toBe("60.00%");
    expect(cells("1X2")[4]).toMatch(/^\+1\.25/);
  });
});
