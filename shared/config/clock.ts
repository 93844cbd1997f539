import type { ClockSetting } from "./env";

/** The one source of time for the worker and the site (real, or a replay of the season). */
export interface Clock {
  now(): Date;
  readonly setting: ClockSetting;
}

/**
 * A replay clock starts at its instant when the process starts and runs `speed` times faster
 * than wall time, so a replayed match day moves on while the site is open.
 */
export function createClock(setting: ClockSetting, wallNow: () => number = Date.now): Clock {
  if (setting.kind === "real") return { setting, now: () => new Date(wallNow()) };
  const startedAt = wallNow();
  const start = setting.start.getTime();
  return { setting, now: () => new Date(start + (wallNow() - startedAt) * setting.speed) };
}
