/**
 * PostgreSQL only (roles are the server's): with the production roles of docs/database-roles.md
 * (an owner that migrates, an application role with the documented grants), a process given only
 * the application role's DATABASE_URL opens the database while no migration is pending, creating
 * nothing; with one pending, or without the grants it needs to check, it fails saying exactly
 * what to do.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDb, type DbHandle } from "./index";
import { describeOnPostgres } from "./on-postgres";
import { postgresTestDatabase } from "./test-databases";
import { asRole, documentedGrants } from "./role-grants";

const journal = JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: { tag: string }[];
};
const allTags = journal.entries.map((entry) => entry.tag);

async function openingError(url: string): Promise<Error> {
  const opened = await openDb({ url }).then(
    async (handle) => {
      await handle.close();
      return null;
    },
    (error: unknown) => error as Error,
  );
  if (!opened) throw new Error("expected opening the database to fail, but it opened");
  return opened;
}

describeOnPostgres("starting with only the application role's DATABASE_URL on PostgreSQL", (serverUrl) => {
  const testDb = postgresTestDatabase(serverUrl);
  const suffix = randomBytes(4).toString("hex");
  const roles = { owner: `start_owner_${suffix}`, app: `start_app_${suffix}` };
  let admin: Sql;
  let owner: Sql;
  let ownerUrl: string;
  let appUrl: string;

  beforeAll(async () => {
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create role ${roles.owner} login`);
    await admin.unsafe(`create role ${roles.app} login`);
    const url = await testDb.createDatabase();
    const database = new URL(url).pathname.slice(1);
    await admin.unsafe(`alter database "${database}" owner to ${roles.owner}`);
    ownerUrl = asRole(url, roles.owner);
    appUrl = asRole(url, roles.app);

    const migrated = await openDb({ url: ownerUrl });
    expect(migrated.migrations.applied).toEqual(allTags);
    await migrated.close();
    owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    for (const statement of documentedGrants({ ...roles, database })) await owner.unsafe(statement);
  });

  afterAll(async () => {
    await owner?.end();
    await testDb.dispose();
    await admin.unsafe(`drop role if exists ${roles.app}`);
    await admin.unsafe(`drop role if exists ${roles.owner}`);
    await admin.end();
  });

  it("opens while no migration is pending, reading the migrations table only", async () => {
    const app: DbHandle = await openDb({ url: appUrl });
    try {
      expect(app.migrations).toEqual({ applied: [], total: allTags.length });
      const [who] = await app.execute<{ user: string; creates: boolean }>(
        `select current_user as user, has_schema_privilege(current_user, 'drizzle', 'CREATE') as creates`,
      );
      expect(who).toEqual({ user: roles.app, creates: false });
    } finally {
      await app.close();
    }
  });

  it("with a migration pending, says which and how to apply it as the owner", async () => {
    const [last] = await owner<{ id: number; hash: string; created_at: string }[]>`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
      returning id, hash, created_at::text`;
    try {
      const error = await openingError(appUrl);
      expect(error.message).toContain(
        `1 database migration is pending (${allTags.at(-1)}) and the role "${roles.app}" may not apply them`,
      );
      expect(error.message).toContain("permission denied");
      expect(error.message).toContain("MIGRATION_DATABASE_URL=postgres://<owner>@<host>/<database> npm run db:migrate");
      expect(error.message).toContain("or set MIGRATION_DATABASE_URL for this process");
    } finally {
      await owner`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`;
    }
    const app = await openDb({ url: appUrl });
    expect(app.migrations.applied).toEqual([]);
    await app.close();
  });

  it("without the grant to read the migrations table, names the grants it needs", async () => {
    await owner.unsafe(`revoke select on drizzle.__drizzle_migrations from ${roles.app}`);
    try {
      const error = await openingError(appUrl);
      expect(error.message).toContain(`The role "${roles.app}" may not read which migrations the database has`);
      expect(error.message).toContain("GRANT SELECT ON drizzle.__drizzle_migrations");
    } finally {
      await owner.unsafe(`grant select on drizzle.__drizzle_migrations to ${roles.app}`);
    }
  });
});
