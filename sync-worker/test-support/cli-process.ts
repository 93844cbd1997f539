/**
 * The worker's command line as a real child process, for tests that stop, kill and restart it:
 * its output so far, its exit, and a wait for a line of output.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the output matches; rejects if the process exits first or the time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/** `node sync-worker/cli.ts …args` with only PATH, HOME, NODE_ENV=test and `env`. */
export function startCli(args: readonly string[], env: Record<string, string>): CliProcess {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "sync-worker/cli.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const watchers: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => pattern.test(output) && resolve();
        watchers.push(check);
        check();
        void exited.then(() => reject(new Error(`the worker exited before printing ${pattern}:\n${output}`)));
        setTimeout(
          () => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output.slice(-4000)}`)),
          timeoutMs,
        ).unref();
      }),
  };
}
