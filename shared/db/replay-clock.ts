/**
 * Where a replay stands, shared by every process through the database. A replay clock
 * (`CLOCK=replay:<instant>[,speed=<n>]`) is at its instant at one wall time and runs on from
 * there; that wall time is stored the first time any process starts with the setting, and every
 * later process reads it back. So the web processes and the worker agree on the replay's moment,
 * and a restarted process carries on where the replay is instead of starting it over (live
 * minutes never jump back). Another instant or speed is another replay, anchored afresh.
 * To start a replay over: `DELETE FROM read_models WHERE key LIKE 'replay-clock:%'`, or a new
 * embedded data directory.
 */
import { sql } from "drizzle-orm";
import { createClock, type Clock } from "../config/clock";
import type { ClockSetting } from "../config/env";
import type { DbHandle } from "./index";

/** The read_models key of a replay setting's anchor. */
export function replayClockKey(setting: Extract<ClockSetting, { kind: "replay" }>): string {
  return `replay-clock:${setting.start.toISOString()}:x${setting.speed}`;
}

/**
 * The wall time (ms) at which the replay of `setting` stood at its instant: the stored one, or
 * `wallNow()` stored now when this is the first process to run it. Concurrent first starts
 * agree: one insert wins and both read it back.
 */
export async function replayAnchor(
  db: Pick<DbHandle, "execute">,
  setting: Extract<ClockSetting, { kind: "replay" }>,
  wallNow: () => number = Date.now,
): Promise<number> {
  const key = replayClockKey(setting);
  const payload = JSON.stringify({ wallStartedAt: wallNow() });
  await db.execute(sql`
    insert into read_models (key, inputs, payload) values (${key}, 'replay clock anchor', ${payload}::jsonb)
    on conflict (key) do nothing`);
  const [row] = await db.execute<{ started: string | number }>(
    sql`select payload->>'wallStartedAt' as started from read_models where key = ${key}`,
  );
  const started = Number(row?.started);
  return Number.isFinite(started) ? started : wallNow();
}

/** The process's clock: real time, or the replay at the moment all processes share. */
export async function openClock(
  db: Pick<DbHandle, "execute">,
  setting: ClockSetting,
  wallNow: () => number = Date.now,
): Promise<Clock> {
  if (setting.kind === "real") return createClock(setting, wallNow);
  return createClock(setting, wallNow, await replayAnchor(db, setting, wallNow));
}
