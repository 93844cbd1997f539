/**
 * The cluster's processes (deploy/cluster.ts): each started in a process group of its own with
 * its output kept and passed on line by line, waited for until it answers, and stopped with
 * SIGTERM (SIGKILL after a timeout) so that it can finish its open requests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ClusterOptions } from "./cluster-types";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface Managed {
  name: string;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

export function launch(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  onLine?: ClusterOptions["onLine"],
): Managed {
  const child = spawn(command, args, {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const managed: Managed = {
    name,
    child,
    output: "",
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  let pending = "";
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    managed.output += text;
    if (!onLine) return;
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(name, line);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return managed;
}

export async function waitFor(
  what: string,
  managed: Managed,
  ready: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (managed.child.exitCode !== null)
      throw new Error(`${what} exited with code ${managed.child.exitCode}:\n${managed.output.slice(-4_000)}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s:\n${managed.output.slice(-4_000)}`);
}

export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export async function stopProcess(managed: Managed, timeoutMs = 15_000): Promise<void> {
  if (managed.child.exitCode !== null || managed.child.signalCode !== null || !managed.child.pid) return;
  try {
    process.kill(-managed.child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-managed.child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, timeoutMs);
  await managed.exited;
  clearTimeout(timer);
}
