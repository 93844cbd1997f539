import { describe, expect, it } from "vitest";
import { defaultDataSources, parseDataSources, resolveDataSources } from "./data-sources";
import { InvalidEnvironmentError, parseEnv } from "./env";

describe("DATA_PROVIDERS", () => {
  it("reads kind=source pairs", () => {
    expect(parseDataSources(" live=api-football, standings=results,lineups=off ")).toEqual({
      live: "api-football",
      standings: "results",
      lineups: "off",
    });
    expect(parseDataSources("")).toEqual({});
  });

  it("names the pair it cannot read", () => {
    expect(() => parseDataSources("live")).toThrow('"live" is not kind=source');
    expect(() => parseDataSources("weather=api-football")).toThrow('"weather" is not a data kind');
    expect(() => parseDataSources("odds=results")).toThrow(
      '"results" cannot feed odds (expected football-data, api-football, off)',
    );
    expect(() => parseDataSources("odds=off,odds=football-data")).toThrow("odds is set twice");
  });

  it("feeds everything the CSV source can without a key, and what only API-Football has with one", () => {
    expect(defaultDataSources({ apiFootball: false })).toEqual({
      history: "football-data",
      fixtures: "football-data",
      odds: "football-data",
      live: "football-data",
      events: "off",
      lineups: "off",
      players: "off",
      leaderboards: "off",
      standings: "results",
      "team-statistics": "results",
    });
    const withKey = resolveDataSources({ standings: "results" }, { apiFootball: true });
    expect(withKey).toMatchObject({
      history: "football-data",
      odds: "football-data",
      live: "api-football",
      lineups: "api-football",
      standings: "results",
    });
  });

  it("is validated with the rest of the environment", () => {
    expect(parseEnv({ DATA_PROVIDERS: "live=off" }).DATA_PROVIDERS).toEqual({ live: "off" });
    expect(() => parseEnv({ DATA_PROVIDERS: "live=elsewhere" })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnv({ DATA_PROVIDERS: "live=elsewhere" })).toThrow(
      /DATA_PROVIDERS="live=elsewhere": "elsewhere" cannot feed live/,
    );
    expect(() => parseEnv({ BACKFILL_SEASONS: "22" })).toThrow(
      /BACKFILL_SEASONS="22": expected a number of seasons from 1 to 21/,
    );
    expect(parseEnv({}).BACKFILL_SEASONS).toBe(10);
  });
});
