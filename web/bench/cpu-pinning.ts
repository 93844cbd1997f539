/**
 * CPU pinning for fair measurements on a small machine: the server under test runs on one core
 * and the load generator on another, so they do not steal each other's time. Uses `taskset`
 * (util-linux) when it is installed and the machine has at least two cores; otherwise nothing
 * is pinned and the reports say so.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";

/** The core of the server under test and the core of the load generator. */
export const SERVER_CORE = 0;
export const LOAD_CORE = 1;

let available: boolean | undefined;

/** Whether processes can be pinned: `taskset` exists and there are two cores to split. */
export function canPin(): boolean {
  if (available === undefined) {
    const probe = spawnSync("taskset", ["--version"], { stdio: "ignore" });
    available = probe.status === 0 && os.availableParallelism() >= 2;
  }
  return available;
}

/** The command and arguments that run `command` on `core` (unchanged when pinning is unavailable). */
export function pinnedCommand(
  core: number,
  command: string,
  args: readonly string[],
): { command: string; args: string[] } {
  return canPin() ? { command: "taskset", args: ["-c", String(core), command, ...args] } : { command, args: [...args] };
}

/** Moves this process and all its threads to `core`; false when that is not possible. */
export function pinThisProcess(core: number): boolean {
  if (!canPin()) return false;
  const result = spawnSync("taskset", ["-a", "-c", "-p", String(core), String(process.pid)], { stdio: "ignore" });
  return result.status === 0;
}

/** One line for the report header. */
export function describePinning(pinned: boolean): string {
  return pinned
    ? `server pinned to CPU ${SERVER_CORE}, load generator on CPU ${LOAD_CORE} (taskset)`
    : `nothing pinned (${canPin() ? "taskset failed" : "taskset or a second core missing"}): server and load generator share ${os.availableParallelism()} core(s)`;
}
