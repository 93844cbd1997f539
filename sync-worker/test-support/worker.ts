/** A worker on a test database: the project's CSV fixture files (or a test origin), a clock the test moves, a log it reads. */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Clock } from "@shared/config/clock";
import { createContent, type Content } from "@shared/content/content";
import { localContentSource } from "@shared/content/local-source";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { jobDbOf } from "../jobs/job-db";
import { runJob, type JobRun } from "../jobs/run-job";
import type { JobDefinition } from "../jobs/types";
import { memoryLogger } from "../log";
import { footballDataCsvProvider } from "../providers/football-data-csv/provider";
import { directorySource, type FootballDataSource } from "../providers/football-data-csv/source";
import { createProviderSet } from "../providers/provider-set";
import { jobContext, type WorkerServices } from "../worker-services";
import { FIXTURES_SEASONS_DIR } from "./csv-origin";

/** The default replay moment: Saturday 7 February 2026, 15:50 UTC. */
export const REPLAY_MOMENT = new Date("2026-02-07T15:50:00Z");

export interface TestWorker extends WorkerServices {
  log: ReturnType<typeof memoryLogger>;
  setNow(now: Date | string): void;
  run(job: JobDefinition, signal?: AbortSignal): Promise<JobRun>;
}

export function testWorker(
  db: DbHandle,
  options: {
    now?: Date;
    source?: FootballDataSource;
    backfillSeasons?: number;
    env?: Record<string, string>;
    content?: Content;
  } = {},
): TestWorker {
  let now = options.now ?? REPLAY_MOMENT;
  const clock: Clock = { setting: { kind: "replay", start: now, speed: 1 }, now: () => now };
  const env = parseEnv({
    FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR,
    CLOCK: `replay:${now.toISOString()}`,
    ...options.env,
  });
  const log = memoryLogger();
  const source = options.source ?? directorySource(FIXTURES_SEASONS_DIR);
  const providers = createProviderSet(
    { env, clock, log },
    { "football-data": () => footballDataCsvProvider({ source, clock, log: log.child("football-data") }) },
  );
  const services: WorkerServices = {
    db,
    clock,
    providers,
    content: options.content ?? emptyContent(),
    log,
    settings: { backfillSeasons: options.backfillSeasons ?? 2, fullBackfill: false, leagues: LEAGUE_KEYS },
  };
  return {
    ...services,
    log,
    setNow: (value) => {
      now = new Date(value);
    },
    run: (job, signal = new AbortController().signal) => runJob(job, jobContext(services, signal)),
  };
}

/**
 * One empty dataset file for every test process (the jobs only read it), instead of a new folder
 * per call, which left about 270 folders in the temporary directory at every unit run.
 */
let emptyDataset: string | null = null;

function emptyDatasetFile(): string {
  if (emptyDataset) return emptyDataset;
  const file = path.join(tmpdir(), "fkp-empty-content.ndjson");
  writeFileSync(file, "");
  return (emptyDataset = file);
}

/** Editorial content with no documents: every pick is the algorithm's. */
export function emptyContent(): Content {
  return createContent(localContentSource(emptyDatasetFile()), { cache: { maxAgeMs: 0 } });
}

/** Rows of a table, for before/after comparisons. */
export async function snapshotOf(db: DbHandle, table: string, orderBy = "id"): Promise<unknown[]> {
  return jobDbOf(db).execute(`select * from ${table} order by ${orderBy}`);
}
