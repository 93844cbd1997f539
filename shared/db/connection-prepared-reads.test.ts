/**
 * Reads drizzle sends are named prepared statements on PostgreSQL (connection-prepared-reads.ts),
 * writes are not, and `?prepare=false` in the URL turns preparing off. Each client here has one
 * connection, so the session's own pg_prepared_statements shows what it prepared.
 */
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPreparedRead, withPreparedReads } from "./connection-prepared-reads";
import { describeOnPostgres } from "./on-postgres";
import { pgTable, text } from "drizzle-orm/pg-core";
import { postgresTestDatabase } from "./test-databases";

/** A table of this file's own. */
const leagues = pgTable("leagues", { key: text("key").primaryKey(), name: text("name").notNull() });

describe("which statements are prepared", () => {
  it("prepares reads with parameters, not writes nor reads without parameters", () => {
    expect(isPreparedRead('select "key" from "leagues" where "leagues"."key" = $1', ["la-liga"])).toBe(true);
    expect(isPreparedRead('with "w" as (select 1) select * from "w" where $1', [true])).toBe(true);
    // A union of limited selects (@shared/db/union-all), as the leaderboards and key players send it.
    expect(isPreparedRead('((select "key" from "leagues" where "key" = $1) union all (select $2))', ["x", "y"])).toBe(
      true,
    );
    expect(isPreparedRead('(select "key" from "leagues" limit $1) union all (select "key" from "leagues")', [1])).toBe(
      true,
    );
    expect(isPreparedRead('select "key" from "leagues"', [])).toBe(false);
    expect(isPreparedRead('select "key" from "leagues"', undefined)).toBe(false);
    expect(isPreparedRead('insert into "leagues" ("key") values ($1)', ["x"])).toBe(false);
    expect(isPreparedRead('update "leagues" set "name" = $1', ["x"])).toBe(false);
    expect(isPreparedRead('delete from "leagues" where "key" = $1', ["x"])).toBe(false);
  });
});

describeOnPostgres("reads as prepared statements on PostgreSQL", (serverUrl) => {
  const testDb = postgresTestDatabase(serverUrl);
  let url: string;
  const clients: Sql[] = [];

  beforeAll(async () => {
    url = await testDb.createDatabase();
    const owner = postgres(url, { max: 1, onnotice: () => {} });
    clients.push(owner);
    await owner.unsafe(`create table leagues (key text primary key, name text not null)`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end({ timeout: 5 })));
    await testDb.dispose();
  });

  /** A drizzle database on one connection of `clientUrl`, with that connection's prepared statements. */
  function openOne(clientUrl: string) {
    const client = postgres(clientUrl, { max: 1, onnotice: () => {} });
    clients.push(client);
    const db = drizzle({ client: withPreparedReads(client) });
    const prepared = async () =>
      (await client<{ statement: string }[]>`select statement from pg_prepared_statements`).map((row) => row.statement);
    return { db, prepared };
  }

  it("sends a read with parameters as a named statement, and answers it the same every time", async () => {
    const { db, prepared } = openOne(url);
    await db.insert(leagues).values([
      { key: "la-liga", name: "La Liga" },
      { key: "serie-a", name: "Serie A" },
    ]);
    for (let run = 0; run < 7; run++) {
      const rows = await db.select({ name: leagues.name }).from(leagues).where(eq(leagues.key, "serie-a"));
      expect(rows).toEqual([{ name: "Serie A" }]);
    }
    expect(await db.select({ name: leagues.name }).from(leagues).where(eq(leagues.key, "la-liga"))).toEqual([
      { name: "La Liga" },
    ]);
    const statements = await prepared();
    expect(statements.filter((text) => text.includes('from "leagues" where "leagues"."key" = $1'))).toHaveLength(1);
    // The insert ran unnamed: nothing of it stays on the connection.
    expect(statements.some((text) => text.startsWith("insert"))).toBe(false);
    // A raw read through drizzle's execute is prepared too when it has parameters.
    await db.execute(sql`select count(*) from leagues where name <> ${"x"}`);
    expect((await prepared()).some((text) => text.includes("from leagues where name <> $1"))).toBe(true);
  });

  it("prepares nothing when the URL says prepare=false", async () => {
    const { db, prepared } = openOne(`${url}${url.includes("?") ? "&" : "?"}prepare=false`);
    expect(await db.select({ name: leagues.name }).from(leagues).where(eq(leagues.key, "la-liga"))).toEqual([
      { name: "La Liga" },
    ]);
    expect(await prepared()).toEqual([]);
  });
});
