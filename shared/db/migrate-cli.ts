/**
 * `npm run db:migrate`: applies the migrations to Postgres when MIGRATION_DATABASE_URL (the
 * schema owner's connection) or DATABASE_URL is set, otherwise to the embedded PGlite database in
 * PGLITE_DATA_DIR (default .data/pglite), and says what it did.
 */
import path from "node:path";
import { DEFAULT_PGLITE_DATA_DIR, openDb, type OpenDbOptions } from "./index";

function describeTarget(options: OpenDbOptions): string {
  if (options.url) {
    const url = new URL(options.url);
    if (url.password) url.password = "***";
    return `Postgres ${url.toString()}`;
  }
  return `PGlite ${options.dataDir}`;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.MIGRATION_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
  const options: OpenDbOptions = databaseUrl
    ? { url: databaseUrl }
    : { dataDir: path.resolve(process.env.PGLITE_DATA_DIR?.trim() || DEFAULT_PGLITE_DATA_DIR) };

  let target: string;
  try {
    target = describeTarget(options);
  } catch {
    console.error(
      "db:migrate: MIGRATION_DATABASE_URL or DATABASE_URL is not a valid URL (expected postgres://user@host:5432/database).",
    );
    process.exitCode = 1;
    return;
  }

  const startedAt = performance.now();
  try {
    const handle = await openDb(options);
    await handle.close();
    const { applied, total } = handle.migrations;
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    if (applied.length === 0) {
      console.log(`db:migrate: ${target} is up to date (${total} migrations, ${seconds}s).`);
    } else {
      console.log(`db:migrate: applied ${applied.length} of ${total} migrations to ${target} in ${seconds}s:`);
      for (const tag of applied) console.log(`  ${tag}`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`db:migrate: migrating ${target} failed: ${message}`);
    process.exitCode = 1;
  }
}

await main();
