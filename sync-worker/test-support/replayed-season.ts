/**
 * A replayed season for tests: made-up Premier League seasons 2023/24 to 2025/26 (a round each
 * Saturday from 2 August 2025), the worker's jobs run on them as of a Saturday evening, with the
 * real engine on small settings so its first fit takes about a second.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DbHandle } from "@shared/db";
import type { ModelOptions } from "@shared/model";
import { engineThread, type PredictionEngine } from "../model/engine-client";
import { directorySource } from "../providers/football-data-csv/source";
import { writeSyntheticSeasons } from "./synthetic-seasons";
import { testWorker, type TestWorker } from "./worker";

export const TEST_MODEL_OPTIONS: Partial<ModelOptions> = {
  coldStartTrackDays: 120,
  minLeagueMatches: 100,
  poolWindowDays: 400,
  calibrationWindowDays: 400,
};

/** Saturday 25 October 2025, after the 13th round's matches (15:00 UK time) have finished. */
export const REPLAYED_SEASON_CLOCK = "2025-10-25T16:30:00Z";

export interface ReplayedSeason {
  worker: TestWorker;
  engine: PredictionEngine;
  close(): Promise<void>;
}

export function replayedSeason(db: DbHandle): ReplayedSeason {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fkp-seasons-"));
  writeSyntheticSeasons(dataDir, ["2324", "2425", "2526"]);
  const worker = testWorker(db, {
    now: new Date(REPLAYED_SEASON_CLOCK),
    source: directorySource(dataDir),
    backfillSeasons: 3,
  });
  const engine = engineThread({ modelOptions: TEST_MODEL_OPTIONS });
  return {
    worker,
    engine,
    async close() {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
