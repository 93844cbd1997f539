import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { predictMatches, type PlayedMatch } from "@shared/model";
import { TEST_MODEL_OPTIONS } from "../test-support/replayed-season";
import {
  decodeFit,
  decodeSeasons,
  describeLearnt,
  encodeFit,
  encodeSeasons,
  fitStateKey,
  learntResults,
  modelOptionsOf,
  StoredStateError,
} from "./engine-state";

const DAY = 24 * 60 * 60 * 1000;

/** Four teams playing each other every week, with prices on every other match and shots on most. */
function season(code: string, start: number, weeks: number): PlayedMatch[] {
  return Array.from({ length: weeks * 2 }, (_, i) => ({
    id: `${code}-${i}`,
    league: "premier-league" as const,
    season: code,
    kickoff: new Date(start + Math.floor(i / 2) * 7 * DAY),
    homeTeamId: 1 + (i % 4),
    // One to three places on from the home side: never the home side itself.
    awayTeamId: 1 + ((i + 1 + (Math.floor(i / 4) % 3)) % 4),
    resultOdds: i % 2 === 0 ? { home: 2.1 + (i % 5) / 10, draw: 3.4, away: 3.6 } : null,
    overUnderOdds: i % 2 === 0 ? { over: 1.91, under: 1.95 } : null,
    homeGoals: i % 3,
    awayGoals: (i * 7) % 4,
    homeShotsOnTarget: i % 5 === 0 ? null : 3 + (i % 4),
    awayShotsOnTarget: i % 5 === 0 ? null : 2 + (i % 3),
  }));
}

const options = modelOptionsOf(TEST_MODEL_OPTIONS);

describe("the engine's stored state", () => {
  it("stores finished seasons compactly and gives back exactly the matches the database gave", () => {
    const seasons = new Map([
      ["premier-league|2324", season("2324", Date.UTC(2023, 7, 12), 30)],
      ["premier-league|2425", season("2425", Date.UTC(2024, 7, 17), 30)],
    ]);
    const bytes = encodeSeasons(seasons);
    expect(bytes.byteLength).toBeLessThan(JSON.stringify([...seasons]).length / 4);
    expect(decodeSeasons(bytes, new Set(seasons.keys()))).toEqual(seasons);
    // Only the seasons still valid are taken.
    expect([...decodeSeasons(bytes, new Set(["premier-league|2425"])).keys()]).toEqual(["premier-league|2425"]);
  });

  it("restores a fit that continues exactly as the original", () => {
    const history = [...season("2324", Date.UTC(2023, 7, 12), 40), ...season("2425", Date.UTC(2024, 7, 17), 40)];
    const asOf = new Date(Date.UTC(2025, 5, 2));
    const { fit } = predictMatches({ history, upcoming: [], asOf, options: TEST_MODEL_OPTIONS });
    const restored = decodeFit(encodeFit(fit, learntResults(history)), options);
    expect(restored.fit).toEqual(fit);
    expect(restored.learnt).toEqual(learntResults(history));
  });

  it("sums up what a fit learnt from: the same results in any order, a different digest for a corrected score", () => {
    const matches = season("2425", Date.UTC(2024, 7, 17), 10);
    const learnt = learntResults(matches);
    expect(learnt).toMatchObject({ count: 20, latestKickoff: Date.UTC(2024, 7, 17) + 9 * 7 * DAY });
    expect(learntResults([...matches].reverse())).toEqual(learnt);
    const corrected = matches.map((m, i) => (i === 7 ? { ...m, awayGoals: m.awayGoals + 1 } : m));
    expect(learntResults(corrected).digest).not.toBe(learnt.digest);
    expect(learntResults(matches, Date.UTC(2024, 7, 17) + 2 * 7 * DAY).count).toBe(6);
    expect(describeLearnt(learnt)).toMatch(/^20 results, latest kick-off 2024-10-19T00:00:00.000Z, digest [\w-]{22}$/);
  });

  it("refuses damaged bytes, another format, another model version, other settings and a fit of another shape", () => {
    const history = season("2425", Date.UTC(2024, 7, 17), 20);
    const { fit } = predictMatches({
      history,
      upcoming: [],
      asOf: new Date(Date.UTC(2025, 0, 6)),
      options: TEST_MODEL_OPTIONS,
    });
    const payload = JSON.parse(gunzipSync(encodeFit(fit, learntResults(history))).toString("utf8"));
    const encode = (value: unknown) => new Uint8Array(gzipSync(JSON.stringify(value)));
    const refusal = (bytes: Uint8Array) => {
      try {
        decodeFit(bytes, options);
      } catch (error) {
        expect(error).toBeInstanceOf(StoredStateError);
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refusal(new TextEncoder().encode("garbage"))).toMatch(/^unreadable payload/);
    expect(refusal(encode({ ...payload, format: 0 }))).toBe("stored in format 0, this code reads 1");
    expect(refusal(encode({ ...payload, modelVersion: "dc-sot-market-0.9.0" }))).toMatch(
      /^made by model dc-sot-market-0.9.0/,
    );
    expect(refusal(encode({ ...payload, options: { ...payload.options, halfLifeDays: 100 } }))).toBe(
      "made with other settings",
    );
    expect(refusal(encode({ ...payload, fit: { ...payload.fit, track: "none" } }))).toBe(
      "the stored fit does not have the shape of this version's fit",
    );
    expect(refusal(encode(payload))).toBe("accepted");
    // Other settings are stored under another key.
    expect(fitStateKey(options)).not.toBe(fitStateKey(modelOptionsOf()));
  });
});
