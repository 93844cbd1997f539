/** Statements built once per database and name (prepared-queries.ts), on each test database. */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./index";
import { anyOf, listPlaceholders, preparedQuery } from "./prepared-queries";
import { countQueries } from "./query-count";
import { leagues } from "./schema";
import { testDatabases } from "./test-databases";

describe("listPlaceholders", () => {
  it("names a placeholder per value, in order", () => {
    expect(listPlaceholders("id", [7, 9, 7])).toEqual({
      names: ["id0", "id1", "id2"],
      values: { id0: 7, id1: 9, id2: 7 },
    });
    expect(listPlaceholders("id", [])).toEqual({ names: [], values: {} });
  });
});

describe.each(testDatabases())("preparedQuery on $driver", (testDb) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  const byKey = (keys: readonly string[]) => {
    const list = listPlaceholders("key", keys);
    return preparedQuery(handle.db, `test:leagues-by-key:${keys.length}`, (db) =>
      db
        .select({ key: leagues.key, name: leagues.name })
        .from(leagues)
        .where(
          inArray(
            leagues.key,
            list.names.map((name) => sql.placeholder(name)),
          ),
        )
        .orderBy(leagues.key),
    ).execute(list.values);
  };

  it("builds a statement once per name and runs it with each call's values, as the builder would", async () => {
    let built = 0;
    const one = (key: string) =>
      preparedQuery(handle.db, "test:league-by-key", (db) => {
        built += 1;
        return db
          .select({ name: leagues.name })
          .from(leagues)
          .where(eq(leagues.key, sql.placeholder("key")));
      }).execute({ key });
    expect(await one("serie-a")).toEqual([{ name: "Serie A" }]);
    expect(await one("la-liga")).toEqual([{ name: "La Liga" }]);
    expect(await one("nowhere")).toEqual([]);
    expect(built).toBe(1);
    // Each run is one statement, counted as any other.
    const { queries } = await countQueries(() => one("ligue1"));
    expect(queries).toBe(1);
  });

  it("keeps a statement per length of an IN list", async () => {
    expect((await byKey(["serie-a", "la-liga"])).map((row) => row.key)).toEqual(["la-liga", "serie-a"]);
    expect((await byKey(["bundesliga"])).map((row) => row.key)).toEqual(["bundesliga"]);
    expect((await byKey(["ligue1", "premier-league"])).map((row) => row.key)).toEqual(["ligue1", "premier-league"]);
    expect(
      preparedQuery(handle.db, "test:leagues-by-key:2", () => {
        throw new Error("built again");
      }),
    ).toBeDefined();
  });

  it("reads a list of any length with one statement through anyOf, text or integers", async () => {
    let built = 0;
    const byKeys = (keys: string[]) =>
      preparedQuery(handle.db, "test:leagues-any", (db) => {
        built += 1;
        return db
          .select({ key: leagues.key })
          .from(leagues)
          .where(anyOf(leagues.key, "keys", "text"))
          .orderBy(leagues.key);
      }).execute({ keys });
    expect((await byKeys(["serie-a", "la-liga"])).map((row) => row.key)).toEqual(["la-liga", "serie-a"]);
    expect((await byKeys(["bundesliga", "x'); drop table leagues; --"])).map((row) => row.key)).toEqual(["bundesliga"]);
    expect(await byKeys([])).toEqual([]);
    expect(built).toBe(1);

    const [serieA] = await handle.db
      .select({ id: leagues.apiFootballId })
      .from(leagues)
      .where(eq(leagues.key, "serie-a"));
    const byIds = (ids: number[]) =>
      preparedQuery(handle.db, "test:leagues-any-id", (db) =>
        db
          .select({ key: leagues.key })
          .from(leagues)
          .where(anyOf(leagues.apiFootballId, "ids", "integer")),
      ).execute({ ids });
    expect(await byIds([serieA.id, -1, serieA.id])).toEqual([{ key: "serie-a" }]);
    expect(await byIds([-1])).toEqual([]);
  });
});
