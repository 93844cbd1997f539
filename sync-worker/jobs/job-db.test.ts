import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { analyzeAfterWrites, jobDbOf } from "./job-db";
import type { JobDb } from "./types";

describe.each(testDatabases())("analyzeAfterWrites on $driver", (testDb) => {
  let handle: DbHandle;
  let db: JobDb;
  const counted = async () =>
    Number(
      (
        await db.execute<{ n: string | number }>(
          sql`select reltuples as n from pg_class where oid = 'written'::regclass`,
        )
      )[0].n,
    );
  const write = (from: number, to: number) =>
    db.execute(sql`insert into written select g, g % 7 from generate_series(${from}::int, ${to}::int) g`);

  beforeAll(async () => {
    handle = await testDb.open();
    db = jobDbOf(handle);
    await db.execute(sql`create table written (id int primary key, kind int not null)`);
  });
  afterAll(() => testDb.dispose());

  it("analyzes a table never analyzed, then again once the rows written pass 50 plus a tenth of those counted", async () => {
    await write(1, 300);
    expect(await counted()).toBeLessThan(1);
    expect(await analyzeAfterWrites(db, "written", 300)).toBe(true);
    expect(await counted()).toBe(300);

    await write(301, 380);
    // 80 rows: not more than 50 + 30.
    expect(await analyzeAfterWrites(db, "written", 80)).toBe(false);
    expect(await counted()).toBe(300);
    await write(381, 400);
    expect(await analyzeAfterWrites(db, "written", 100)).toBe(true);
    expect(await counted()).toBe(400);
  });

  it("does nothing when nothing was written or the table does not exist, and refuses what is not a table name", async () => {
    expect(await analyzeAfterWrites(db, "written", 0)).toBe(false);
    expect(await analyzeAfterWrites(db, "no_such_table", 1000)).toBe(false);
    await expect(analyzeAfterWrites(db, "written; drop table written", 1000)).rejects.toThrow(/not a table name/);
    expect(await counted()).toBe(400);
  });
});
