import { describe, expect, it } from "vitest";
import { createClock } from "@shared/config/clock";
import { parseEnv } from "@shared/config/env";
import { memoryLogger } from "../log";
import { FIXTURES_SEASONS_DIR } from "../test-support/csv-origin";
import { createFootballDataProvider } from "./football-data-csv";
import { createProviderSet, ProviderConfigurationError } from "./provider-set";

const replay = createClock({ kind: "replay", start: new Date("2026-02-07T15:50:00Z"), speed: 1 }, () => 0);
const real = createClock({ kind: "real" });
const factories = { "football-data": createFootballDataProvider };
const set = (env: Record<string, string>, clock = replay) =>
  createProviderSet(
    { env: parseEnv({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, ...env }), clock, log: memoryLogger() },
    factories,
  );

describe("createProviderSet", () => {
  it("gives each kind its configured provider, and none to kinds that are off or computed", () => {
    const providers = set({});
    expect(providers.for("fixtures")?.name).toBe("football-data");
    expect(providers.for("live")).toBe(providers.for("fixtures"));
    expect(providers.for("lineups")).toBeNull();
    expect(providers.for("standings")).toBeNull();
    expect(providers.sources.standings).toBe("results");
  });

  it("turns a default off when its provider cannot serve it: CSV files have no live data in real time", () => {
    expect(set({}, real).sources.live).toBe("off");
    expect(set({}, real).for("live")).toBeNull();
  });

  it("refuses a configuration that cannot work, saying why", () => {
    expect(() => set({ DATA_PROVIDERS: "live=football-data" }, real)).toThrow(ProviderConfigurationError);
    expect(() => set({ DATA_PROVIDERS: "live=football-data" }, real)).toThrow(
      "DATA_PROVIDERS: football-data cannot feed live outside a replay (CLOCK=replay:...)",
    );
    expect(() => set({ DATA_PROVIDERS: "lineups=football-data" })).toThrow(
      "DATA_PROVIDERS: football-data cannot feed lineups",
    );
    expect(() => set({ DATA_PROVIDERS: "events=api-football" })).toThrow(/api-football/);
    expect(set({ DATA_PROVIDERS: "odds=off" }).for("odds")).toBeNull();
  });
});
