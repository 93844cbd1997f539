import postgres from "postgres";

/**
 * Global setup of both vitest configs. A run with TEST_DATABASE_URL asked for PostgreSQL: if the
 * server cannot be reached it fails at once with one line, instead of skipping or failing test
 * by test. A run without it says which suites it will skip (the reporter lists them at the end).
 */
export default async function setup(): Promise<void> {
  // Collecting the tests (npm run test:registration) connects to nothing.
  if (process.env.TEST_COLLECT_ONLY) return;
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) {
    console.info(
      "TEST_DATABASE_URL is not set: the database tests run on PGlite only; PostgreSQL-only suites are skipped.",
    );
    return;
  }
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
  } catch (error) {
    const where = safeLocation(url);
    console.error(`TEST_DATABASE_URL is set but PostgreSQL at ${where} cannot be reached: ${(error as Error).message}`);
    process.exit(1);
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** host:port/database, without the credentials. */
function safeLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "(an unparsable URL)";
  }
}
