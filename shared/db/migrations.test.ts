import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAGUE_KEYS } from "../domain/leagues";
import { openDb, type DbHandle } from "./index";
import { testDatabases } from "./test-databases";

const journal = JSON.parse(await readFile(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: { tag: string }[];
};
const allTags = journal.entries.map((entry) => entry.tag);

async function countAppliedMigrations(handle: DbHandle): Promise<number> {
  const [row] = await handle.execute<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row.n;
}

describe.each(testDatabases({ fromScratch: true }))("migrations on $driver", (testDb) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("applies every migration to a fresh database and fills the leagues", async () => {
    expect(handle.migrations).toEqual({ applied: allTags, total: allTags.length });
    expect(await countAppliedMigrations(handle)).toBe(allTags.length);

    const tables = await handle.execute<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(["fixtures", "pick_ledger", "predictions", "teams", "standing_rows", "sync_runs"]),
    );

    const leagues = await handle.db.query.leagues.findMany({ orderBy: (l, { asc }) => asc(l.apiFootballId) });
    expect(leagues.map((l) => l.key).sort()).toEqual([...LEAGUE_KEYS].sort());
    expect(leagues.find((l) => l.key === "premier-league")).toMatchObject({
      apiFootballId: 39,
      footballDataCode: "E0",
    });
  });

  it("re-applying is a no-op", async () => {
    expect(await handle.applyMigrations()).toEqual({ applied: [], total: allTags.length });
    expect(await countAppliedMigrations(handle)).toBe(allTags.length);
    const [row] = await handle.execute<{ n: number }>(`select count(*)::int as n from leagues`);
    expect(row.n).toBe(LEAGUE_KEYS.length);
  });

  it("concurrent migration runs on one handle all succeed", async () => {
    const reports = await Promise.all([1, 2, 3].map(() => handle.applyMigrations()));
    expect(reports.every((r) => r.applied.length === 0)).toBe(true);
    expect(await countAppliedMigrations(handle)).toBe(allTags.length);
  });
});

// Several processes racing to migrate one database only exists on a server; PGlite is one process.
for (const testDb of testDatabases({ fromScratch: true }).filter((d) => d.driver === "postgres")) {
  describe("migrations on a shared Postgres server", () => {
    afterAll(() => testDb.dispose());

    it("processes opening a new database at the same time migrate it once", async () => {
      const url = await testDb.createDatabase();
      const handles = await Promise.all([1, 2, 3].map(() => openDb({ url })));
      try {
        const applied = handles.map((h) => h.migrations.applied);
        expect(applied.filter((tags) => tags.length === allTags.length)).toHaveLength(1);
        expect(applied.filter((tags) => tags.length === 0)).toHaveLength(2);
        expect(await countAppliedMigrations(handles[0])).toBe(allTags.length);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  });
}

describe("PGlite data directory", () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), "pglite-"));
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it("is created when missing, keeps its data, and is not migrated twice", async () => {
    const dataDir = path.join(parent, "nested", "pglite");
    const first = await openDb({ dataDir });
    expect(first.driver).toBe("pglite");
    expect(first.migrations.applied).toEqual(allTags);
    await first.execute(`insert into sync_runs (job) values ('persistence-check')`);
    await first.close();

    const reopened = await openDb({ dataDir });
    try {
      expect(reopened.migrations.applied).toEqual([]);
      const rows = await reopened.execute<{ job: string }>(`select job from sync_runs`);
      expect(rows).toEqual([{ job: "persistence-check" }]);
    } finally {
      await reopened.close();
    }
  });

  it("refuses a second opener while the first has it, and takes over a lock its dead owner left", async () => {
    const dataDir = path.join(parent, "locked");
    const first = await openDb({ dataDir });
    try {
      await expect(openDb({ dataDir })).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by another process (pid ${process.pid}). Stop that process, or set PGLITE_DATA_DIR to another directory.`,
      );
    } finally {
      await first.close();
    }
    const finished = spawnSync(process.execPath, ["-e", "process.pid"]);
    await writeFile(`${dataDir}.lock`, String(finished.pid));
    const second = await openDb({ dataDir });
    expect(await readFile(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    await second.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
