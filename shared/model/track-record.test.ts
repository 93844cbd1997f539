import { describe, expect, it } from "vitest";
import {
  algoPerformance,
  algoPerformanceByLeague,
  closingLineRecord,
  confidenceReliability,
  dailyHitRates,
  marketComparison,
  recentSettledMatches,
  type LedgerRow,
  type SettledMatch,
} from "./track-record";

let nextFixture = 1;
function match(
  league: LedgerRow["league"],
  day: string,
  picks: Partial<Record<LedgerRow["pickKind"], [LedgerRow["outcome"], number, number | null]>>,
): LedgerRow[] {
  const fixtureId = nextFixture++;
  return Object.entries(picks).map(([pickKind, [outcome, confidence, odds]]) => ({
    fixtureId,
    league,
    kickoff: new Date(`${day}T15:00:00Z`),
    pickKind: pickKind as LedgerRow["pickKind"],
    pick: pickKind,
    confidence,
    odds,
    outcome,
    profit:
      outcome === "hit" && odds
        ? Math.round((odds - 1) * 100) / 100
        : outcome === "miss"
          ? -1
          : outcome === "void"
            ? 0
            : null,
  }));
}

const ROWS: LedgerRow[] = [
  ...match("premier-league", "2025-10-04", {
    best: ["hit", 72.5, 1.5],
    result: ["hit", 60, 1.8],
    "over-under": ["miss", 58, 1.9],
    btts: ["hit", 55, null],
  }),
  ...match("premier-league", "2025-10-04", {
    best: ["miss", 64, 2.1],
    result: ["miss", 51, 2.1],
    "over-under": ["hit", 64, 1.7],
    btts: ["miss", 53, null],
  }),
  ...match("serie-a", "2025-10-05", {
    best: ["hit", 81, 1.25],
    result: ["hit", 81, 1.25],
    "over-under": ["void", 55, 2.0],
    btts: ["hit", 57, null],
  }),
  // Locked, not settled yet.
  ...match("serie-a", "2025-10-06", {
    best: [null, 66, 1.6],
    result: [null, 66, 1.6],
    "over-under": [null, 59, 1.8],
    btts: [null, 52, null],
  }),
];

describe("algoPerformance", () => {
  it("counts hits and misses of the best, over/under and BTTS picks; voids and unsettled picks count neither way", () => {
    expect(algoPerformance(ROWS)).toEqual({
      totalMatchesPredicted: 3,
      bestPickHits: 2,
      bestPickMisses: 1,
      bestPickAccuracy: 66.67,
      ouGoalsHits: 1,
      ouGoalsMisses: 1,
      ouGoalsAccuracy: 50,
      bttsHits: 2,
      bttsMisses: 1,
      bttsAccuracy: 66.67,
    });
  });

  it("is all zeros for an empty ledger", () => {
    expect(algoPerformance([])).toMatchObject({
      totalMatchesPredicted: 0,
      bestPickAccuracy: 0,
      ouGoalsAccuracy: 0,
      bttsAccuracy: 0,
    });
  });

  it("per league", () => {
    const byLeague = algoPerformanceByLeague(ROWS);
    expect([...byLeague.keys()]).toEqual(["premier-league", "serie-a"]);
    expect(byLeague.get("premier-league")).toMatchObject({
      totalMatchesPredicted: 2,
      bestPickHits: 1,
      bestPickMisses: 1,
      bestPickAccuracy: 50,
    });
    expect(byLeague.get("serie-a")).toMatchObject({
      totalMatchesPredicted: 1,
      bestPickHits: 1,
      ouGoalsHits: 0,
      ouGoalsMisses: 0,
    });
  });
});

describe("dailyHitRates", () => {
  it("gives the hits among the three tracked picks per league and day", () => {
    expect(dailyHitRates(ROWS)).toEqual([
      { date: "2025-10-04", league: "premier-league", totalPicks: 6, successfulPicks: 3, hitRate: 50 },
      { date: "2025-10-05", league: "serie-a", totalPicks: 2, successfulPicks: 2, hitRate: 100 },
    ]);
  });
});

describe("recentSettledMatches", () => {
  const settled = (fixtureId: number, league: SettledMatch["league"], day: string): SettledMatch => ({
    fixtureId,
    league,
    kickoff: new Date(`${day}T15:00:00Z`),
    homeTeam: "Home",
    awayTeam: "Away",
    finalScore: "2-1",
    bestPick: "Home to Win",
    bestPickResult: "hit",
    matchUrl: `/match/${fixtureId}`,
  });

  it("keeps each league's latest matches, newest first, numbered for display", () => {
    const list = recentSettledMatches(
      [
        settled(1, "la-liga", "2025-10-01"),
        settled(2, "la-liga", "2025-10-08"),
        settled(3, "la-liga", "2025-10-05"),
        settled(4, "bundesliga", "2025-10-02"),
      ],
      2,
    );
    expect(list.map((m) => [m.fixtureId, m.displayOrder])).toEqual([
      [2, 0],
      [3, 1],
      [4, 0],
    ]);
  });
});

describe("confidenceReliability", () => {
  it("bins settled picks of a kind by their confidence", () => {
    const reliability = confidenceReliability(ROWS, "best");
    expect(reliability.picks).toBe(3);
    expect(reliability.bins[7]).toMatchObject({ count: 1, meanProbability: 0.725, observedRate: 1 });
    expect(reliability.bins[6]).toMatchObject({ count: 1, meanProbability: 0.64, observedRate: 0 });
    expect(reliability.bins[8]).toMatchObject({ count: 1, meanProbability: 0.81, observedRate: 1 });
    expect(reliability.ece).toBeCloseTo((0.275 + 0.64 + 0.19) / 3, 12);
  });
});

describe("marketComparison", () => {
  it("sets our hit rate and profit against what the prices implied", () => {
    expect(marketComparison(ROWS, "best")).toEqual({
      picks: 3,
      hits: 2,
      hitRate: 66.67,
      averageConfidence: 72.5,
      marketImpliedRate: 64.76,
      profit: -0.25,
      returnOnStake: -8.33,
    });
  });

  it("leaves out picks without a price and voids", () => {
    expect(marketComparison(ROWS, "btts")).toMatchObject({ picks: 0, hitRate: 0, profit: 0, returnOnStake: 0 });
    expect(marketComparison(ROWS, "over-under")).toMatchObject({ picks: 2, hits: 1, profit: -0.3 });
  });
});

describe("closingLineRecord", () => {
  const pick = (
    pickKind: LedgerRow["pickKind"],
    outcome: LedgerRow["outcome"],
    odds: number | null,
    close: [number, number] | null,
  ): LedgerRow => ({
    fixtureId: nextFixture++,
    league: "premier-league",
    kickoff: new Date("2026-02-07T15:00:00Z"),
    pickKind,
    pick: pickKind,
    confidence: 60,
    odds,
    outcome,
    profit: null,
    closingOdds: close?.[0] ?? null,
    closingProbability: close?.[1] ?? null,
  });

  it.each<[string, LedgerRow[], ReturnType<typeof closingLineRecord>]>([
    ["no picks", [], { picks: 0, beatClose: 0, beatCloseRate: 0, meanClv: 0 }],
    [
      // 2.10 × 0.5 − 1 = +5%; 1.90 × 0.5 − 1 = −5%; 2.00 × 0.52 − 1 = +4%: a pick that only equals
      // the close does not beat it, though its CLV is positive once the margin is out.
      "three priced picks",
      [
        pick("best", "hit", 2.1, [2.0, 0.5]),
        pick("best", "miss", 1.9, [2.0, 0.5]),
        pick("best", "void", 2.0, [2.0, 0.52]),
      ],
      { picks: 3, beatClose: 1, beatCloseRate: 33.33, meanClv: 1.33 },
    ],
    [
      "picks left out: unsettled, unpriced, without a close, of another kind",
      [
        pick("best", null, 2.1, [2.0, 0.5]),
        pick("best", "hit", null, [2.0, 0.5]),
        pick("best", "hit", 2.1, null),
        pick("btts", "hit", 2.1, [2.0, 0.5]),
        pick("best", "hit", 1.5, [1.45, 0.66]),
      ],
      { picks: 1, beatClose: 1, beatCloseRate: 100, meanClv: -1 },
    ],
  ])("%s", (_, rows, expected) => {
    expect(closingLineRecord(rows, "best")).toEqual(expected);
  });
});
