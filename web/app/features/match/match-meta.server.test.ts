import { describe, expect, it } from "vitest";
import { resolvePick, type LockedPick, type PickContent } from "@shared/domain/resolution";
import type { MatchState, Score } from "@shared/domain/picks";
import { matchPageMeta } from "./match-meta.server";

const site = { siteUrl: "https://firstkickpicks.example", preview: false, socialUrl: "https://x.com/firstkickpicks" };

describe("matchPageMeta: a description that reads well in every state of the match", () => {
  const home = { id: 33, name: "Manchester United", slug: "manchester-united", code: "MUN" };
  const away = { id: 47, name: "Tottenham Hotspur", slug: "tottenham-hotspur", code: "TOT" };
  const algorithm: PickContent = {
    bestPick: "Manchester United to Win",
    confidence: 72,
    projectedScore: "2-1",
    result: "1",
    overUnder: "Over 2.5 Goals",
    btts: "YES",
  };
  const locked: LockedPick = {
    bestPick: "Manchester United to Win",
    result: "1",
    overUnder: "O2.5",
    btts: "YES",
    confidence: 72,
    bttsConfidence: null,
    projectedScore: "2-1",
    source: "algorithm",
  };

  function metaOf(state: MatchState, content: { prediction?: PickContent; locked?: LockedPick; score?: Score | null }) {
    const resolution = resolvePick({
      match: {
        state,
        homeTeam: home.name,
        awayTeam: away.name,
        finalScore: state === "post-match" ? (content.score ?? null) : null,
        liveScore: state === "live" ? (content.score ?? null) : null,
      },
      prediction: content.prediction ?? null,
      locked: content.locked ?? null,
    });
    const match = {
      league: "premier-league" as const,
      home,
      away,
      href: "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
      resolution,
      kickoffAt: "2026-02-07T12:30:00.000Z",
      state,
      status: state === "live" ? "HT" : state === "post-match" ? "FT" : "NS",
    };
    return matchPageMeta({ match, place: null }, site);
  }

  const contentOf = (meta: ReturnType<typeof matchPageMeta>, key: string, value: string) =>
    (meta.find((m) => (m as Record<string, string>)[key] === value) as { content?: string } | undefined)?.content;

  it.each<[string, MatchState, Parameters<typeof metaOf>[1], string]>([
    [
      "no pick yet",
      "pre-match",
      {},
      "Manchester United vs Tottenham Hotspur prediction: our best pick is coming soon. Meanwhile, the odds, form, head-to-head and the Premier League table.",
    ],
    [
      "a pick with its confidence",
      "pre-match",
      { prediction: algorithm },
      "Manchester United vs Tottenham Hotspur prediction: our best pick is Manchester United to Win at 72% confidence, projected score 2-1. Over/under, BTTS, odds, form, head-to-head and the Premier League table.",
    ],
    [
      "live",
      "live",
      { locked, score: { home: 1, away: 0 } },
      "Manchester United vs Tottenham Hotspur is live. Our pre-match best pick: Manchester United to Win at 72% confidence. Live score and events, odds, form, head-to-head and the Premier League table.",
    ],
    [
      "live without a pick",
      "live",
      {},
      "Manchester United vs Tottenham Hotspur is live. Live score and events, odds, form, head-to-head and the Premier League table.",
    ],
    [
      "finished, the pick a hit",
      "post-match",
      { locked, score: { home: 2, away: 0 } },
      "Manchester United 2-0 Tottenham Hotspur, final score. Our best pick, Manchester United to Win at 72% confidence before kick-off, was a hit. Pick results, match stats, form and the Premier League table.",
    ],
    [
      "finished, the pick a miss",
      "post-match",
      { locked, score: { home: 0, away: 1 } },
      "Manchester United 0-1 Tottenham Hotspur, final score. Our best pick, Manchester United to Win at 72% confidence before kick-off, missed. Pick results, match stats, form and the Premier League table.",
    ],
    [
      "finished without a pick",
      "post-match",
      { score: { home: 2, away: 2 } },
      "Manchester United 2-2 Tottenham Hotspur, final score. We made no pick for this match. Pick results, match stats, form and the Premier League table.",
    ],
  ])("%s", (_name, state, content, description) => {
    const meta = metaOf(state, content);
    expect(contentOf(meta, "name", "description")).toBe(description);
    expect(contentOf(meta, "property", "og:description")).toBe(description);
    expect(contentOf(meta, "name", "twitter:description")).toBe(description);
    expect(description).not.toMatch(/Coming Soon|100%|\(\)/);
    const event = meta.find(
      (m) =>
        "script:ld+json" in m &&
        (m as { "script:ld+json": { "@type": string } })["script:ld+json"]["@type"] === "SportsEvent",
    );
    expect((event as { "script:ld+json": { description: string } })["script:ld+json"].description).toBe(description);
  });

  it("keeps the page's title in every state", () => {
    for (const state of ["pre-match", "live", "post-match"] as const) {
      expect(metaOf(state, { locked })[0]).toEqual({
        title: "Manchester United vs Tottenham Hotspur Prediction | First Kick Picks",
      });
    }
  });
});
