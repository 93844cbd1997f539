/**
 * The database package's public entry, imported as `@shared/db` by the web app, the worker and
 * the tools: it re-exports opening the database (connection.ts) and its types
 * (connection-types.ts), the bounded Postgres client (connection-postgres.ts) with its timeouts
 * (connection-timeouts.ts), the schema, and reading the errors Postgres raises (errors.ts).
 */
import * as schema from "./schema";

export { schema };
export { databaseErrorOf, type DatabaseError } from "./errors";

export type { Database, DbHandle, Driver, MigrationReport, OpenDbOptions, Schema } from "./connection-types";
export { DEFAULT_PGLITE_DATA_DIR, openDb } from "./connection";
export {
  CONNECT_TIMEOUT_SECONDS,
  DatabaseTimeoutError,
  KEEPALIVE_SECONDS,
  MIGRATION_DATABASE_TIMEOUTS,
  reconnectDelaySeconds,
  WEB_DATABASE_TIMEOUTS,
  WORKER_DATABASE_TIMEOUTS,
  type DatabaseTimeouts,
} from "./connection-timeouts";
export { connectPostgres, type PostgresClientOptions } from "./connection-postgres";
