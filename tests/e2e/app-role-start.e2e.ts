/**
 * The production roles of docs/database-roles.md on PostgreSQL: the owner migrates
 * (`npm run db:migrate` with MIGRATION_DATABASE_URL) and runs the documented grants, and the
 * web process, given only the application role's DATABASE_URL, starts and serves while no
 * migration is pending. With one pending it refuses to start, saying which and what to run.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnPostgres } from "@shared/db/on-postgres";
import { startSite } from "./support/site";
import { documentedGrants } from "@shared/db/role-grants";

const root = path.resolve(import.meta.dirname, "../..");

describeOnPostgres("the site started with only the application role's DATABASE_URL", (server) => {
  const suffix = randomBytes(4).toString("hex");
  const roles = { owner: `site_owner_${suffix}`, app: `site_app_${suffix}` };
  const database = `app_role_e2e_${suffix}`;
  const urlAs = (role: string) => {
    const url = new URL(server);
    url.username = role;
    url.password = "";
    url.pathname = `/${database}`;
    return url.toString();
  };
  let admin: Sql;
  let owner: Sql;

  beforeAll(async () => {
    admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create role ${roles.owner} login`);
    await admin.unsafe(`create role ${roles.app} login`);
    await admin.unsafe(`create database ${database} owner ${roles.owner}`);

    // As docs/database-roles.md says: migrate as the owner, then grant.
    const migrate = spawnSync(process.execPath, ["--import", "tsx", "shared/db/migrate-cli.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        MIGRATION_DATABASE_URL: urlAs(roles.owner),
      },
      encoding: "utf8",
    });
    expect(migrate.status, migrate.stderr).toBe(0);
    owner = postgres(urlAs(roles.owner), { max: 1, onnotice: () => {} });
    for (const statement of documentedGrants({ ...roles, database })) await owner.unsafe(statement);
  });

  afterAll(async () => {
    await owner?.end();
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.unsafe(`drop role if exists ${roles.app}`);
    await admin.unsafe(`drop role if exists ${roles.owner}`);
    await admin.end();
  });

  it("starts and serves while no migration is pending", async () => {
    const site = await startSite({ DATABASE_URL: urlAs(roles.app), WORKER: "off" });
    try {
      expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${site.url}/premier-league-predictions`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });

  it("refuses to start with a migration pending, saying which and what to run", async () => {
    const [last] = await owner<{ id: number; hash: string; created_at: string }[]>`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
      returning id, hash, created_at::text`;
    try {
      const failure = await startSite({ DATABASE_URL: urlAs(roles.app), WORKER: "off" }).then(
        async (site) => {
          await site.stop();
          return "it started";
        },
        // The process logs JSON lines: its message with the quotes unescaped.
        (error: unknown) => (error as Error).message.replaceAll('\\"', '"'),
      );
      expect(failure).toContain("The site could not start: 1 database migration is pending");
      expect(failure).toContain(`the role "${roles.app}" may not apply them`);
      expect(failure).toContain("npm run db:migrate");
    } finally {
      await owner`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`;
    }
  });
});
