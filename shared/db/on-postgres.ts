/**
 * Suites that need a PostgreSQL server itself (roles, several processes on one database, a
 * killed worker, a cut connection), not just "a database": PGlite runs everything else.
 *
 * With TEST_DATABASE_URL set the suite runs on that server. Without it (a laptop with no
 * PostgreSQL) the suite is still registered, skipped, with the reason in its title, so vitest
 * counts its tests as skipped and the skipped-suites reporter prints one line for it. A file
 * whose only suite needs PostgreSQL therefore never ends up with no suite at all ("No test
 * suite found in file").
 *
 * If TEST_DATABASE_URL is set and the server cannot be reached, the run fails: see
 * tests/support/postgres-reachable.ts, the global setup of both vitest configs.
 */
import { describe } from "vitest";

export const NEEDS_POSTGRES = "skipped: needs PostgreSQL, set TEST_DATABASE_URL";

/** The server PostgreSQL-only suites run on, or undefined when the run has none. */
export function postgresTestServerUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/**
 * describe() for a suite that needs PostgreSQL: `body` gets the server's URL. Without a server
 * the suite is skipped (its hooks and tests never run) and `body` only registers them, with a
 * URL that names no server.
 */
export function describeOnPostgres(title: string, body: (serverUrl: string) => void): void {
  const serverUrl = postgresTestServerUrl();
  if (serverUrl) describe(title, () => body(serverUrl));
  else describe.skip(`${title} (${NEEDS_POSTGRES})`, () => body("postgres://no-server.invalid/none"));
}
