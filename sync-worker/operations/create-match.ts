/**
 * "Create a match" for the operators' test page: one fixture fetched from a match-data provider
 * and stored through the worker's own store functions, so the match is exactly what the worker
 * would have written (idempotent: asking again returns the same match).
 *
 * - With a fixture ID: the provider's fixture of that id. Fixture ids are API-Football's: the
 *   configured fixtures provider answers when it can look fixtures up by id, else API-Football
 *   when a key is configured; the key-less CSV files have no ids, which is a 422 saying so.
 * - Without one: the next Manchester United v Brighton fixture of the clock's season from the
 *   configured fixtures provider (else the latest), as /api/find-united-brighton picks it.
 */
import type { Clock } from "@shared/config/clock";
import type { Env } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { seasons } from "@shared/db/schema";
import { LEAGUES } from "@shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";
import { getTeamById } from "@shared/domain/teams/registry";
import { matchUrlById } from "@shared/domain/urls";
import {
  PROVIDER_LABELS,
  PROVIDER_TIME_LIMIT_MS,
  UNITED_BRIGHTON,
  type CreateMatchOutcome,
  type FixtureLookups,
} from "@shared/operations/operator-services";
import { jobDbOf } from "../jobs/job-db";
import type { JobDb } from "../jobs/types";
import { createLogger, type Logger } from "../log";
import { createApiFootballProvider } from "../providers/api-football";
import { createProviderSet } from "../providers/provider-set";
import { ProviderError, type MatchDataProvider, type ProviderFixture } from "../providers/types";
import { fixtureIds, fixtureKey, storeFixtures } from "../store/fixtures";
import { upsertTeams } from "../store/reference";

/** What the operations run with: the process's environment, clock and database. */
export interface OperationsContext {
  env: Env;
  clock: Clock;
  db: DbHandle;
}

const refuse = (status: number, error: string): CreateMatchOutcome => ({ ok: false, status, error });

type ProviderChoice =
  { ok: true; provider: MatchDataProvider; storesOdds: boolean } | { ok: false; status: number; error: string };

function chooseProvider(env: Env, clock: Clock, log: Logger, byId: boolean): ProviderChoice {
  let providers;
  try {
    providers = createProviderSet({ env, clock, log });
  } catch (error) {
    return { ok: false, status: 503, error: (error as Error).message };
  }
  const configured = providers.for("fixtures");
  const storesOdds = configured !== null && providers.for("odds") === configured;
  if (!byId) {
    if (configured) return { ok: true, provider: configured, storesOdds };
    return {
      ok: false,
      status: 503,
      error: "No provider feeds fixtures on this site (DATA_PROVIDERS says fixtures=off).",
    };
  }
  if (configured?.fixtureById) return { ok: true, provider: configured, storesOdds: false };
  if (env.API_FOOTBALL_KEY)
    return { ok: true, provider: createApiFootballProvider({ env, clock, log }), storesOdds: false };
  const source = providers.sources.fixtures;
  const name = source === "football-data" || source === "api-football" ? PROVIDER_LABELS[source] : "no provider";
  return {
    ok: false,
    status: 422,
    error:
      `The configured fixtures provider (${name}) cannot look up fixtures by id: its data has no fixture ids. ` +
      "Leave the fixture ID empty to create the next Manchester United v Brighton match, or set API_FOOTBALL_KEY to look fixture ids up at API-Football.",
  };
}

/** Which provider the test page's "create a match" would ask, for the page's hint. */
export function fixtureLookups(context: Pick<OperationsContext, "env" | "clock">): FixtureLookups {
  const log = createLogger({ level: "error" });
  const label = (choice: ProviderChoice) => (choice.ok ? PROVIDER_LABELS[choice.provider.name] : null);
  return {
    withoutId: label(chooseProvider(context.env, context.clock, log, false)),
    byId: label(chooseProvider(context.env, context.clock, log, true)),
  };
}

const isUnitedBrighton = (fixture: ProviderFixture) => {
  const ids = [UNITED_BRIGHTON.home.id, UNITED_BRIGHTON.away.id];
  return ids.includes(fixture.homeTeamId) && ids.includes(fixture.awayTeamId);
};

/** The next meeting (in play or to come by the clock), else the latest; as the stored lookup picks it. */
export function nextOrLatest(candidates: readonly ProviderFixture[], now: Date): ProviderFixture | null {
  const byKickoff = [...candidates].sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime());
  const next = byKickoff.find((f) => f.state === "live" || f.kickoffAt.getTime() >= now.getTime());
  return next ?? byKickoff.filter((f) => f.kickoffAt.getTime() < now.getTime()).at(-1) ?? null;
}

async function fetchFixture(
  provider: MatchDataProvider,
  id: number | null,
  now: Date,
  signal: AbortSignal,
): Promise<{ ok: true; fixture: ProviderFixture } | { ok: false; status: number; error: string }> {
  const label = PROVIDER_LABELS[provider.name];
  if (id !== null) {
    const feed = await provider.fixtureById!({ id, signal });
    const [fixture] = feed.items;
    if (fixture) return { ok: true, fixture };
    if (feed.rejected.length > 0) {
      return { ok: false, status: 422, error: `${label} fixture ${id} cannot be stored: ${feed.rejected[0].reason}.` };
    }
    return { ok: false, status: 404, error: `${label} has no fixture ${id}.` };
  }
  const league = UNITED_BRIGHTON.home.league;
  const season = seasonCodeFor(now);
  const seasonFeed = await provider.seasonFixtures({ league, season, signal });
  const upcoming = provider.upcomingFixtures ? await provider.upcomingFixtures({ leagues: [league], signal }) : null;
  const fixture = nextOrLatest([...seasonFeed.items, ...(upcoming?.items ?? [])].filter(isUnitedBrighton), now);
  if (fixture) return { ok: true, fixture };
  return {
    ok: false,
    status: 404,
    error: `${label} has no Manchester United v Brighton & Hove Albion fixture in ${LEAGUES[league].name} ${seasonLabel(season)}.`,
  };
}

/** The rows a match points at: the registry's clubs and its league season. */
async function ensureReferenceRows(db: JobDb, fixture: ProviderFixture): Promise<void> {
  await upsertTeams(db);
  await db.db.insert(seasons).values({ league: fixture.league, season: fixture.season }).onConflictDoNothing();
}

/** Fetches the fixture and stores it as the worker does; the outcome says what to answer. */
export async function createMatchFromProvider(
  context: OperationsContext,
  fixtureId: number | null,
  signal: AbortSignal,
  log: Logger = createLogger({ level: context.env.LOG_LEVEL, scope: "internal:create-match" }),
): Promise<CreateMatchOutcome> {
  const now = context.clock.now();
  const choice = chooseProvider(context.env, context.clock, log, fixtureId !== null);
  if (!choice.ok) return choice;
  const { provider, storesOdds } = choice;
  const fetched = await fetchFixture(provider, fixtureId, now, signal);
  if (!fetched.ok) return fetched;
  const { fixture } = fetched;

  const key = fixtureKey(fixture);
  const stored = await jobDbOf(context.db).transaction(async (tx) => {
    await ensureReferenceRows(tx, fixture);
    const existed = (await fixtureIds(tx, [fixture])).has(key);
    await storeFixtures(tx, [fixture], now, storesOdds);
    return { id: (await fixtureIds(tx, [fixture])).get(key), existed };
  });
  if (stored.id === undefined) return refuse(500, "The match was written but could not be read back.");

  const home = getTeamById(fixture.homeTeamId)!;
  const away = getTeamById(fixture.awayTeamId)!;
  log.info(
    `${stored.existed ? "found" : "created"} match ${stored.id}: ${home.name} v ${away.name} from ${provider.name}`,
  );
  return {
    ok: true,
    match: {
      id: stored.id,
      homeTeamCode: home.code,
      awayTeamCode: away.code,
      league: LEAGUES[fixture.league].name,
      matchDate: fixture.kickoffAt.toISOString(),
      venue: fixture.venue ?? home.venue ?? null,
      homeTeam: home.name,
      awayTeam: away.name,
      season: fixture.season,
      fixtureId: fixture.apiFootballFixtureId,
      provider: provider.name,
      created: !stored.existed,
      matchUrl: matchUrlById(stored.id),
    },
  };
}

/**
 * createMatchFromProvider within the operator's time limit, every failure an outcome: a provider
 * failure is a 502, the time limit a 504, anything else a 500 (logged).
 */
export async function createMatch(
  context: OperationsContext,
  fixtureId: number | null,
  requestSignal: AbortSignal,
  log: Logger = createLogger({ level: context.env.LOG_LEVEL, scope: "internal:create-match" }),
): Promise<CreateMatchOutcome> {
  const signal = AbortSignal.any([requestSignal, AbortSignal.timeout(PROVIDER_TIME_LIMIT_MS)]);
  try {
    return await createMatchFromProvider(context, fixtureId, signal, log);
  } catch (error) {
    if (error instanceof ProviderError) return refuse(502, error.message);
    if (signal.aborted && !requestSignal.aborted) {
      return refuse(504, `The provider did not answer within ${PROVIDER_TIME_LIMIT_MS / 1000} s; nothing was stored.`);
    }
    log.error(`Creating a match failed: ${(error as Error).stack ?? String(error)}`);
    return refuse(500, `The match could not be stored: ${(error as Error).message}`);
  }
}
