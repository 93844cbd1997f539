/**
 * The embedded scheduler: the worker's jobs on timers inside one process (the web process on
 * PGlite, or `npm run worker` without Postgres). Jobs run one at a time from a queue, so they
 * never overlap and the site's queries are never starved; a job already queued is not queued
 * twice. A job that works in a thread of its own on files (`besideQueue`, the odds check) runs in
 * a second lane beside the queue, one at a time there too. A failing job is recorded and logged;
 * nothing here throws into the host process.
 */
import { runJob, type JobRun } from "../jobs/run-job";
import type { JobDefinition, ProgressReporter } from "../jobs/types";
import { jobContext, type WorkerServices } from "../worker-services";

export interface InProcessScheduler {
  /** Queues a job to run as soon as the jobs before it are done. */
  enqueue(name: string): void;
  /** Resolves once nothing is running or queued. */
  idle(): Promise<void>;
  /** Stops the timers and abandons the running jobs (a transaction rolls back); resolves when they have stopped. */
  stop(reason?: string): Promise<void>;
}

export interface InProcessOptions {
  jobs: readonly JobDefinition[];
  /** Jobs queued at once, in this order (the start-up run). */
  startWith: readonly string[];
  /** Run jobs on their cadence timers (false: only what is queued). */
  timers: boolean;
  progress?: (job: string) => ProgressReporter | undefined;
  /** Called after every run (tests and the command line read it). */
  onRun?: (run: JobRun) => void;
}

/** Whether the kind of data a job syncs is configured off (DATA_PROVIDERS, or no provider can feed it). */
export function isOff(job: JobDefinition, services: Pick<WorkerServices, "providers">): boolean {
  return job.kind !== undefined && services.providers.sources[job.kind] === "off";
}

/** Jobs waiting their turn, and the one running. */
interface Lane {
  queue: string[];
  running: Promise<void> | null;
}

export function startInProcessScheduler(services: WorkerServices, options: InProcessOptions): InProcessScheduler {
  const jobs = new Map(options.jobs.map((job) => [job.name, job]));
  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let idleWaiters: (() => void)[] = [];
  /** The queue, and the lane beside it for the jobs marked `besideQueue`. */
  const lanes: Lane[] = [
    { queue: [], running: null },
    { queue: [], running: null },
  ];
  const laneOf = (name: string): Lane => lanes[jobs.get(name)?.besideQueue ? 1 : 0];
  const busy = () => lanes.some((lane) => lane.running !== null || lane.queue.length > 0);

  async function runOne(name: string): Promise<void> {
    const job = jobs.get(name);
    if (!job) {
      services.log.error(`no job named ${name}`);
      return;
    }
    try {
      const ctx = jobContext(services, controller.signal, options.progress?.(name));
      if (job.cadence.due && !(await job.cadence.due(ctx))) {
        services.metrics?.recordIdle(name);
        return;
      }
      const run = await runJob(job, ctx);
      services.metrics?.recordRun(run);
      options.onRun?.(run);
      // A scheduler running a chosen subset (npm run sync -- <job>) leaves other follow-ups alone.
      for (const next of run.next) if (jobs.has(next)) enqueue(next);
    } catch (error) {
      // The run log itself could not be written (the database went away): say so and carry on.
      if (!controller.signal.aborted)
        services.log.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function pump(lane: Lane): void {
    if (lane.running) return;
    const name = lane.queue.shift();
    if (name === undefined) {
      if (busy()) return;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    lane.running = runOne(name).finally(() => {
      lane.running = null;
      pump(lane);
    });
  }

  function enqueue(name: string): void {
    const lane = laneOf(name);
    if (controller.signal.aborted || lane.queue.includes(name)) return;
    lane.queue.push(name);
    pump(lane);
  }

  for (const name of options.startWith) enqueue(name);
  if (options.timers) {
    for (const job of options.jobs) {
      // A job for a kind of data that is off ran once to record that; repeating it says nothing new.
      if (job.cadence.everyMs > 0 && !isOff(job, services))
        timers.push(setInterval(() => enqueue(job.name), job.cadence.everyMs));
    }
  }

  return {
    enqueue,
    idle: () => (busy() ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    async stop(reason = "the worker is stopping") {
      for (const timer of timers) clearInterval(timer);
      for (const lane of lanes) lane.queue.length = 0;
      controller.abort(reason);
      for (const lane of lanes) await lane.running;
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}
