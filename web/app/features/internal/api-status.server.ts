/**
 * The operator's status page, /api-status: what `npm run sync:status` prints and more, read from
 * the database and the configuration. Nothing here calls a provider: a provider's health shows
 * in the last runs of the jobs that read it.
 */
import { sql } from "drizzle-orm";
import { DATA_KINDS, type DataKind, type DataSource } from "@shared/config/data-sources";
import { teamNameOrFallback } from "@shared/domain/format";
import { LEAGUE_KEYS, LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";
import { matchUrl, matchUrlById } from "@shared/domain/urls";
import { PROVIDER_LABELS } from "@shared/operations/operator-services";
import type { PageCacheStats } from "../../../page-cache/page-cache";
import type { AppContext } from "~/load-context";
import { latestRunPerJob, type JobRunStatus } from "@shared/db/sync-runs";

type StatusContext = Pick<AppContext, "env" | "clock" | "db" | "pageCacheStats" | "operations">;

/** The spec's sample link of the status page. */
export const SPEC_MATCH_LINK = matchUrlById(1);
/** How many current match pages the status page links to. */
const MATCH_LINK_LIMIT = 6;

export interface DatabaseStatus {
  kind: "PGlite (embedded)" | "PostgreSQL";
  /** The data directory, or host, port and database name: never a user or password. */
  location: string;
  reachable: boolean;
  /** Round trip of `select 1`. */
  latencyMs: number | null;
  error: string | null;
  /** Applied migrations by the database's own journal (null when it cannot be read), of the project's. */
  migrations: { applied: number | null; total: number };
}

export type { JobRunStatus } from "@shared/db/sync-runs";

export interface ProviderStatus {
  kinds: { kind: DataKind; source: DataSource; label: string }[];
  /** A configuration the worker refuses (it stops with this message). */
  configurationError: string | null;
  footballDataOrigin: string;
  apiFootball: {
    keyConfigured: boolean;
    baseUrl: string;
    /** The last run that stopped on API-Football's quota, from the run log. */
    lastQuotaProblem: { job: string; at: string; error: string } | null;
  };
}

export interface LeagueCounts {
  league: LeagueKey;
  name: string;
  total: number;
  finished: number;
  live: number;
  toPlay: number;
}

export interface MatchLink {
  href: string;
  label: string;
  league: string;
  state: "pre-match" | "live" | "post-match";
  kickoffAt: string;
}

export interface ApiStatus {
  /** Wall time of this report, ISO 8601. */
  generatedAt: string;
  database: DatabaseStatus;
  worker: AppContext["env"]["WORKER"];
  clock: { kind: "replay" | "real"; now: string; replayStart: string | null; speed: number | null };
  providers: ProviderStatus;
  /** Null when the database cannot be read. */
  jobs: JobRunStatus[] | null;
  counts: {
    season: string;
    seasonLabel: string;
    fixtures: LeagueCounts[];
    predictions: number;
    ledgerRows: number;
    settledLedgerRows: number;
  } | null;
  matchLinks: MatchLink[] | null;
  specMatch: { href: string; label: string | null };
  /** This web process's page cache; null where pages are not served through it. */
  pageCache: PageCacheStatus | null;
}

export interface PageCacheStatus extends PageCacheStats {
  /** Hits (304s included) over every cacheable request, 0 to 100; null before the first. */
  hitRate: number | null;
}

/** The cache's counters with its hit rate. */
export function pageCacheStatus(stats: PageCacheStats | undefined): PageCacheStatus | null {
  if (!stats) return null;
  const total = stats.hits + stats.misses;
  return { ...stats, hitRate: total === 0 ? null : Math.round((1000 * stats.hits) / total) / 10 };
}

function databaseLocation({ env, db }: StatusContext): string {
  if (db.driver === "pglite" || !env.DATABASE_URL) return env.PGLITE_DATA_DIR;
  const url = new URL(env.DATABASE_URL);
  return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
}

async function databaseStatus(context: StatusContext): Promise<DatabaseStatus> {
  const { db } = context;
  const base = {
    kind: db.driver === "pglite" ? ("PGlite (embedded)" as const) : ("PostgreSQL" as const),
    location: databaseLocation(context),
  };
  const started = performance.now();
  try {
    await db.execute("select 1");
    const [{ applied }] = await db.execute<{ applied: string }>(
      `select count(*)::text as applied from "drizzle"."__drizzle_migrations"`,
    );
    return {
      ...base,
      migrations: { applied: Number(applied), total: db.migrations.total },
      reachable: true,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      error: null,
    };
  } catch (error) {
    return {
      ...base,
      migrations: { applied: null, total: db.migrations.total },
      reachable: false,
      latencyMs: null,
      error: (error as Error).message,
    };
  }
}

function providerStatus(
  { env, operations }: StatusContext,
  quota: ProviderStatus["apiFootball"]["lastQuotaProblem"],
): ProviderStatus {
  const describe = (source: DataSource) =>
    source === "off" ? "off" : source === "results" ? "computed from stored results" : PROVIDER_LABELS[source];
  const { sources, configurationError } = operations.dataSources();
  return {
    kinds: DATA_KINDS.map((kind) => ({ kind, source: sources[kind], label: describe(sources[kind]) })),
    configurationError,
    footballDataOrigin: env.FOOTBALL_DATA_DIR ? `directory ${env.FOOTBALL_DATA_DIR}` : env.FOOTBALL_DATA_BASE_URL,
    apiFootball: {
      keyConfigured: Boolean(env.API_FOOTBALL_KEY),
      baseUrl: env.API_FOOTBALL_BASE_URL,
      lastQuotaProblem: quota,
    },
  };
}

const latestRuns = ({ db }: StatusContext): Promise<JobRunStatus[]> => latestRunPerJob(db);

async function lastQuotaProblem({ db }: StatusContext): Promise<ProviderStatus["apiFootball"]["lastQuotaProblem"]> {
  const [row] = await db.execute<{ job: string; started_at: string | Date; error: string }>(sql`
    select job, started_at, error from sync_runs
    where status = 'failed' and error ilike 'api-football:%quota%'
    order by started_at desc, id desc limit 1`);
  return row ? { job: row.job, at: new Date(row.started_at).toISOString(), error: row.error } : null;
}

async function counts({ db }: StatusContext, season: string): Promise<NonNullable<ApiStatus["counts"]>> {
  const perLeague = await db.execute<{ league: LeagueKey; total: string; finished: string; live: string }>(sql`
    select league, count(*)::text as total,
      count(*) filter (where match_state = 'post-match')::text as finished,
      count(*) filter (where match_state = 'live')::text as live
    from fixtures where season = ${season} group by league`);
  const [totals] = await db.execute<{ predictions: string; ledger: string; settled: string }>(sql`
    select (select count(*) from predictions)::text as predictions,
      (select count(*) from pick_ledger)::text as ledger,
      (select count(*) from pick_ledger where settled_at is not null)::text as settled`);
  const byLeague = new Map(perLeague.map((row) => [row.league, row]));
  return {
    season,
    seasonLabel: seasonLabel(season),
    fixtures: LEAGUE_KEYS.map((league) => {
      const row = byLeague.get(league);
      const [total, finished, live] = [row?.total, row?.finished, row?.live]
        .map(Number)
        .map((n) => (Number.isFinite(n) ? n : 0));
      return { league, name: LEAGUES[league].name, total, finished, live, toPlay: total - finished - live };
    }),
    predictions: Number(totals.predictions),
    ledgerRows: Number(totals.ledger),
    settledLedgerRows: Number(totals.settled),
  };
}

interface LinkRow {
  id: number;
  home_team_id: number;
  away_team_id: number;
  league: LeagueKey;
  kickoff_at: string | Date;
  match_state: MatchLink["state"];
  home_name: string | null;
  away_name: string | null;
  home_slug: string | null;
  away_slug: string | null;
}

/** Pages of the clock's season worth opening: matches in play, then the next ones, then the last finished. */
async function currentMatchLinks({ db, clock }: StatusContext, season: string): Promise<MatchLink[]> {
  const now = clock.now().toISOString();
  const rows = await db.execute<LinkRow>(sql`
    select f.id, f.home_team_id, f.away_team_id, f.league, f.kickoff_at, f.match_state, h.name as home_name, a.name as away_name,
      h.slug as home_slug, a.slug as away_slug
    from fixtures f left join teams h on h.id = f.home_team_id left join teams a on a.id = f.away_team_id
    where f.season = ${season} and f.is_active and (
      f.match_state = 'live'
      or f.id in (select id from fixtures where season = ${season} and is_active and match_state = 'pre-match'
                  and kickoff_at >= ${now}::timestamptz order by kickoff_at, id limit ${MATCH_LINK_LIMIT})
      or f.id in (select id from fixtures where season = ${season} and is_active and match_state = 'post-match'
                  order by kickoff_at desc, id desc limit 2))
    order by case f.match_state when 'live' then 0 when 'pre-match' then 1 else 2 end, f.kickoff_at, f.id`);
  return rows.slice(0, MATCH_LINK_LIMIT).map((row) => ({
    href: row.home_slug && row.away_slug ? matchUrl(row.league, row.home_slug, row.away_slug) : matchUrlById(row.id),
    label: `${teamNameOrFallback(row.home_name, row.home_team_id)} v ${teamNameOrFallback(row.away_name, row.away_team_id)}`,
    league: LEAGUES[row.league].name,
    state: row.match_state,
    kickoffAt: new Date(row.kickoff_at).toISOString(),
  }));
}

async function specMatchLabel({ db }: StatusContext): Promise<string | null> {
  const [row] = await db.execute<{
    home: string | null;
    away: string | null;
    home_team_id: number;
    away_team_id: number;
    season: string;
  }>(sql`
    select h.name as home, a.name as away, f.home_team_id, f.away_team_id, f.season from fixtures f
    left join teams h on h.id = f.home_team_id left join teams a on a.id = f.away_team_id where f.id = 1`);
  return row
    ? `${teamNameOrFallback(row.home, row.home_team_id)} v ${teamNameOrFallback(row.away, row.away_team_id)}, ${seasonLabel(row.season)}`
    : null;
}

export async function getApiStatus(context: StatusContext): Promise<ApiStatus> {
  const { env, clock } = context;
  const now = clock.now();
  const season = seasonCodeFor(now);
  const database = await databaseStatus(context);
  const read = database.reachable
    ? await Promise.all([
        latestRuns(context),
        lastQuotaProblem(context),
        counts(context, season),
        currentMatchLinks(context, season),
        specMatchLabel(context),
      ])
    : null;
  const setting = clock.setting;
  return {
    generatedAt: new Date().toISOString(),
    database,
    worker: env.WORKER,
    clock: {
      kind: setting.kind,
      now: now.toISOString(),
      replayStart: setting.kind === "replay" ? setting.start.toISOString() : null,
      speed: setting.kind === "replay" ? setting.speed : null,
    },
    providers: providerStatus(context, read?.[1] ?? null),
    jobs: read?.[0] ?? null,
    counts: read?.[2] ?? null,
    matchLinks: read?.[3] ?? null,
    specMatch: { href: SPEC_MATCH_LINK, label: read?.[4] ?? null },
    pageCache: pageCacheStatus(context.pageCacheStats?.()),
  };
}
