/** What callers need from an error Postgres raised, the same on both drivers. */
export interface DatabaseError {
  message: string;
  /** SQLSTATE, e.g. '23505' for a unique violation, '23001' for the ledger's append-only rule. */
  code: string;
  /** Name of the violated constraint, when there is one. */
  constraint: string | undefined;
}

/**
 * The database's own error inside whatever was thrown: drizzle wraps it (message "Failed query:
 * ..." with the original as `cause`), and the drivers name the constraint differently (PGlite
 * `constraint`, postgres.js `constraint_name`). Null when the error did not come from Postgres.
 */
export function databaseErrorOf(error: unknown): DatabaseError | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const fields = current as Error & {
      code?: unknown;
      severity?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
    };
    // Server errors carry a severity on both drivers; socket errors (code 'EPIPE'...) do not.
    if (typeof fields.code === "string" && typeof fields.severity === "string") {
      const constraint = fields.constraint ?? fields.constraint_name;
      return {
        message: current.message,
        code: fields.code,
        constraint: typeof constraint === "string" ? constraint : undefined,
      };
    }
  }
  return null;
}

/** Socket and client errors that mean the database cannot be reached right now. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // shared/db/index.ts: no answer within the client's bound (a stalled or blackholed database).
  "QUERY_TIMEOUT",
  "CONNECTION_STALLED",
]);

/**
 * The server's own limits (shared/db/index.ts, DatabaseTimeouts): a statement cancelled by
 * statement_timeout (57014, also an operator's cancel), a lock not granted within lock_timeout
 * (55P03), a session ended by idle_in_transaction_session_timeout (25P03). The database is too
 * slow or too busy to answer now, not wrong: the same answer as out of reach.
 */
const TOO_SLOW_CODES = new Set(["57014", "55P03", "25P03"]);

/**
 * Whether an error says the database is out of reach (refused, reset, timed out, stalled,
 * shutting down, full, too slow to answer within its limits) rather than that a query was wrong:
 * such a request deserves a 503 and a retry later. SQLSTATE class 08 is connection exceptions;
 * 57P01-57P03 a server shutting down or starting; 53300 too many connections.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (UNREACHABLE_CODES.has(code) || TOO_SLOW_CODES.has(code)) return true;
    if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300")
      return true;
  }
  return false;
}
