/**
 * API-Football v3 as a match-data provider: fixtures with live states and odds, events, lineups,
 * player statistics (season and per match), leaderboards, standings and team statistics.
 * The provider answers in real time: under a replay clock it still reports the present (only the
 * odds are labelled by the clock: a line before kick-off, the closing price after). Any failure of
 * the provider as a whole (unreachable, refused key, spent quota, a body in the wrong shape)
 * becomes a ProviderError; a single item it cannot map is a rejected record.
 */
import type { Clock } from "@shared/config/clock";
import type { DataKind } from "@shared/config/data-sources";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import {
  ProviderError,
  type EventFeedItem,
  type Feed,
  type FixtureRef,
  type LineupFeedItem,
  type MatchDataProvider,
  type PlayerMatchFeedItem,
  type PlayerSeasonFeedItem,
  type ProviderFixture,
  type RejectedRecord,
  type StandingFeedItem,
  type TeamStatisticsFeedItem,
} from "../types";
import { MAX_FIXTURE_IDS, type ApiFootballClient } from "./client";
import type { ApiFootballList, CallOptions, ItemOrigin, Located } from "./client-types";
import {
  ApiFootballAuthError,
  ApiFootballError,
  ApiFootballNetworkError,
  ApiFootballQuotaExhaustedError,
  ApiFootballTimeoutError,
} from "./errors";
import { issuesText } from "./failure-text";
import { mapEvent, mapFixture, mapLineup } from "./fixture-mappers";
import { seasonYearOfCode, type MappedRows } from "./mappers";
import { BET365_BOOKMAKER_ID, mapOdds } from "./odds-mappers";
import { mapFixturePlayers, mapPlayerSeason } from "./player-mappers";
import { eventSchema, type ApiEvent, type ApiFixture, type ApiPlayer } from "./schemas";
import { mapStandings, mapTeam, mapTeamStatistics } from "./standings-mappers";

export const API_FOOTBALL_CAPABILITIES: ReadonlySet<DataKind> = new Set<DataKind>([
  "fixtures",
  "odds",
  "live",
  "events",
  "lineups",
  "players",
  "leaderboards",
  "standings",
  "team-statistics",
]);

/**
 * An answer by ids carries each match's events: the events of a live tick are read from the live
 * answer just received instead of one more request per match, if it is this recent (wall time).
 */
const EMBEDDED_EVENTS_TTL_MS = 10_000;

function hintOf(error: ApiFootballError): string | undefined {
  if (error instanceof ApiFootballAuthError) return "set API_FOOTBALL_KEY to a valid API-Football key";
  if (error instanceof ApiFootballQuotaExhaustedError) return "the daily quota resets at 00:00 UTC";
  if (error instanceof ApiFootballNetworkError || error instanceof ApiFootballTimeoutError) {
    return "check that API_FOOTBALL_BASE_URL is reachable";
  }
  return undefined;
}

/** The provider's own errors as the contract's ProviderError; anything else (an abort) unchanged. */
async function asProviderErrors<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof ApiFootballError) {
      throw new ProviderError("api-football", `${error.endpoint}: ${error.detail}`, hintOf(error), { cause: error });
    }
    throw error;
  }
}

function emptyFeed<T>(): Feed<T> {
  return { items: [], read: 0, rejected: [] };
}

function rejection(origin: ItemOrigin, reason: string): RejectedRecord {
  return { source: origin.request, line: origin.index, reason };
}

/** Starts a feed from a list answer: its items read and its items in the wrong shape rejected. */
function feedFrom<T>(list: ApiFootballList<unknown>): Feed<T> {
  return {
    items: [],
    read: list.items.length + list.rejected.length,
    rejected: list.rejected.map((item) => rejection(item, `not in the documented shape: ${item.reason}`)),
  };
}

function addMapped<T>(feed: Feed<T>, origin: ItemOrigin, mapped: MappedRows<T>): void {
  feed.items.push(...mapped.rows);
  feed.rejected.push(...mapped.rejections.map((reason) => rejection(origin, reason)));
}

/** The events embedded in a fixture of an answer by ids, checked as /fixtures/events answers are. */
function embeddedEventList(origin: ItemOrigin, events: readonly unknown[]): ApiFootballList<ApiEvent> {
  const list: ApiFootballList<ApiEvent> = { items: [], rejected: [] };
  const request = `${origin.request} (item ${origin.index}, events)`;
  events.forEach((raw, index) => {
    const parsed = eventSchema.safeParse(raw);
    if (parsed.success) list.items.push({ value: parsed.data, request, index });
    else list.rejected.push({ request, index, reason: issuesText(parsed.error) });
  });
  return list;
}

function apiLeagueId(league: LeagueKey): number {
  return LEAGUES[league].apiFootballId;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface ApiFootballProviderOptions {
  client: ApiFootballClient;
  clock: Clock;
}

export function apiFootballProvider({ client, clock }: ApiFootballProviderOptions): MatchDataProvider {
  /** The events that came with the last live answers, by fixture id. */
  const embeddedEvents = new Map<number, { at: number; origin: ItemOrigin; events: unknown[] }>();

  /** Fixture ids found by day and teams, so a match stored without one is looked up once. */
  const foundIds = new Map<string, number>();
  const matchKey = (ref: FixtureRef) => `${ref.league}|${ref.season}|${ref.homeTeamId}|${ref.awayTeamId}`;

  /**
   * The provider's fixture id of each ref: the stored one, or else found among the league's
   * matches of that day by the two teams. Refs the provider does not know are left out.
   */
  async function fixtureIds(refs: readonly FixtureRef[], call: CallOptions): Promise<Map<FixtureRef, number>> {
    const ids = new Map<FixtureRef, number>();
    const byDay = new Map<string, FixtureRef[]>();
    for (const ref of refs) {
      const known = ref.apiFootballFixtureId ?? foundIds.get(matchKey(ref));
      if (known !== undefined) ids.set(ref, known);
      else {
        const key = `${ref.league}|${ref.season}|${isoDate(ref.kickoffAt)}`;
        byDay.set(key, [...(byDay.get(key) ?? []), ref]);
      }
    }
    for (const dayRefs of byDay.values()) {
      const { league, season, kickoffAt } = dayRefs[0];
      const list = await client.fixtures(
        { league: apiLeagueId(league), season: seasonYearOfCode(season), date: isoDate(kickoffAt) },
        call,
      );
      for (const ref of dayRefs) {
        const found = list.items.find(
          ({ value }) => value.teams.home.id === ref.homeTeamId && value.teams.away.id === ref.awayTeamId,
        );
        if (!found) continue;
        ids.set(ref, found.value.fixture.id);
        foundIds.set(matchKey(ref), found.value.fixture.id);
      }
    }
    return ids;
  }

  /** Runs `fetch` for each ref the provider knows, one fixture at a time, and gathers the feeds. */
  async function perFixture<T>(
    refs: readonly FixtureRef[],
    call: CallOptions,
    fetchOne: (ref: FixtureRef, id: number) => Promise<Feed<T>>,
  ): Promise<Feed<T>> {
    const feed = emptyFeed<T>();
    for (const [ref, id] of await fixtureIds(refs, call)) {
      const part = await fetchOne(ref, id);
      feed.items.push(...part.items);
      feed.read += part.read;
      feed.rejected.push(...part.rejected);
    }
    return feed;
  }

  function fixturesFeed(list: ApiFootballList<ApiFixture>): Feed<ProviderFixture> {
    const feed = feedFrom<ProviderFixture>(list);
    for (const item of list.items) {
      const mapped = mapFixture(item.value);
      if (mapped.ok) feed.items.push(mapped.value);
      else feed.rejected.push(rejection(item, mapped.reason));
    }
    return feed;
  }

  function playerSeasonFeed(list: ApiFootballList<ApiPlayer>, league: LeagueKey): Feed<PlayerSeasonFeedItem> {
    const feed = feedFrom<PlayerSeasonFeedItem>(list);
    for (const item of list.items) addMapped(feed, item, mapPlayerSeason(item.value, apiLeagueId(league)));
    return feed;
  }

  return {
    name: "api-football",
    capabilities: API_FOOTBALL_CAPABILITIES,

    seasonFixtures: ({ league, season, signal }) =>
      asProviderErrors(async () => {
        const params = { league: apiLeagueId(league), season: seasonYearOfCode(season) };
        const fixtures = await client.fixtures(params, { signal });
        const odds = await client.odds({ ...params, bookmaker: BET365_BOOKMAKER_ID }, { signal });
        const feed = fixturesFeed(fixtures);
        const byFixture = new Map<number, ProviderFixture>();
        for (const fixture of feed.items) byFixture.set(fixture.apiFootballFixtureId as number, fixture);
        feed.read += odds.items.length + odds.rejected.length;
        feed.rejected.push(...feedFrom(odds).rejected);
        const now = clock.now().getTime();
        for (const item of odds.items) {
          const fixture = byFixture.get(item.value.fixture.id);
          if (!fixture) continue;
          const kind = fixture.kickoffAt.getTime() > now ? "opening" : "closing";
          const mapped = mapOdds(item.value, BET365_BOOKMAKER_ID, kind);
          fixture.odds.push(...mapped.rows);
          feed.rejected.push(...mapped.rejections.map((reason) => rejection(item, reason)));
        }
        return feed;
      }),

    fixtureById: ({ id, signal }) =>
      asProviderErrors(async () => fixturesFeed(await client.fixtures({ id }, { signal }))),

    liveFixtures: ({ fixtures, signal }) =>
      asProviderErrors(async () => {
        // Live scores may spend the daily reserve other calls leave alone.
        const call = { signal, essential: true };
        const ids = [...new Set((await fixtureIds(fixtures, call)).values())].sort((x, y) => x - y);
        const feed = emptyFeed<ProviderFixture>();
        for (let start = 0; start < ids.length; start += MAX_FIXTURE_IDS) {
          const list = await client.fixtures({ ids: ids.slice(start, start + MAX_FIXTURE_IDS) }, call);
          for (const item of list.items) {
            const { events } = item.value;
            if (events) embeddedEvents.set(item.value.fixture.id, { at: Date.now(), origin: item, events });
          }
          const part = fixturesFeed(list);
          feed.items.push(...part.items);
          feed.read += part.read;
          feed.rejected.push(...part.rejected);
        }
        return feed;
      }),

    events: ({ fixtures, signal }) =>
      asProviderErrors(() =>
        perFixture<EventFeedItem>(fixtures, { signal, essential: true }, async (ref, id) => {
          const embedded = embeddedEvents.get(id);
          const list =
            embedded && Date.now() - embedded.at < EMBEDDED_EVENTS_TTL_MS
              ? embeddedEventList(embedded.origin, embedded.events)
              : await client.fixtureEvents(id, { signal, essential: true });
          const feed = feedFrom<EventFeedItem>(list);
          for (const item of list.items) {
            const mapped = mapEvent(item.value, ref);
            if (mapped.ok) feed.items.push({ fixture: ref, ...mapped.value });
            else feed.rejected.push(rejection(item, mapped.reason));
          }
          return feed;
        }),
      ),

    lineups: ({ fixtures, signal }) =>
      asProviderErrors(() =>
        perFixture<LineupFeedItem>(fixtures, { signal }, async (ref, id) => {
          const list = await client.fixtureLineups(id, { signal });
          const feed = feedFrom<LineupFeedItem>(list);
          for (const item of list.items) {
            const mapped = mapLineup(item.value, ref);
            if (mapped.ok) feed.items.push({ fixture: ref, ...mapped.value });
            else feed.rejected.push(rejection(item, mapped.reason));
          }
          return feed;
        }),
      ),

    playerMatchStats: ({ fixtures, signal }) =>
      asProviderErrors(() =>
        perFixture<PlayerMatchFeedItem>(fixtures, { signal }, async (ref, id) => {
          const list = await client.fixturePlayers(id, { signal });
          const feed = feedFrom<PlayerMatchFeedItem>(list);
          for (const item of list.items) {
            const mapped = mapFixturePlayers(item.value, ref);
            addMapped(feed, item, {
              rows: mapped.rows.map((row) => ({ fixture: ref, ...row })),
              rejections: mapped.rejections,
            });
          }
          return feed;
        }),
      ),

    playerSeasonStats: ({ league, season, signal }) =>
      asProviderErrors(async () =>
        playerSeasonFeed(await client.players(apiLeagueId(league), seasonYearOfCode(season), { signal }), league),
      ),

    leaderboard: ({ league, season, kind, signal }) =>
      asProviderErrors(async () => {
        const fetchBoard = kind === "top-scorers" ? client.topScorers : client.topAssists;
        return playerSeasonFeed(await fetchBoard(apiLeagueId(league), seasonYearOfCode(season), { signal }), league);
      }),

    standings: ({ league, season, signal }) =>
      asProviderErrors(async () => {
        const list = await client.standings(apiLeagueId(league), seasonYearOfCode(season), { signal });
        const feed = feedFrom<StandingFeedItem>(list);
        for (const item of list.items) addMapped(feed, item, mapStandings(item.value, league));
        return feed;
      }),

    teamStatistics: ({ league, season, signal }) =>
      asProviderErrors(async () => {
        const [leagueId, year] = [apiLeagueId(league), seasonYearOfCode(season)];
        const teams = await client.teams(leagueId, year, { signal });
        const feed = feedFrom<TeamStatisticsFeedItem>(teams);
        const known: Located<number>[] = [];
        for (const item of teams.items) {
          const team = mapTeam(item.value.team.id, item.value.team.name);
          if (team.ok) known.push({ ...item, value: team.value.id });
          else feed.rejected.push(rejection(item, team.reason));
        }
        for (const team of known) {
          const statistics = await client.teamStatistics(leagueId, year, team.value, { signal });
          if (!statistics) continue;
          const mapped = mapTeamStatistics(statistics.value);
          if (mapped.ok) feed.items.push(mapped.value);
          else feed.rejected.push(rejection(statistics, mapped.reason));
        }
        return feed;
      }),
  };
}
