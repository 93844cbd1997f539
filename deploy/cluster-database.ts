/**
 * The cluster's database (deploy/cluster.ts): the owner and application roles and the database,
 * created when missing, the migrations run as the owner, then the documented grants
 * (docs/database-roles.md).
 */
import postgres from "postgres";
import { openDb } from "@shared/db";
import { asRole, documentedGrants } from "@shared/db/role-grants";
import type { ClusterOptions } from "./cluster-types";

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

/** Roles and database, created when missing; migrations as the owner; the documented grants. */
export async function prepareDatabase(
  options: Pick<ClusterOptions, "adminUrl" | "database" | "roles">,
): Promise<{ ownerUrl: string; appUrl: string }> {
  for (const name of [options.database, options.roles.owner, options.roles.app]) {
    if (!identifier.test(name)) throw new Error(`"${name}" is not a plain lower-case PostgreSQL name`);
  }
  const admin = postgres(options.adminUrl, { max: 1, onnotice: () => {} });
  try {
    for (const role of [options.roles.owner, options.roles.app]) {
      const [exists] = await admin`select 1 from pg_roles where rolname = ${role}`;
      if (!exists) await admin.unsafe(`create role ${role} login`);
    }
    const [exists] = await admin`select 1 from pg_database where datname = ${options.database}`;
    if (!exists) await admin.unsafe(`create database ${options.database} owner ${options.roles.owner}`);
  } finally {
    await admin.end();
  }
  const onDatabase = (role: string) => {
    const url = new URL(asRole(options.adminUrl, role));
    url.pathname = `/${options.database}`;
    return url.toString();
  };
  const ownerUrl = onDatabase(options.roles.owner);
  // Opening the database as its owner applies the migrations.
  const migrated = await openDb({ url: ownerUrl });
  await migrated.close();
  const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    for (const statement of documentedGrants({ ...options.roles, database: options.database }))
      await owner.unsafe(statement);
  } finally {
    await owner.end();
  }
  return { ownerUrl, appUrl: onDatabase(options.roles.app) };
}
