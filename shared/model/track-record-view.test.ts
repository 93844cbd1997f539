import { describe, expect, it } from "vitest";
import { algoPerformance, confidenceReliability, marketComparison, type LedgerRow } from "./track-record";
import {
  parseTrackRecordPayload,
  TRACK_RECORD_PAYLOAD_VERSION,
  trackRecordPayload,
  trackRecordView,
  type PerformanceRecord,
  type TrackRecordSources,
} from "./track-record-view";

function pick(
  fixtureId: number,
  pickKind: LedgerRow["pickKind"],
  outcome: LedgerRow["outcome"],
  confidence: number,
  odds: number | null,
): LedgerRow {
  return {
    fixtureId,
    league: fixtureId < 10 ? "premier-league" : "serie-a",
    kickoff: new Date(`2025-10-0${(fixtureId % 9) + 1}T15:00:00Z`),
    pickKind,
    pick: pickKind,
    confidence,
    odds,
    outcome,
    // As settlement writes it: none for an unpriced hit.
    profit: outcome === "hit" ? (odds ? Math.round((odds - 1) * 100) / 100 : null) : outcome === "miss" ? -1 : 0,
  };
}

const LEDGER: LedgerRow[] = [
  pick(1, "best", "hit", 72.5, 1.5),
  pick(1, "result", "hit", 60, 1.8),
  pick(1, "over-under", "miss", 58, 1.9),
  pick(1, "btts", "hit", 55, null),
  pick(2, "best", "miss", 64, 2.1),
  pick(2, "result", "void", 51, 2.1),
  pick(11, "best", "hit", 81, null),
];

const record = (rows: readonly LedgerRow[], lastUpdated: Date | null): PerformanceRecord => ({
  ...algoPerformance(rows),
  trackingStartDate: "2025-10-02",
  lastUpdated,
});

const recentMatch = (fixtureId: number | null, league: "premier-league" | "serie-a", result: "hit" | "miss") => ({
  fixtureId,
  league,
  matchDate: "2025-10-02",
  homeTeam: "Home FC",
  awayTeam: "Away FC",
  finalScore: "2-1",
  bestPick: "best",
  bestPickResult: result,
  matchUrl: null,
});

const SOURCES: TrackRecordSources = {
  overall: record(LEDGER, new Date("2025-10-09T18:30:00.123Z")),
  // Stored in any order; the view lists them in the site's order.
  leagues: [
    { ...record(LEDGER.slice(6), null), league: "serie-a" },
    { ...record(LEDGER.slice(0, 6), new Date("2025-10-09T18:30:00Z")), league: "premier-league" },
  ],
  recent: [
    recentMatch(2, "premier-league", "miss"),
    recentMatch(1, "premier-league", "hit"),
    recentMatch(11, "serie-a", "hit"),
    recentMatch(null, "serie-a", "hit"),
  ],
  ledger: LEDGER,
};

describe("trackRecordView", () => {
  const view = trackRecordView(SOURCES);

  it("lists the leagues in the site's order, with their names", () => {
    expect(view.overall).toEqual(SOURCES.overall);
    expect(view.leagues.map((l) => [l.league, l.leagueName, l.totalMatchesPredicted])).toEqual([
      ["premier-league", "Premier League", 2],
      ["serie-a", "Serie A", 1],
    ]);
  });

  it("gives every league its recent matches in the stored order, with the best pick's profit from the ledger", () => {
    expect(Object.keys(view.recent)).toEqual(["premier-league", "la-liga", "bundesliga", "serie-a", "ligue1"]);
    expect(view.recent["premier-league"].map((m) => [m.fixtureId, m.bestPickProfit])).toEqual([
      [2, -1],
      [1, 0.5],
    ]);
    // An unpriced best pick has no profit, nor has a row without a fixture.
    expect(view.recent["serie-a"].map((m) => [m.fixtureId, m.bestPickProfit])).toEqual([
      [11, null],
      [null, null],
    ]);
    expect(view.recent["la-liga"]).toEqual([]);
  });

  it("bins the confidences and compares with the market for every kind of pick, with the rules of track-record.ts", () => {
    for (const kind of ["best", "result", "over-under", "btts"] as const) {
      expect(view.reliability[kind]).toEqual(confidenceReliability(LEDGER, kind));
      expect(view.market[kind]).toEqual(marketComparison(LEDGER, kind));
    }
  });

  it("is empty, with every league present, before the worker has aggregated anything", () => {
    const empty = trackRecordView({ overall: null, leagues: [], recent: [], ledger: [] });
    expect(empty.overall).toBeNull();
    expect(empty.leagues).toEqual([]);
    expect(Object.values(empty.recent).every((matches) => matches.length === 0)).toBe(true);
    expect(empty.reliability.best.picks).toBe(0);
    expect(empty.market.result).toMatchObject({ picks: 0, hitRate: 0, profit: 0 });
  });
});

describe("the stored payload", () => {
  const view = trackRecordView(SOURCES);

  it("is plain JSON, instants as ISO strings, and reads back as the same view", () => {
    const payload = trackRecordPayload(view);
    expect(payload.version).toBe(TRACK_RECORD_PAYLOAD_VERSION);
    expect(payload.overall?.lastUpdated).toBe("2025-10-09T18:30:00.123Z");
    const json = JSON.stringify(payload);
    expect(JSON.parse(json)).toEqual(payload);
    expect(parseTrackRecordPayload(JSON.parse(json))).toEqual(view);
  });

  it("is refused when it is not a payload of this version, so the reader can compute the view instead", () => {
    const payload = JSON.parse(JSON.stringify(trackRecordPayload(view)));
    expect(parseTrackRecordPayload(null)).toBeNull();
    expect(parseTrackRecordPayload({ ...payload, version: TRACK_RECORD_PAYLOAD_VERSION + 1 })).toBeNull();
    expect(parseTrackRecordPayload({ ...payload, market: { best: payload.market.best } })).toBeNull();
    expect(
      parseTrackRecordPayload({ ...payload, overall: { ...payload.overall, lastUpdated: "yesterday" } }),
    ).toBeNull();
    const { recent: _recent, ...withoutRecent } = payload;
    expect(parseTrackRecordPayload(withoutRecent)).toBeNull();
  });
});
