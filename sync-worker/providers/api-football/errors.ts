/**
 * What can go wrong talking to API-Football, one class per way the caller reacts: retry later,
 * fix the configuration, or stop for the day. Every message names the endpoint.
 */

export abstract class ApiFootballError extends Error {
  /** Whether the same request may succeed if sent again after a pause. */
  abstract readonly retryable: boolean;

  constructor(
    readonly endpoint: string,
    /** What went wrong, without the endpoint. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`API-Football /${endpoint}: ${detail}`, options);
    this.name = new.target.name;
  }
}

/** The provider answered with an HTTP error status. 429 and 5xx are worth retrying; other 4xx are not. */
export class ApiFootballHttpError extends ApiFootballError {
  readonly retryable: boolean;

  constructor(
    endpoint: string,
    readonly status: number,
    detail: string,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(endpoint, `HTTP ${status}${detail ? ` (${detail})` : ""}`);
    this.retryable = status === 429 || status >= 500;
  }
}

/** The key is missing, wrong or suspended ({"token": ...} in the errors of an HTTP 200). */
export class ApiFootballAuthError extends ApiFootballError {
  readonly retryable = false;
}

/** The per-minute limit was hit ({"rateLimit": ...}): retry once the minute has passed. */
export class ApiFootballRateLimitError extends ApiFootballError {
  readonly retryable = true;
}

/**
 * The daily quota is spent, either as the provider said ({"requests": ...}) or because the
 * remaining budget read from its headers is down to the reserve. Nothing more today.
 */
export class ApiFootballQuotaExhaustedError extends ApiFootballError {
  readonly retryable = false;
}

/** The provider rejected the request itself (a bad parameter, a plan without that season...). */
export class ApiFootballRequestError extends ApiFootballError {
  readonly retryable = false;

  constructor(
    endpoint: string,
    readonly errors: Record<string, string>,
  ) {
    super(
      endpoint,
      Object.entries(errors)
        .map(([field, text]) => `${field}: ${text}`)
        .join("; "),
    );
  }
}

/** The body was not JSON, or not in the documented shape. */
export class ApiFootballMalformedResponseError extends ApiFootballError {
  readonly retryable = false;
}

/** No answer within the time limit. */
export class ApiFootballTimeoutError extends ApiFootballError {
  readonly retryable = true;
}

/** The connection failed (DNS, refused, reset). */
export class ApiFootballNetworkError extends ApiFootballError {
  readonly retryable = true;
}
