import { describe, expect, it } from "vitest";
import { resolvePick } from "../domain/resolution";
import { matchPreviewSchema } from "./documents";
import { editorialPickContent, sundayParlayLegs } from "./editorial";

describe("editorial adapters", () => {
  it("hands a preview's pick fields to the resolution order", () => {
    const preview = matchPreviewSchema.parse({
      id: "p",
      league: "la-liga",
      season: "2526",
      homeTeam: "barcelona",
      awayTeam: "mallorca",
      bestPick: "Barcelona to Win",
      confidence: 78,
      projectedScore: "3-0",
      result: "1",
      btts: "NO",
      bttsConfidence: 64,
      overUnder: "Over 2.5 Goals",
    });
    const editorial = editorialPickContent(preview);
    expect(editorial).toEqual({
      bestPick: "Barcelona to Win",
      projectedScore: "3-0",
      confidence: 78,
      result: "1",
      overUnder: "Over 2.5 Goals",
      btts: "NO",
      bttsConfidence: 64,
    });
    const resolution = resolvePick({
      match: { state: "post-match", homeTeam: "Barcelona", awayTeam: "Mallorca", finalScore: { home: 3, away: 0 } },
      editorial,
    });
    expect(resolution).toMatchObject({
      source: "final",
      pickSource: "editorial",
      confidenceLabel: "100%",
      score: "3-0",
    });
    expect(resolution.picks.best.outcome).toBe("hit");
    expect(resolution.picks.btts.outcome).toBe("hit");
    expect(editorialPickContent(null)).toBeNull();
  });

  it("turns the Sunday parlay into the spec's legs with canonical match page links", () => {
    expect(
      sundayParlayLegs({
        title: "Sunday 5-Team Cross-League Parlay",
        lastUpdated: "2025-10-05",
        legs: [
          {
            key: "a",
            league: "ligue1",
            homeTeam: "lille",
            awayTeam: "paris-saint-germain",
            selection: "Paris Saint-Germain to Win",
            predictedScore: "1-2",
            confidence: 64,
          },
        ],
      }),
    ).toEqual([
      {
        matchId: "ligue1/lille-vs-paris-saint-germain",
        match: "Lille OSC vs Paris Saint-Germain",
        league: "Ligue 1",
        selection: "Paris Saint-Germain to Win",
        predictedScore: "1-2",
        confidence: 64,
        matchPageLink: "/ligue-1-predictions/lille-vs-paris-saint-germain-prediction",
      },
    ]);
  });
});
