/**
 * Which provider feeds which kind of match data. This is configuration (DATA_PROVIDERS), not
 * code: the sync worker asks for "the provider of live data" and gets whichever is configured.
 */

export const PROVIDER_NAMES = ["football-data", "api-football"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * The kinds of data the worker syncs.
 * - history: past seasons (results, match statistics, odds) for the backfill;
 * - fixtures: the current season's schedule, kick-off times, statuses, results, statistics;
 * - odds: 1X2 and over/under 2.5 prices, opening and closing;
 * - live: the state of matches in progress (status, minute, score);
 * - events, lineups, players (season and per-match statistics), leaderboards (top scorers and
 *   assists), standings, team-statistics: what only a richer provider has.
 */
export const DATA_KINDS = [
  "history",
  "fixtures",
  "odds",
  "live",
  "events",
  "lineups",
  "players",
  "leaderboards",
  "standings",
  "team-statistics",
] as const;
export type DataKind = (typeof DATA_KINDS)[number];

/** Kinds the worker can also compute from the results it stores, with no provider at all. */
export const COMPUTABLE_KINDS = ["standings", "team-statistics"] as const satisfies readonly DataKind[];

/**
 * What feeds a kind: a provider; 'results' (computed from stored results, for standings and
 * team statistics only); or 'off' (not synced: pages show their empty states).
 */
export type DataSource = ProviderName | "results" | "off";

export type DataSourceOverrides = Partial<Record<DataKind, DataSource>>;

const isKind = (value: string): value is DataKind => (DATA_KINDS as readonly string[]).includes(value);
const isComputable = (kind: DataKind) => (COMPUTABLE_KINDS as readonly string[]).includes(kind);

/**
 * Reads DATA_PROVIDERS: comma-separated `kind=source` pairs, e.g.
 * `live=api-football,standings=results,lineups=off`. Throws a message naming the bad pair.
 */
export function parseDataSources(value: string): DataSourceOverrides {
  const overrides: DataSourceOverrides = {};
  for (const pair of value
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "")) {
    const [kind, source, ...rest] = pair.split("=").map((p) => p.trim());
    if (source === undefined || rest.length > 0) throw new Error(`"${pair}" is not kind=source`);
    if (!isKind(kind)) throw new Error(`"${kind}" is not a data kind (${DATA_KINDS.join(", ")})`);
    const sources: readonly string[] = [...PROVIDER_NAMES, "off", ...(isComputable(kind) ? ["results"] : [])];
    if (!sources.includes(source)) {
      throw new Error(`"${source}" cannot feed ${kind} (expected ${sources.join(", ")})`);
    }
    if (kind in overrides) throw new Error(`${kind} is set twice`);
    overrides[kind] = source as DataSource;
  }
  return overrides;
}

/**
 * The default feed of each kind. The key-less CSV source feeds history, fixtures and odds (it has
 * opening and closing prices for every season); with an API-Football key, that provider feeds
 * what only it has, plus standings and team statistics (its tables include points deductions,
 * which results cannot know). Live data comes from API-Football when configured, otherwise from the CSV source, which
 * can only replay it (in real time it has none).
 */
export function defaultDataSources(options: { apiFootball: boolean }): Record<DataKind, DataSource> {
  const api = (fallback: DataSource): DataSource => (options.apiFootball ? "api-football" : fallback);
  return {
    history: "football-data",
    fixtures: "football-data",
    odds: "football-data",
    live: api("football-data"),
    events: api("off"),
    lineups: api("off"),
    players: api("off"),
    leaderboards: api("off"),
    standings: api("results"),
    "team-statistics": api("results"),
  };
}

/** The defaults with the configured overrides laid over them. */
export function resolveDataSources(
  overrides: DataSourceOverrides,
  options: { apiFootball: boolean },
): Record<DataKind, DataSource> {
  return { ...defaultDataSources(options), ...overrides };
}
