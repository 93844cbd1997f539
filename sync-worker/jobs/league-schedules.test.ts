import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { LEAGUES } from "@shared/domain/leagues";
import {
  leagueSchedule,
  leagueScheduleKey,
  parseStoredLeagueSchedule,
  type LeagueSchedule,
} from "@shared/domain/matchweeks";
import { directorySource } from "../providers/football-data-csv/source";
import { refreshLeagueSchedules } from "../store/league-schedules";
import { writeSyntheticSeasons } from "../test-support/synthetic-seasons";
import { REPLAY_MOMENT, testWorker, type TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { fixturesAndOddsJob } from "./fixtures-and-odds";
import { jobDbOf } from "./job-db";
import { referenceDataJob } from "./reference-data";

/**
 * The stored schedule of each league season (store/league-schedules.ts), written by the jobs that
 * write fixtures, in their transaction, on made-up Premier League seasons (a round each Saturday
 * from 2 August 2025).
 */
const SEASON = "2526";
const KEY = leagueScheduleKey("premier-league", SEASON);

describe.each(testDatabases())("the stored league schedules on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let dataDir: string;
  const file = () => path.join(dataDir, SEASON, "E0.csv");

  const storedRow = async () =>
    (
      await db.execute<{ inputs: string; payload: unknown; computed_at: unknown }>(
        `select inputs, payload, computed_at from read_models where key = '${KEY}'`,
      )
    )[0];
  const stored = async () => parseStoredLeagueSchedule((await storedRow())?.payload, "premier-league", SEASON, 38);
  /** The schedule as the pages computed it before it was stored: from the season's active fixtures. */
  const computed = async (): Promise<LeagueSchedule> => {
    const rows = await db.execute<{
      id: number;
      kickoff_at: string | Date;
      home_team_id: number;
      away_team_id: number;
    }>(
      `select id, kickoff_at, home_team_id, away_team_id from fixtures where league = 'premier-league' and season = '${SEASON}' and is_active`,
    );
    const matches = rows.map((r) => ({
      id: r.id,
      kickoffAt: new Date(r.kickoff_at),
      homeTeamId: r.home_team_id,
      awayTeamId: r.away_team_id,
    }));
    return leagueSchedule(matches, LEAGUES["premier-league"].matchweeks);
  };
  const dataVersion = async () =>
    Number(
      (await db.execute<{ version: string | number }>(`select version from data_versions where scope = 'data'`))[0]
        ?.version ?? 0,
    );
  /** Moves the file's match `line` (1 is the first match) to `date` (dd/mm/yyyy); returns its clubs. */
  const moveMatch = (line: number, date: string) => {
    const lines = readFileSync(file(), "utf8").trim().split("\n");
    const cells = lines[line].split(",");
    cells[1] = date;
    lines[line] = cells.join(",");
    writeFileSync(file(), `${lines.join("\n")}\n`);
    return { home: cells[3], away: cells[4] };
  };

  beforeAll(async () => {
    db = await testDb.open();
    dataDir = mkdtempSync(path.join(tmpdir(), "fkp-league-schedules-"));
    writeSyntheticSeasons(dataDir, ["2425", SEASON]);
    worker = testWorker(db, { now: REPLAY_MOMENT, source: directorySource(dataDir), backfillSeasons: 2 });
  });

  afterAll(async () => {
    await testDb.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores each league season's schedule with its fixtures: exactly what leagueSchedule computes from them", async () => {
    expect((await worker.run(referenceDataJob)).status).toBe("ok");
    expect(await storedRow()).toBeUndefined();
    expect((await worker.run(backfillJob)).status).toBe("ok");

    const schedule = await stored();
    expect(schedule).not.toBeNull();
    expect(schedule).toEqual(await computed());
    expect(schedule!.centres.size).toBe(38);
    expect(schedule!.placements.size).toBe(380);
    expect((await storedRow()).inputs).toMatch(/^v1; 380 fixtures; fixtures:[0-9a-f]{32}; sha256:[0-9a-f]{64}$/);
    // The finished season has its own.
    const [finished] = await db.execute<{ payload: unknown }>(
      `select payload from read_models where key = '${leagueScheduleKey("premier-league", "2425")}'`,
    );
    expect(parseStoredLeagueSchedule(finished?.payload, "premier-league", "2425", 38)?.centres.size).toBe(38);
  });

  it("writes nothing when the fixtures did not change", async () => {
    const before = await storedRow();
    const version = await dataVersion();
    const again = await worker.run(fixturesAndOddsJob);
    expect(again).toMatchObject({ status: "ok", rowsWritten: 0 });
    expect(await refreshLeagueSchedules(jobDbOf(db), [{ league: "premier-league", season: SEASON }])).toBe(0);
    expect(await storedRow()).toEqual(before);
    expect(await dataVersion()).toBe(version);
  });

  it("computes the schedule again when a fixture moves, with the fixture, and bumps the data version", async () => {
    const version = await dataVersion();
    // The match opening round 20 (Saturday 13 December) played on Wednesday 7 January instead.
    moveMatch(1 + 19 * 10, "07/01/2026");
    const run = await worker.run(fixturesAndOddsJob);
    expect(run.status).toBe("ok");
    // The fixture and its season's schedule, at least.
    expect(run.rowsWritten).toBeGreaterThanOrEqual(2);
    expect(await dataVersion()).toBeGreaterThan(version);

    const schedule = (await stored())!;
    expect(schedule).toEqual(await computed());
    const [moved] = await db.execute<{ id: number }>(
      `select id from fixtures where league = 'premier-league' and season = '${SEASON}' and kickoff_at::date = '2026-01-07'`,
    );
    expect(schedule.placements.get(moved.id)).toEqual({ matchweek: 24, moved: true });
    expect([...schedule.placements.values()].filter((p) => p.moved)).toHaveLength(1);

    // A second run finds nothing new.
    expect(await worker.run(fixturesAndOddsJob)).toMatchObject({ status: "ok", rowsWritten: 0 });
  });

  it("follows a fixture changed in the database by the next refresh", async () => {
    const [first] = await db.execute<{ id: number; kickoff_at: string | Date }>(
      `select id, kickoff_at from fixtures where league = 'premier-league' and season = '${SEASON}' order by kickoff_at, id limit 1`,
    );
    await db.execute(`update fixtures set is_active = false where id = ${first.id}`);
    try {
      expect(await refreshLeagueSchedules(jobDbOf(db), [{ league: "premier-league", season: SEASON }])).toBe(1);
      const schedule = (await stored())!;
      expect(schedule.placements.has(first.id)).toBe(false);
      expect(schedule).toEqual(await computed());
    } finally {
      await db.execute(`update fixtures set is_active = true where id = ${first.id}`);
      await refreshLeagueSchedules(jobDbOf(db), [{ league: "premier-league", season: SEASON }]);
    }
    expect((await stored())!.placements.has(first.id)).toBe(true);
  });
});
