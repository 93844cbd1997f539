/**
 * The Saturday 15:00 mix in `npm run bench:web` (web-bench.ts): its throughput flat out against
 * the static server's, then rising steady rates (open loop) until p99 passes P99_LIMIT_MS, and the
 * highest steady rate with p99 within P99_STEADY_MS; then the same rates against the static
 * server until its p99 passes P99_STEADY_MS: what an open-loop load from this generator on this
 * machine allows at all, beside the site's figure.
 *
 * Every request of the mix accepts compression as a browser's does (`browserHeaders`), and the
 * static server it is measured against sends the same compressed bytes the site sent (a snapshot
 * taken with those headers). Asking for plain bytes, as the page table does, each answer was
 * 100-190 KB: the load generator then became the limit of the open-loop steps (the static server
 * of those bytes held p99 <= 50 ms only up to 31-45% of its own flat-out rate).
 */
import {
  GENERATOR_SATURATED,
  describeCache,
  measureAtRate,
  measureThroughput,
  unexpectedAnswers,
  type PacedRun,
  type ThroughputRun,
} from "./load";
import type { BenchOptions } from "./options";
import type { RunningSite, RunningStaticServer } from "./site-process";
import { formatCount, formatMs, table } from "./stats";
import { BROWSER_ENCODING, SATURDAY_MIX, browserHeaders, saturdaySequence, type Targets } from "./targets";
import { generatorLoad, printThroughputRow, THROUGHPUT_HEADER, throughputCells } from "./throughput-table";

/** The Saturday mix must answer 99% of requests within this. */
const P99_LIMIT_MS = 200;
/** The stricter bound: the highest steady rate with p99 within it, against the mix's flat-out rate. */
export const P99_STEADY_MS = 50;

export interface MixFigures {
  site: ThroughputRun[];
  static: ThroughputRun[];
  steps: PacedRun[];
  highestHeld: PacedRun | null;
  /** The highest step with p99 <= P99_STEADY_MS and no errors. */
  highestWithin50: PacedRun | null;
  /** The first step not held had the load generator at its limit: the site may hold more. */
  generatorBound: boolean;
  /** The same steady rates against the static server, up to the first with p99 > P99_STEADY_MS. */
  staticSteps: PacedRun[];
  staticWithin50: PacedRun | null;
}

const log = (line = "") => console.log(line);

export async function measureMix(
  site: RunningSite,
  baseline: RunningStaticServer,
  targets: Targets,
  options: BenchOptions,
): Promise<MixFigures> {
  const sequence = saturdaySequence(targets.mix);
  const shares = Object.entries(SATURDAY_MIX)
    .map(([group, share]) => `${share}% ${group} (${targets.mix[group as keyof typeof SATURDAY_MIX].length} paths)`)
    .join(", ");
  log(`\nSaturday 15:00 mix: ${shares}; each request accepting ${BROWSER_ENCODING}, as a browser's`);
  const siteRuns: ThroughputRun[] = [];
  const staticRuns: ThroughputRun[] = [];
  for (let rep = 0; rep < options.repeat; rep++) {
    const run = {
      paths: sequence,
      connections: options.connections,
      durationS: options.durationS,
      headersOf: browserHeaders,
    };
    siteRuns.push(await measureThroughput({ origin: site.origin, serverPid: site.pid, ...run }));
    staticRuns.push(await measureThroughput({ origin: baseline.origin, serverPid: baseline.pid, ...run }));
  }
  log(table(THROUGHPUT_HEADER, [printThroughputRow("mix, as fast as possible", siteRuns, staticRuns)]));

  // Rising steady rates from a third of the closed-loop throughput until p99 passes the limit.
  const capacity = throughputCells(siteRuns).median;
  const steps: PacedRun[] = [];
  let highestHeld: PacedRun | null = null;
  if (!(capacity > 0)) {
    log("  no 2xx answers in the mix: no steady-rate steps");
    return {
      site: siteRuns,
      static: staticRuns,
      steps,
      highestHeld,
      highestWithin50: null,
      generatorBound: false,
      staticSteps: [],
      staticWithin50: null,
    };
  }
  const increment = Math.max(1, capacity * 0.1);
  // Up to about 2.5 times the closed-loop figure: a short closed-loop run can catch the cache mid-refresh.
  const maxSteps = 22;
  const stepSeconds = Math.max(options.durationS, options.quick ? 2 : 5);
  /** p99 within `limitMs`, no errors and no unexpected answers. */
  const within = (run: PacedRun, limitMs: number) =>
    run.p99Ms <= limitMs && run.errors === 0 && !unexpectedAnswers(run.statuses);
  const held = (run: PacedRun) => within(run, P99_LIMIT_MS);
  const describe = (run: PacedRun) =>
    `  ${formatCount(run.targetRate).padStart(6)} req/s: answered ${formatCount(run.achievedRate)}/s, p50 ${formatMs(run.p50Ms)} ms, p99 ${formatMs(run.p99Ms)} ms` +
    `${describeCache(run.cache) !== "-" ? `, cache ${describeCache(run.cache)}` : ""}, load gen CPU ${generatorLoad([run])}` +
    `${unexpectedAnswers(run.statuses, run.errors) ? `, ${unexpectedAnswers(run.statuses, run.errors)}` : ""} -> ${held(run) ? "held" : "not held"}` +
    `${
      Object.keys(run.missedPaths).length
        ? `; missed: ${Object.entries(run.missedPaths)
            .map(([p, n]) => `${p} ×${n}`)
            .join(", ")}`
        : ""
    }`;
  log(
    `Steady rates (open loop, evenly spaced, ${stepSeconds} s each, at most ${options.connections} in flight; held = p99 <= ${P99_LIMIT_MS} ms, no errors):`,
  );
  /** One steady step at `rate`, recorded and printed. */
  const step = async (rate: number, origin = site.origin, into = steps): Promise<PacedRun> => {
    const run = await measureAtRate({
      origin,
      paths: sequence,
      rate,
      durationS: stepSeconds,
      connections: options.connections,
      headersOf: browserHeaders,
    });
    into.push(run);
    log(describe(run));
    return run;
  };
  let rate = Math.max(1, Math.round(capacity * 0.3));
  for (let i = 0; i < maxSteps; i++) {
    const run = await step(rate);
    if (!held(run)) break;
    highestHeld = run;
    rate = Math.round(rate + increment);
  }
  // Not even the first step held: halve until one does.
  while (!highestHeld && rate > 1) {
    rate = Math.max(1, Math.floor(rate / 2));
    const run = await step(rate);
    if (held(run)) highestHeld = run;
  }
  const firstMissed = steps.find((run) => !held(run));
  if (!firstMissed) log("  every step held: the limit is above the last rate tried");
  const generatorBound = firstMissed !== undefined && firstMissed.generatorCpu >= GENERATOR_SATURATED;
  if (generatorBound) log("  the load generator was at its limit in the step not held: the site may hold more");
  const within50 = steps.filter((run) => within(run, P99_STEADY_MS));
  const highestWithin50 = within50.reduce<PacedRun | null>(
    (best, run) => (best === null || run.targetRate > best.targetRate ? run : best),
    null,
  );

  // The static server at the same rates, until its p99 passes the stricter bound.
  log(
    `The static server at the same steady rates, until p99 > ${P99_STEADY_MS} ms (the generator's and the machine's own limit):`,
  );
  const staticSteps: PacedRun[] = [];
  let staticWithin50: PacedRun | null = null;
  for (const { targetRate } of steps) {
    const run = await step(targetRate, baseline.origin, staticSteps);
    if (!within(run, P99_STEADY_MS)) break;
    staticWithin50 = run;
  }
  if (staticSteps.length > 0 && staticWithin50 === staticSteps[staticSteps.length - 1]) {
    // Every rate the site was tried at: one step further.
    const run = await step(Math.round(staticWithin50.targetRate + increment), baseline.origin, staticSteps);
    if (within(run, P99_STEADY_MS)) staticWithin50 = run;
  }
  return {
    site: siteRuns,
    static: staticRuns,
    steps,
    highestHeld,
    highestWithin50,
    generatorBound,
    staticSteps,
    staticWithin50,
  };
}
