/** Progress of a long job for people: a bar on a terminal, a line per tenth otherwise. */
import type { ProgressReporter } from "./jobs/types";
import type { Logger } from "./log";

const BAR_WIDTH = 30;

export function terminalProgress(job: string, stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  return (done, total, label) => {
    const filled = Math.round((BAR_WIDTH * done) / Math.max(total, 1));
    const bar = `${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}`;
    stream.write(`\r${job} [${bar}] ${done}/${total} ${label}`.padEnd(80));
    if (done === total) stream.write("\n");
  };
}

export function loggedProgress(job: string, log: Logger): ProgressReporter {
  let lastTenth = -1;
  return (done, total, label) => {
    const tenth = Math.floor((10 * done) / Math.max(total, 1));
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    log.info(`${job}: ${done}/${total} (${Math.round((100 * done) / Math.max(total, 1))}%), last ${label}`);
  };
}

/** The bar when writing to a terminal, lines otherwise. */
export function progressFor(job: string, log: Logger): ProgressReporter {
  return process.stderr.isTTY ? terminalProgress(job) : loggedProgress(job, log);
}
