import type { ProviderFactory } from "../types";
import { footballDataCsvProvider } from "./provider";
import { directorySource, httpSource } from "./source";

/** The football-data provider on FOOTBALL_DATA_DIR when set, otherwise on FOOTBALL_DATA_BASE_URL. */
export const createFootballDataProvider: ProviderFactory = ({ env, clock, log }) =>
  footballDataCsvProvider({
    source: env.FOOTBALL_DATA_DIR ? directorySource(env.FOOTBALL_DATA_DIR) : httpSource(env.FOOTBALL_DATA_BASE_URL),
    clock,
    log: log.child("football-data"),
  });
