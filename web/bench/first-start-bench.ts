/**
 * `npm run bench:first-start`: a fresh install's first start on the embedded default, as
 * `npm start` runs it (nothing pinned: every core, the worker inside the site's process), from
 * an empty database to every start-up job done. Prints, per run, when the site served its first
 * page and when the last start-up job finished, and each start-up job's start and length; then
 * the min and median over the runs beside the target (every job done within 60 s), with the load
 * average.
 *
 * The job times are read from the run's own database (sync_runs) after the site stops, so they
 * are the worker's, not a poll's. Needs a local copy of the football-data.co.uk files
 * (FOOTBALL_DATA_DIR, or the handbook's beside the checkout): the public origin is not a
 * benchmark. Flags: --runs <n> (3), --quick (one run).
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { parseBenchOptions } from "./options";
import { ROOT, defaultFootballDataDir, startSite, waitForData } from "./site-process";
import { formatLoadAverage, median, min, table } from "./stats";

/** A fresh install has every job done within this (issue: hold the Saturday peak). */
const TARGET_S = 60;
const CACHE_DIR = path.join(ROOT, ".cache/bench-first-start");

interface JobRun {
  job: string;
  status: string;
  startS: number;
  lengthS: number | null;
}

interface RunFigures {
  servingS: number;
  doneS: number;
  jobs: JobRun[];
}

const log = (line = "") => console.log(line);

/** The first run of every job since the process started, from the run's database. */
async function firstRuns(dataDir: string, startedAt: number): Promise<JobRun[]> {
  const db = await PGlite.create(dataDir);
  try {
    const { rows } = await db.query<{ job: string; status: string; started: number; finished: number | null }>(
      `select distinct on (job) job, status,
              extract(epoch from started_at) * 1000 as started,
              extract(epoch from finished_at) * 1000 as finished
         from sync_runs order by job, started_at`,
    );
    return rows
      .map((r) => ({
        job: r.job,
        status: r.status,
        startS: (Number(r.started) - startedAt) / 1000,
        lengthS: r.finished === null ? null : (Number(r.finished) - Number(r.started)) / 1000,
      }))
      .sort((a, b) => a.startS - b.startS);
  } finally {
    await db.close();
  }
}

async function firstStart(run: number, footballDataDir: string): Promise<RunFigures> {
  const dataDir = path.join(CACHE_DIR, "pglite");
  rmSync(dataDir, { recursive: true, force: true });
  const startedAt = Date.now();
  const site = await startSite({
    database: "pglite",
    pgliteDataDir: dataDir,
    footballDataDir,
    logFile: path.join(CACHE_DIR, `site-${run}.log`),
    echo: (line) => log(`  [site] ${line}`),
    worker: "embedded",
    pinned: false,
  });
  const servingS = (Date.now() - startedAt) / 1000;
  try {
    const { failedJobs } = await waitForData(site);
    if (failedJobs.length) log(`  note: failed jobs: ${failedJobs.join(", ")}`);
  } finally {
    await site.stop();
  }
  const jobs = await firstRuns(dataDir, startedAt);
  const unfinished = jobs.filter((j) => j.lengthS === null).map((j) => j.job);
  if (unfinished.length) log(`  note: still running when the start-up run was over: ${unfinished.join(", ")}`);
  const doneS = Math.max(...jobs.map((j) => j.startS + (j.lengthS ?? 0)));
  return { servingS, doneS, jobs };
}

async function main(): Promise<void> {
  const options = parseBenchOptions();
  const footballDataDir = defaultFootballDataDir();
  if (!footballDataDir) {
    log("bench:first-start needs a local copy of the football-data.co.uk files: set FOOTBALL_DATA_DIR");
    process.exitCode = 1;
    return;
  }
  const loadStart = os.loadavg();
  log(
    `bench:first-start: ${options.runs} fresh start(s) on the embedded default, nothing pinned, ${os.availableParallelism()} cores`,
  );
  log(`load average at start: ${formatLoadAverage(loadStart)}`);
  const runs: RunFigures[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const figures = await firstStart(run, footballDataDir);
    runs.push(figures);
    log();
    log(
      `run ${run}: serving after ${figures.servingS.toFixed(1)} s; every start-up job done after ${figures.doneS.toFixed(1)} s`,
    );
    log(
      table(
        ["job", "status", "started (s)", "took (s)"],
        figures.jobs.map((j) => [
          j.job,
          j.status,
          j.startS.toFixed(1),
          j.lengthS === null ? "-" : j.lengthS.toFixed(1),
        ]),
      ),
    );
  }
  const done = runs.map((r) => r.doneS);
  const serving = runs.map((r) => r.servingS);
  log();
  log(
    table(
      ["check", "min", "median", "target", "result"],
      [
        ["serving the first page (s)", min(serving).toFixed(1), median(serving).toFixed(1), "-", "-"],
        [
          "every start-up job done (s)",
          min(done).toFixed(1),
          median(done).toFixed(1),
          `<= ${TARGET_S}`,
          median(done) <= TARGET_S ? "pass" : "FAIL",
        ],
      ],
    ),
  );
  log(`load average at end: ${formatLoadAverage(os.loadavg())}`);
}

await main();
