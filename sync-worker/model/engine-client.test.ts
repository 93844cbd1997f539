import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { MODEL_VERSION, ModelInputError, type PlayedMatch, type UpcomingMatch } from "@shared/model";
import { TEST_MODEL_OPTIONS } from "../test-support/replayed-season";
import { engineThread, type PredictionEngine } from "./engine-client";

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
    expect(prediction.probabilities.home + prediction.probabilities.draw + prediction.probabilities.away).toBeCloseTo(
      1,
      9,
    );
    expect(prediction.kickoff).toEqual(upcoming.kickoff);
    expect(engine.heldSeasons()).toEqual(new Set(["premier-league|2425"]));

    // Nothing resent: the thread still has the season.
    const second = await engine.predict({
      history: { seasons: {}, keep: ["premier-league|2425"] },
      steps: [{ asOf: new Date("2025-08-12T00:00:00Z"), upcoming: [upcoming] }],
    });
    expect(second[0].warm).toBe(true);
    expect(second[0].predictions[0].probabilities.home).toBeCloseTo(prediction.probabilities.home, 2);
  });

  it("passes a malformed row back as the engine's ModelInputError, and keeps working", async () => {
    const broken = { ...history()[0], id: "broken", season: "2526", homeGoals: -1 };
    await expect(
      engine.predict({
        history: { seasons: { "premier-league|2526": [broken] }, keep: ["premier-league|2425", "premier-league|2526"] },
        steps: [{ asOf: new Date("2025-08-13T00:00:00Z"), upcoming: [upcoming] }],
      }),
    ).rejects.toBeInstanceOf(ModelInputError);
    const again = await engine.predict({
      history: { seasons: { "premier-league|2526": [] }, keep: ["premier-league|2425", "premier-league|2526"] },
      steps: [{ asOf: new Date("2025-08-13T00:00:00Z"), upcoming: [upcoming] }],
    });
    expect(again[0].predictions).toHaveLength(1);
  });

  it("abandons a call when its signal fires, and starts a new thread for the next one", async () => {
    const controller = new AbortController();
    const call = engine.predict(
      {
        history: { seasons: { "premier-league|2425": history() }, keep: ["premier-league|2425"] },
        steps: [{ asOf: new Date("2025-08-14T00:00:00Z"), upcoming: [upcoming] }],
      },
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

describe("the prediction engine's state, stored and restored in a new thread", () => {
  const KEY = "premier-league|2425";
  const engines: PredictionEngine[] = [];
  const newEngine = () => {
    const engine = engineThread({ modelOptions: TEST_MODEL_OPTIONS });
    engines.push(engine);
    return engine;
  };
  afterAll(() => Promise.all(engines.map((e) => e.close())));
  const step = (asOf: string) => ({ asOf: new Date(asOf), upcoming: [upcoming] });

  /** An engine that has fitted once, and its state as the worker stores it. */
  async function fittedEngine(asOf = "2025-08-11T00:00:00Z") {
    const engine = newEngine();
    await engine.predict({ history: { seasons: { [KEY]: history() }, keep: [KEY] }, steps: [step(asOf)] });
    const snapshot = await engine.snapshot({ unlessFittedThrough: null, seasons: [KEY] });
    return { engine, snapshot };
  }

  it("starts a new thread warm from another's snapshot, holding its seasons, and predicts exactly what the first one does", async () => {
    const { engine, snapshot } = await fittedEngine();
    expect(snapshot.fit!.byteLength).toBeGreaterThan(100);
    expect(snapshot.fittedThrough).toMatch(/^40 results, latest kick-off 2025-05-17T00:00:00.000Z, digest /);

    const restored = newEngine();
    expect(restored.isFresh()).toBe(true);
    const answer = await restored.restore({ fit: snapshot.fit, seasons: snapshot.seasons, validSeasons: [KEY] });
    expect(answer).toEqual({ seasons: [KEY], fit: { pending: true } });
    expect(restored.heldSeasons()).toEqual(new Set([KEY]));
    expect(restored.isFresh()).toBe(false);

    // Nothing resent: the restored thread has the season from the snapshot.
    const [fromStored] = await restored.predict({
      history: { seasons: {}, keep: [KEY] },
      steps: [step("2025-08-12T00:00:00Z")],
    });
    const [fromWarm] = await engine.predict({
      history: { seasons: {}, keep: [KEY] },
      steps: [step("2025-08-12T00:00:00Z")],
    });
    expect(fromStored).toMatchObject({ warm: true, restored: { adopted: true } });
    expect(fromWarm.warm).toBe(true);
    expect(fromStored.predictions).toEqual(fromWarm.predictions);

    // The same results learnt: the fit is not encoded again.
    const again = await restored.snapshot({ unlessFittedThrough: snapshot.fittedThrough, seasons: null });
    expect(again).toEqual({ fittedThrough: snapshot.fittedThrough, fit: null, seasons: null });
  });

  it("continues from a fit stored a little after the call's moment when it learnt nothing since (a replay restarted)", async () => {
    const { snapshot } = await fittedEngine("2025-08-11T12:00:00Z");
    const restored = newEngine();
    await restored.restore({ fit: snapshot.fit, seasons: snapshot.seasons, validSeasons: [KEY] });
    const [answer] = await restored.predict({
      history: { seasons: {}, keep: [KEY] },
      steps: [step("2025-08-11T00:00:00Z")],
    });
    expect(answer).toMatchObject({ warm: true, restored: { adopted: true } });
  });

  it("refuses a fit that learnt from a result the database no longer has, or one before the call's moment", async () => {
    const { snapshot } = await fittedEngine();
    const changed = newEngine();
    await changed.restore({ fit: snapshot.fit, seasons: null, validSeasons: [] });
    const corrected = history().map((m, i) => (i === 3 ? { ...m, homeGoals: m.homeGoals + 1 } : m));
    const [answer] = await changed.predict({
      history: { seasons: { [KEY]: corrected }, keep: [KEY] },
      steps: [step("2025-08-12T00:00:00Z")],
    });
    expect(answer).toMatchObject({
      warm: false,
      restored: { adopted: false, reason: "the results it learnt from have changed since it was stored" },
    });

    const earlier = newEngine();
    await earlier.restore({ fit: snapshot.fit, seasons: snapshot.seasons, validSeasons: [KEY] });
    const [before] = await earlier.predict({
      history: { seasons: {}, keep: [KEY] },
      steps: [step("2025-05-01T00:00:00Z")],
    });
    expect(before).toMatchObject({
      warm: false,
      restored: { adopted: false, reason: "it learnt from results after this call's moment" },
    });
  });

  it("ignores damaged bytes, another model version and stored seasons no longer valid, and fits from scratch", async () => {
    const { snapshot } = await fittedEngine();
    const damaged = newEngine();
    const garbage = new TextEncoder().encode("not a stored engine state");
    const answer = await damaged.restore({ fit: garbage, seasons: garbage, validSeasons: [KEY] });
    expect(answer.seasons).toEqual([]);
    expect(answer.fit).toMatchObject({ pending: false, reason: expect.stringContaining("unreadable payload") });
    expect(damaged.isFresh()).toBe(true);
    const [fromScratch] = await damaged.predict({
      history: { seasons: { [KEY]: history() }, keep: [KEY] },
      steps: [step("2025-08-12T00:00:00Z")],
    });
    expect(fromScratch.warm).toBe(false);
    expect(fromScratch.predictions).toHaveLength(1);

    const payload = JSON.parse(gunzipSync(snapshot.fit!).toString("utf8"));
    const otherVersion = newEngine();
    const refused = await otherVersion.restore({
      fit: new Uint8Array(gzipSync(JSON.stringify({ ...payload, modelVersion: "dc-sot-market-0.9.0" }))),
      // A season whose data changed since it was stored is not taken.
      seasons: snapshot.seasons,
      validSeasons: [],
    });
    expect(refused).toEqual({
      seasons: [],
      fit: { pending: false, reason: `made by model dc-sot-market-0.9.0, this is ${MODEL_VERSION}` },
    });
  });
});
