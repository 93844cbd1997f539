import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bumpDataVersions,
  readDataVersions,
  watchDataVersions,
  type DataScope,
  type DataVersions,
} from "./data-versions";
import { openDb, type DbHandle } from "./index";
import { testDatabases } from "./test-databases";

/** Resolves when `versions` reports a change, or rejects after `ms`. */
function nextChange(versions: DataVersions, ms: number): Promise<{ scopes: readonly DataScope[]; afterMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no change within ${ms} ms`)), ms);
    const stop = versions.onChange((scopes) => {
      clearTimeout(timer);
      stop();
      resolve({ scopes, afterMs: performance.now() - started });
    });
  });
}

describe.each(testDatabases())("data versions on $driver", (testDb) => {
  let db: DbHandle;
  let versions: DataVersions;

  beforeAll(async () => {
    db = await testDb.open();
    // A poll far slower than the test waits: a change seen in time came by notification.
    versions = await watchDataVersions(db, { pollMs: 60_000 });
  });
  afterAll(async () => {
    await versions.close();
    await testDb.dispose();
  });

  it("starts at 0 for every scope and bumps only the scopes named", async () => {
    const before = await readDataVersions(db);
    await bumpDataVersions(db, ["live", "live"]);
    expect(await readDataVersions(db)).toEqual({ ...before, live: before.live + 1 });
    await bumpDataVersions(db, []);
    expect(await readDataVersions(db)).toEqual({ ...before, live: before.live + 1 });
  });

  it("moves with the writer's transaction: a rolled-back write bumps nothing", async () => {
    const before = await readDataVersions(db);
    await expect(
      db.db.transaction(async (tx) => {
        await bumpDataVersions(
          { execute: (q) => tx.execute(q).then((r) => (Array.isArray(r) ? r : (r as { rows: never[] }).rows)) },
          ["data"],
        );
        throw new Error("the job failed");
      }),
    ).rejects.toThrow("the job failed");
    expect(await readDataVersions(db)).toEqual(before);
  });

  it("tells a watching process of a bump at once, by notification", async () => {
    // Up to date first: the earlier tests' bumps may still be on their way.
    await versions.refresh();
    const change = nextChange(versions, 2_000);
    await bumpDataVersions(db, ["data", "content"]);
    const { scopes, afterMs } = await change;
    expect(scopes).toEqual(["data", "content"]);
    expect(afterMs).toBeLessThan(1_000);
    expect(versions.current()).toEqual(await readDataVersions(db));
  });

  it("knows when each scope's version last moved, from the database's clock", async () => {
    await versions.refresh();
    const before = versions.changedAt();
    const change = nextChange(versions, 2_000);
    await db.execute("update data_versions set changed_at = now() - interval '1 hour' where scope = 'data'");
    await bumpDataVersions(db, ["live"]);
    await change;
    const [{ now }] = await db.execute<{ now: string | Date }>("select now() as now");
    const changedAt = versions.changedAt();
    expect(changedAt.live!.getTime()).toBeGreaterThan(new Date(now).getTime() - 5_000);
    expect(changedAt.live!.getTime()).toBeGreaterThanOrEqual(before.live?.getTime() ?? 0);
    // A change of the time alone is read too: the age of data is what the table says.
    expect(Math.round((new Date(now).getTime() - changedAt.data!.getTime()) / 60_000)).toBe(60);
  });

  it("catches up by polling when no notification arrives", async () => {
    const polling = await watchDataVersions(db, { pollMs: 50 });
    try {
      const change = nextChange(polling, 2_000);
      // A write that skips the notification, like one made while the listening connection was down.
      await db.execute("update data_versions set version = version + 1 where scope = 'data'");
      expect((await change).scopes).toEqual(["data"]);
      expect(polling.current()).toEqual(await readDataVersions(db));
    } finally {
      await polling.close();
    }
  });
});

// Another web process is another pool: only PostgreSQL has more than one (PGlite is one process).
describe.each(testDatabases().filter((testDb) => testDb.driver === "postgres"))(
  "data versions across pools on $driver",
  (server) => {
    let writer: DbHandle;
    let reader: DbHandle;
    let watching: DataVersions;

    beforeAll(async () => {
      writer = await server.open();
      // A second pool on the same database, as another web process has.
      reader = await openDb({ url: await urlOf(server) });
      watching = await watchDataVersions(reader, { pollMs: 60_000 });
    });
    afterAll(async () => {
      await watching.close();
      await reader.close();
      await server.dispose();
    });

    it("reaches another connection within a second of the commit", async () => {
      const change = nextChange(watching, 2_000);
      await writer.db.transaction(async (tx) => {
        await bumpDataVersions({ execute: (q) => tx.execute(q) as never }, ["live"]);
      });
      const { scopes, afterMs } = await change;
      expect(scopes).toEqual(["live"]);
      expect(afterMs).toBeLessThan(1_000);
    });
  },
);

/** The URL of a test database's own database (the handle's connection options). */
async function urlOf(server: ReturnType<typeof testDatabases>[number]): Promise<string> {
  const handle = await server.open();
  if (handle.driver !== "postgres") throw new Error("PostgreSQL only");
  const { host, port, database, user } = handle.client.options as unknown as {
    host: string[];
    port: number[];
    database: string;
    user: string;
  };
  return `postgres://${user}@${host[0]}:${port[0]}/${database}`;
}
