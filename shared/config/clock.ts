import type { ClockSetting } from "./env";

/** The one source of time for the worker and the site (real, or a replay of the season). */
export interface Clock {
  now(): Date;
  readonly setting: ClockSetting;
}

/**
 * A replay clock is at its instant at wall time `startedAt` and runs `speed` times faster than
 * wall time, so a replayed match day moves on while the site is open. Processes pass the
 * `startedAt` stored in the database (shared/db/replay-clock.ts), so that every process, and one
 * that restarts, stand at the same moment of the replay; by default it is now.
 */
export function createClock(
  setting: ClockSetting,
  wallNow: () => number = Date.now,
  startedAt: number = wallNow(),
): Clock {
  if (setting.kind === "real") return { setting, now: () => new Date(wallNow()) };
  const start = setting.start.getTime();
  return { setting, now: () => new Date(start + (wallNow() - startedAt) * setting.speed) };
}
