/**
 * The operator services: what the web's internal pages (/test-api, /api-status and the
 * "create a match" endpoint) ask of the worker's code, as an interface. The worker implements it
 * (sync-worker/operations/), the process entry (web/start.ts) injects the implementation into
 * the loaders' context, and the web never imports the worker.
 *
 * Only an operator's explicit request behind the internal token reaches these services; no
 * public page ever waits on a provider.
 */
import type { DataKind, DataSource, ProviderName } from "../config/data-sources";
import { getTeamBySlug } from "../domain/teams/registry";

/** The two clubs the test page looks for, as the registry has them. */
export const UNITED_BRIGHTON = {
  home: getTeamBySlug("manchester-united")!,
  away: getTeamBySlug("brighton-and-hove-albion")!,
} as const;

export const PROVIDER_LABELS: Readonly<Record<ProviderName, string>> = {
  "football-data": "football-data.co.uk CSV files",
  "api-football": "API-Football",
};

/** An operator waits this long for the provider, retries included, before the request gives up. */
export const PROVIDER_TIME_LIMIT_MS = 25_000;

/** What "create a match" answers for a stored match (the spec's fields first). */
export interface CreatedMatch {
  id: number;
  homeTeamCode: string;
  awayTeamCode: string;
  league: string;
  /** Kick-off, ISO 8601 UTC. */
  matchDate: string;
  venue: string | null;
  homeTeam: string;
  awayTeam: string;
  season: string;
  /** The provider's fixture id, when it has ids. */
  fixtureId: number | null;
  provider: ProviderName;
  /** False when the match was already stored: nothing new was created. */
  created: boolean;
  matchUrl: string;
}

/** The match, or the HTTP status and sentence the endpoint answers with. */
export type CreateMatchOutcome = { ok: true; match: CreatedMatch } | { ok: false; status: number; error: string };

/** Which source feeds each kind of data, as the worker builds its providers from the environment. */
export interface DataSourceStatus {
  sources: Record<DataKind, DataSource>;
  /** Why the worker's providers cannot be built from this configuration, if they cannot. */
  configurationError: string | null;
}

/** Which provider "create a match" would ask, for the test page's hint (null: none can). */
export interface FixtureLookups {
  withoutId: string | null;
  byId: string | null;
}

export interface OperatorServices {
  dataSources(): DataSourceStatus;
  fixtureLookups(): FixtureLookups;
  /**
   * Fetches one fixture from a provider and stores it as the worker does (idempotent). With an id:
   * the provider's fixture of that id; without: the next Manchester United v Brighton of the
   * clock's season. Never throws: provider failures, the time limit and storage errors come back as
   * an outcome with its status (502, 504, 500). `signal` is the operator's request.
   */
  createMatch(fixtureId: number | null, signal: AbortSignal): Promise<CreateMatchOutcome>;
}
