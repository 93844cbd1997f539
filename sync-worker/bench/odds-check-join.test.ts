import { describe, expect, it } from "vitest";
import type { OddsCheckPayload } from "@shared/model/odds-check";
import { joinOddsCheckRuns, type OddsCheckRun } from "./odds-check";

const counts = { inputsHash: "a".repeat(64), matchesRead: 38_000, files: 105 };
const payload = (part: "outlook" | "live"): OddsCheckPayload =>
  ({
    version: 1,
    ranAt: "2026-02-07T15:50:00.000Z",
    outlook: part === "outlook" ? { seasons: ["2425"] } : null,
    live: part === "live" ? { matches: 1065 } : null,
    scoreline: part === "live" ? { matches: 1065 } : null,
    closingLine: part === "live" ? { picks: 1065 } : null,
  }) as unknown as OddsCheckPayload;
const ran = (part: "outlook" | "live"): OddsCheckRun => ({ unchanged: false, ...counts, payload: payload(part) });

describe("joinOddsCheckRuns", () => {
  it("takes the outlook from one half and the live parts from the other", () => {
    const joined = joinOddsCheckRuns(ran("outlook"), ran("live"));
    expect(joined).toEqual({
      unchanged: false,
      ...counts,
      payload: { ...payload("live"), outlook: { seasons: ["2425"] } },
    });
  });

  it("is unchanged when a half found the stored run's inputs", () => {
    expect(joinOddsCheckRuns({ unchanged: true, ...counts }, ran("live"))).toEqual({ unchanged: true, ...counts });
  });

  it("refuses halves that read different files", () => {
    expect(() => joinOddsCheckRuns(ran("outlook"), { ...ran("live"), inputsHash: "b".repeat(64) })).toThrow(
      /different files/,
    );
  });
});
