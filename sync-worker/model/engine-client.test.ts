import { afterAll, describe, expect, it } from "vitest";
import { getTeamBySlug } from "../../shared/domain/teams/registry";
import { ModelInputError, type PlayedMatch, type UpcomingMatch } from "../../shared/model";
import { TEST_MODEL_OPTIONS } from "../test-support/replayed-season";
import { engineThread } from "./engine-client";

const arsenal = getTeamBySlug("arsenal")!;
const chelsea = getTeamBySlug("chelsea")!;
const DAY = 24 * 60 * 60 * 1000;

/** Arsenal and Chelsea, home and away every week for a season. */
function history(): PlayedMatch[] {
  return Array.from({ length: 40 }, (_, i) => ({
    id: `m${i}`,
    league: "premier-league" as const,
    season: "2425",
    kickoff: new Date(Date.UTC(2024, 7, 17) + i * 7 * DAY),
    homeTeamId: i % 2 === 0 ? arsenal.id : chelsea.id,
    awayTeamId: i % 2 === 0 ? chelsea.id : arsenal.id,
    homeGoals: i % 3,
    awayGoals: i % 2,
  }));
}

const upcoming: UpcomingMatch = {
  id: "next",
  league: "premier-league",
  season: "2526",
  kickoff: new Date("2025-08-16T14:00:00Z"),
  homeTeamId: arsenal.id,
  awayTeamId: chelsea.id,
  homeTeam: arsenal.name,
  awayTeam: chelsea.name,
};

describe("the prediction engine in its worker thread", () => {
  const engine = engineThread({ modelOptions: TEST_MODEL_OPTIONS });
  afterAll(() => engine.close());

  it("predicts in the thread, keeps the history it was sent, and starts the next call warm", async () => {
    const first = await engine.predict({
      history: { seasons: { "premier-league|2425": history() }, keep: ["premier-league|2425"] },
      steps: [{ asOf: new Date("2025-08-11T00:00:00Z"), upcoming: [upcoming] }],
    });
    expect(first).toHaveLength(1);
    expect(first[0].warm).toBe(false);
    const [prediction] = first[0].predictions;
    expect(prediction.matchId).toBe("next");
    expect(prediction.probabilities.home + prediction.probabilities.draw + prediction.probabilities.away).toBeCloseTo(1, 9);
    expect(prediction.kickoff).toEqual(upcoming.kickoff);
    expect(engine.heldSeasons()).toEqual(new Set(["premier-league|2425"]));

    // Nothing resent: the thread still has the season.
    const second = await engine.predict({ history: { seasons: {}, keep: ["premier-league|2425"] }, steps: [{ asOf: new Date("2025-08-12T00:00:00Z"), upcoming: [upcoming] }] });
    expect(second[0].warm).toBe(true);
    expect(second[0].predictions[0].probabilities.home).toBeCloseTo(prediction.probabilities.home, 2);
  });

  it("passes a malformed row back as the engine's ModelInputError, and keeps working", async () => {
    const broken = { ...history()[0], id: "broken", season: "2526", homeGoals: -1 };
    await expect(
      engine.predict({ history: { seasons: { "premier-league|2526": [broken] }, keep: ["premier-league|2425", "premier-league|2526"] }, steps: [{ asOf: new Date("2025-08-13T00:00:00Z"), upcoming: [upcoming] }] }),
    ).rejects.toBeInstanceOf(ModelInputError);
    const again = await engine.predict({ history: { seasons: { "premier-league|2526": [] }, keep: ["premier-league|2425", "premier-league|2526"] }, steps: [{ asOf: new Date("2025-08-13T00:00:00Z"), upcoming: [upcoming] }] });
    expect(again[0].predictions).toHaveLength(1);
  });

  it("abandons a call when its signal fires, and starts a new thread for the next one", async () => {
    const controller = new AbortController();
    const call = engine.predict(
      { history: { seasons: { "premier-league|2425": history() }, keep: ["premier-league|2425"] }, steps: [{ asOf: new Date("2025-08-14T00:00:00Z"), upcoming: [upcoming] }] },
      controller.signal,
    );
    controller.abort("SIGTERM");
    await expect(call).rejects.toThrow("abandoned: SIGTERM");
    expect(engine.heldSeasons().size).toBe(0);
    const next = await engine.predict({
      history: { seasons: { "premier-league|2425": history() }, keep: ["premier-league|2425"] },
      steps: [{ asOf: new Date("2025-08-14T00:00:00Z"), upcoming: [upcoming] }],
    });
    expect(next[0].warm).toBe(false);
  });
});
