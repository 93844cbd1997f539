/**
 * `npm run check`: the static checks (ESLint with the type check, the formatter, the dependency
 * rules, the OpenAPI description), two at a time. Each is mostly one busy thread, so on a 2-core machine
 * two run in the time of one. Each check's output is printed whole when it ends, with how long it
 * took; the run fails if any check fails, after all have run. `npm test` runs the browser tests'
 * builds (`build:e2e`) the same way, beside ESLint, the longest check: the builds write only
 * ignored output folders that no check reads. Each lane takes the next script in the order given:
 * longest first, so the two lanes end together (npm test: ESLint with the type check about 45 s,
 * the builds 40, the formatter 13, the dependency rules 5, OpenAPI 2).
 *
 *   node --import tsx tests/support/run-checks.ts lint-and-typecheck lint:deps [--parallel 2]
 */
import { spawn } from "node:child_process";

interface Outcome {
  script: string;
  code: number;
  seconds: number;
}

function runScript(script: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const status = code === 0 ? "passed" : `FAILED (${signal ?? `exit code ${code}`})`;
      process.stdout.write(
        `\n== ${script}: ${status} in ${seconds.toFixed(1)} s\n${output.trimEnd()}${output.trim() ? "\n" : ""}`,
      );
      resolve({ script, code: code ?? 1, seconds });
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const parallelAt = args.indexOf("--parallel");
  const parallel = parallelAt >= 0 ? Number(args[parallelAt + 1]) : 2;
  const scripts = args.filter((_, index) => parallelAt < 0 || (index !== parallelAt && index !== parallelAt + 1));
  if (scripts.length === 0 || !Number.isInteger(parallel) || parallel < 1) {
    console.error("usage: run-checks.ts <npm script>... [--parallel N]");
    process.exit(2);
  }
  const queue = [...scripts];
  const outcomes: Outcome[] = [];
  const lane = async () => {
    for (let script = queue.shift(); script; script = queue.shift()) outcomes.push(await runScript(script));
  };
  await Promise.all(Array.from({ length: Math.min(parallel, scripts.length) }, lane));
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  const summary = outcomes.map(
    (outcome) => `${outcome.script} ${outcome.seconds.toFixed(1)} s${outcome.code === 0 ? "" : " FAILED"}`,
  );
  console.log(`\n== checks: ${summary.join(", ")}`);
  if (failed.length > 0) process.exit(1);
}

await main();
