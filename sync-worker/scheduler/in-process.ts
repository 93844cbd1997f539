/**
 * The embedded scheduler: the worker's jobs on timers inside one process (the web process on
 * PGlite, or `npm run worker` without Postgres). Jobs run one at a time from a queue, so they
 * never overlap and the site's queries are never starved; a job already queued is not queued
 * twice. A failing job is recorded and logged; nothing here throws into the host process.
 */
import { runJob, type JobRun } from "../jobs/run-job";
import type { JobDefinition, ProgressReporter } from "../jobs/types";
import { jobContext, type WorkerServices } from "../worker-services";

export interface InProcessScheduler {
  /** Queues a job to run as soon as the jobs before it are done. */
  enqueue(name: string): void;
  /** Resolves once nothing is running or queued. */
  idle(): Promise<void>;
  /** Stops the timers and abandons the running job (its transaction rolls back); resolves when it has stopped. */
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

export function startInProcessScheduler(services: WorkerServices, options: InProcessOptions): InProcessScheduler {
  const jobs = new Map(options.jobs.map((job) => [job.name, job]));
  const controller = new AbortController();
  const queue: string[] = [];
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | null = null;
  let idleWaiters: (() => void)[] = [];

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

  function pump(): void {
    if (running) return;
    const name = queue.shift();
    if (name === undefined) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    running = runOne(name).finally(() => {
      running = null;
      pump();
    });
  }

  function enqueue(name: string): void {
    if (controller.signal.aborted || queue.includes(name)) return;
    queue.push(name);
    pump();
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
    idle: () =>
      running || queue.length > 0 ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve(),
    async stop(reason = "the worker is stopping") {
      for (const timer of timers) clearInterval(timer);
      queue.length = 0;
      controller.abort(reason);
      await running;
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}
