/**
 * One URL at a time, hits only, with wrk (`npm run bench:web -- --proxy`, proxy-bench.ts): a web
 * process answering from its page cache, Varnish in front of it, and the static baseline of
 * bench:web (the same bytes from memory, from a bare node:http server: what the live API's
 * target, 0.8x static, is judged against), taking turns, on the server core. wrk is C: on one
 * core it drives far more than a load generator in Node.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { LOAD_CORE, canPin } from "./cpu-pinning";
import { saveSnapshot } from "./page-snapshot";
import { startStaticServer } from "./site-process";
import { formatRatio, table } from "./stats";

interface WrkRun {
  perSecond: number;
  p99: string;
}

/**
 * What wrk's requests accept: browsers all take gzip, and Varnish keeps pages gzipped (it would
 * unzip each answer for a client that did not accept it).
 */
const WRK_ENCODING = "gzip";

/** The run with the median rate. */
function medianRun(runs: readonly WrkRun[]): WrkRun {
  return [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor((runs.length - 1) / 2)];
}

/** wrk's answers per second for one URL, and its p99; null when wrk failed. */
function wrkRate(url: string, accept: string, seconds: number): WrkRun | null {
  const args = [
    "-t1",
    "-c32",
    `-d${seconds}s`,
    "--latency",
    "-H",
    `Accept: ${accept}`,
    "-H",
    `Accept-Encoding: ${WRK_ENCODING}`,
    url,
  ];
  const command = canPin()
    ? { file: "taskset", args: ["-c", String(LOAD_CORE), "wrk", ...args] }
    : { file: "wrk", args };
  const run = spawnSync(command.file, command.args, { encoding: "utf8" });
  if (run.status !== 0) return null;
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1] ?? NaN);
  const p99 = /\s99%\s+(\S+)/.exec(run.stdout)?.[1] ?? "?";
  return Number.isFinite(perSecond) ? { perSecond, p99 } : null;
}

/** Prints the table: each page's answers/s and p99 from the three servers, and their ratios. */
export async function compareOneUrl(options: {
  web: string;
  proxy: string;
  /** Label, path (pages without one are left out) and Accept of each page measured. */
  pages: readonly (readonly [label: string, path: string | undefined, accept: string])[];
  /** Where the static server's copy of the pages is saved. */
  workDir: string;
  rounds: number;
  durationS: number;
}): Promise<void> {
  if (spawnSync("wrk", ["--version"], { stdio: "ignore" }).error !== undefined) {
    console.log("\n(wrk is not installed: apt-get install wrk for the one-URL figures)");
    return;
  }
  const { web, proxy, rounds, durationS } = options;
  const pages = options.pages.flatMap(([label, pagePath, accept]) =>
    pagePath === undefined ? [] : [{ label, pagePath, accept }],
  );
  const snapshotDir = path.join(options.workDir, "static-pages");
  await saveSnapshot(
    web,
    pages.map((page) => page.pagePath),
    snapshotDir,
    { "accept-encoding": WRK_ENCODING },
  );
  const baseline = await startStaticServer(snapshotDir);
  try {
    console.log(
      `\nOne URL, hits, with wrk accepting ${WRK_ENCODING} (answers/s, median of ${rounds} round(s) taking turns, and p99; the topology and the static server on one core):`,
    );
    const rows: string[][] = [];
    for (const { label, pagePath, accept } of pages) {
      const runs = { node: [] as WrkRun[], varnish: [] as WrkRun[], static: [] as WrkRun[] };
      for (let round = 0; round < rounds; round++) {
        for (const [kind, origin] of [
          ["node", web],
          ["varnish", proxy],
          ["static", baseline.origin],
        ] as const) {
          const run = wrkRate(`${origin}${pagePath}`, accept, durationS);
          if (run) runs[kind].push(run);
        }
      }
      if (!runs.node.length || !runs.varnish.length || !runs.static.length) continue;
      const node = medianRun(runs.node);
      const varnish = medianRun(runs.varnish);
      const bare = medianRun(runs.static);
      rows.push([
        label,
        node.perSecond.toFixed(0),
        node.p99,
        varnish.perSecond.toFixed(0),
        varnish.p99,
        bare.perSecond.toFixed(0),
        bare.p99,
        formatRatio(varnish.perSecond / node.perSecond),
        formatRatio(node.perSecond / bare.perSecond),
        formatRatio(varnish.perSecond / bare.perSecond),
      ]);
    }
    console.log(
      table(
        [
          "",
          "web process",
          "p99",
          "Varnish",
          "p99",
          "static",
          "p99",
          "Varnish / process",
          "process / static",
          "Varnish / static",
        ],
        rows,
      ),
    );
  } finally {
    await baseline.stop();
  }
}
