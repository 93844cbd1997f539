/**
 * The API-Football path end to end: from an empty database, the jobs fed by API-Football run
 * against the local replay server (the real client over HTTP, the provider, the jobs, the run
 * log) as of Saturday 7 February 2026, 15:50 UTC, with a Premier League matchday in progress.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "@shared/config/clock";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { memoryLogger } from "../log";
import { emptyContent } from "../test-support/worker";
import { createApiFootballClient } from "../providers/api-football/client";
import { apiFootballProvider } from "../providers/api-football/provider";
import {
  startReplayServer,
  type ReplayResponse,
  type ReplayServer,
} from "../providers/api-football/testing/replay-server";
import { createProviderSet, PROVIDER_FACTORIES } from "../providers/provider-set";
import type { ProviderSet } from "../providers/types";
import { fixturesAndOddsJob } from "./fixtures-and-odds";
import { jobDbOf } from "./job-db";
import { leaderboardsJob } from "./leaderboards";
import { lineupsJob } from "./lineups";
import { liveJob } from "./live";
import { liveEventsJob } from "./live-events";
import { playerMatchStatsJob } from "./player-match-stats";
import { playerStatsJob } from "./player-stats";
import { referenceDataJob } from "./reference-data";
import { runJob, type JobRun } from "./run-job";
import { standingsJob } from "./standings";
import { teamStatisticsJob } from "./team-statistics";
import type { JobContext, JobDefinition } from "./types";

const KEY = "replay-key-0123456789";
const NOW = new Date("2026-02-07T15:50:00Z");
const [MUN_TOT, ARS_SUN, WOL_CHE, NEW_BRE] = [1379101, 1379102, 1379103, 1379104];

/** Every answer of the matchday, by request. */
const MATCHDAY: Record<string, ReplayResponse | ReplayResponse[]> = {
  "fixtures?league=39&season=2025": { file: "fixtures-39-2025.json" },
  "odds?bookmaker=8&league=39&season=2025": { file: "odds-39-2025-page-1.json" },
  "odds?bookmaker=8&league=39&page=2&season=2025": { file: "odds-39-2025-page-2.json" },
  [`fixtures?ids=${ARS_SUN}-${WOL_CHE}`]: { file: "fixtures-live-ids.json" },
  [`fixtures/events?fixture=${MUN_TOT}`]: { file: `events-${MUN_TOT}.json` },
  [`fixtures/events?fixture=${ARS_SUN}`]: { file: `events-${ARS_SUN}.json` },
  [`fixtures/events?fixture=${WOL_CHE}`]: { file: `events-${WOL_CHE}.json` },
  [`fixtures/lineups?fixture=${ARS_SUN}`]: { file: `lineups-${ARS_SUN}.json` },
  [`fixtures/lineups?fixture=${WOL_CHE}`]: { file: `lineups-${WOL_CHE}.json` },
  [`fixtures/players?fixture=${MUN_TOT}`]: { file: `players-${MUN_TOT}.json` },
  "players?league=39&season=2025": { file: "players-39-2025-page-1.json" },
  "players?league=39&page=2&season=2025": { file: "players-39-2025-page-2.json" },
  "players/topscorers?league=39&season=2025": { file: "topscorers-39-2025.json" },
  "players/topassists?league=39&season=2025": { file: "topassists-39-2025.json" },
  "standings?league=39&season=2025": { file: "standings-39-2025.json" },
  "teams?league=39&season=2025": { file: "teams-39-2025.json" },
  "teams/statistics?league=39&season=2025&team=42": { file: "team-statistics-39-2025-42.json" },
  "teams/statistics?league=39&season=2025&team=33": { file: "team-statistics-39-2025-33.json" },
  // The other clubs: the provider has no statistics for them.
  "teams/statistics": { file: "team-statistics-empty.json" },
};

/** The jobs API-Football feeds, in the order a worker runs them at start-up. */
const JOBS: JobDefinition[] = [
  referenceDataJob,
  fixturesAndOddsJob,
  liveJob,
  liveEventsJob,
  lineupsJob,
  playerStatsJob,
  playerMatchStatsJob,
  leaderboardsJob,
  standingsJob,
  teamStatisticsJob,
];

/** The tables the API-Football jobs write, whole, in a stable order. */
const WRITTEN_TABLES = {
  fixtures: "select * from fixtures order by id",
  fixture_odds: "select * from fixture_odds order by id",
  lineups: "select * from lineups order by id",
  live_events: "select * from live_events order by id",
  players: "select * from players order by id",
  player_season_stats: "select * from player_season_stats order by id",
  player_match_stats: "select * from player_match_stats order by id",
  standings_snapshots: "select * from standings_snapshots order by id",
  standing_rows: "select * from standing_rows order by snapshot_id, position",
  team_season_stats: "select * from team_season_stats order by team_id",
};

describe.each(testDatabases())("the API-Football path on $driver", (testDb) => {
  let handle: DbHandle;
  let server: ReplayServer;
  let providers: ProviderSet;
  let env: ReturnType<typeof parseEnv>;
  const log = memoryLogger();
  const clock: Clock = { setting: { kind: "replay", start: NOW, speed: 1 }, now: () => new Date(NOW) };

  beforeAll(async () => {
    [handle, server] = await Promise.all([testDb.open(), startReplayServer({ key: KEY, routes: MATCHDAY })]);
    env = parseEnv({
      API_FOOTBALL_KEY: KEY,
      API_FOOTBALL_BASE_URL: server.url,
      CLOCK: `replay:${NOW.toISOString()}`,
      DATA_PROVIDERS: "fixtures=api-football,odds=api-football",
    });
    // The worker's own wiring: API-Football created from the environment.
    providers = createProviderSet({ env, clock, log });
  });
  afterAll(async () => {
    await server?.close();
    await testDb.dispose();
  });

  function context(set: ProviderSet = providers): JobContext {
    return {
      db: jobDbOf(handle),
      clock,
      providers: set,
      content: emptyContent(),
      log,
      signal: new AbortController().signal,
      settings: { backfillSeasons: 1, fullBackfill: false, leagues: ["premier-league"] },
    };
  }

  async function runAll(set?: ProviderSet): Promise<JobRun[]> {
    const runs: JobRun[] = [];
    for (const job of JOBS) runs.push(await runJob(job, context(set)));
    return runs;
  }

  const query = <Row = Record<string, unknown>>(text: string) => handle.execute<Row>(text);

  async function snapshot(): Promise<Record<string, unknown[]>> {
    const tables: Record<string, unknown[]> = {};
    for (const [name, text] of Object.entries(WRITTEN_TABLES)) tables[name] = await query(text);
    return tables;
  }

  it("fills an empty database with the matchday: fixtures, live match, events, lineups, players, standings", async () => {
    const runs = await runAll();
    expect(runs.map((run) => [run.job, run.status, run.error])).toEqual(JOBS.map((job) => [job.name, "ok", null]));
    expect(server.unmatched).toEqual([]);
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);

    const fixtures = await query<{
      api_football_fixture_id: number;
      home_team_id: number;
      away_team_id: number;
      match_state: string;
      status: string;
      live_minute: number | null;
      home_score: number | null;
      away_score: number | null;
      half_time_home_score: number | null;
      matchweek: number;
      season: string;
      venue: string;
    }>("select * from fixtures order by kickoff_at, api_football_fixture_id");
    expect(
      fixtures.map((f) => [
        f.api_football_fixture_id,
        f.match_state,
        f.status,
        f.live_minute,
        f.home_score,
        f.away_score,
      ]),
    ).toEqual([
      [MUN_TOT, "post-match", "FT", null, 2, 0],
      [ARS_SUN, "live", "2H", 48, 1, 1],
      [WOL_CHE, "live", "2H", 49, 0, 3],
      [NEW_BRE, "pre-match", "NS", null, null, null],
      [1379105, "pre-match", "NS", null, null, null],
      [1379106, "pre-match", "NS", null, null, null],
    ]);
    expect(fixtures[1]).toMatchObject({
      home_team_id: 42,
      away_team_id: 746,
      half_time_home_score: 1,
      matchweek: 25,
      season: "2526",
    });
    expect(fixtures[1].venue).toBe("Emirates Stadium");

    const odds = await query<{ market: string; kind: string; source: string; home_price: string | null }>(
      `select o.* from fixture_odds o join fixtures f on f.id = o.fixture_id
       where f.api_football_fixture_id = ${NEW_BRE} order by o.market`,
    );
    expect(odds.map((o) => [o.source, o.market, o.kind])).toEqual([
      ["bet365", "1x2", "opening"],
      ["bet365", "btts", "opening"],
      ["bet365", "ou25", "opening"],
    ]);
    expect(Number(odds[0].home_price)).toBe(2.1);
    const [{ priced }] = await query<{ priced: number }>(
      "select count(distinct fixture_id)::int as priced from fixture_odds",
    );
    expect(priced).toBe(3);

    const events = await query<{
      minute: number;
      side: string;
      type: string;
      detail: string;
      player_name: string;
      assist_name: string | null;
    }>(
      `select e.* from live_events e join fixtures f on f.id = e.fixture_id
       where f.api_football_fixture_id = ${ARS_SUN} order by e.minute, e.extra_minute`,
    );
    expect(events.map((e) => [e.minute, e.side, e.type, e.detail, e.player_name, e.assist_name])).toEqual([
      [24, "home", "Goal", "Normal Goal", "B. Saka", "D. Rice"],
      [38, "away", "Card", "Yellow Card", "G. Xhaka", null],
      [45, "home", "Card", "Yellow Card", "W. Saliba", null],
      [46, "away", "subst", "Substitution 1", "E. Le Fée", "D. Neil"],
      [47, "away", "Goal", "Normal Goal", "W. Isidor", null],
    ]);
    // The match that just finished gets its final events too.
    const eventCounts = await query<{ id: number; count: number }>(
      `select f.api_football_fixture_id as id, count(*)::int as count from live_events e join fixtures f on f.id = e.fixture_id
       group by f.api_football_fixture_id order by 1`,
    );
    expect(eventCounts).toEqual([
      { id: MUN_TOT, count: 3 },
      { id: ARS_SUN, count: 5 },
      { id: WOL_CHE, count: 5 },
    ]);

    const lineups = await query<{
      team_id: number;
      formation: string;
      coach_name: string;
      start_xi: { name: string; pos: string }[];
      substitutes: unknown[];
    }>("select * from lineups order by fixture_id, team_id");
    expect(lineups.map((l) => [l.team_id, l.formation, l.coach_name, l.start_xi.length])).toEqual([
      [42, "4-3-3", "Mikel Arteta", 11],
      [746, "4-2-3-1", "Régis Le Bris", 11],
      [39, "3-4-2-1", "Rob Edwards", 11],
      [49, "4-2-3-1", "Enzo Maresca", 11],
    ]);
    expect(lineups[0].start_xi[0]).toMatchObject({ name: "David Raya", pos: "G", grid: "1:1" });
    expect(lineups[0].substitutes).toHaveLength(8);

    const topScorers = await query<{ name: string; team_id: number; goals: number; rating: string }>(
      `select p.name, s.team_id, s.goals, s.rating from player_season_stats s join players p on p.id = s.player_id
       where s.league = 'premier-league' and s.season = '2526' order by s.goals desc, p.name limit 3`,
    );
    expect(topScorers.map((s) => [s.name, s.team_id, s.goals])).toEqual([
      ["E. Haaland", 50, 22],
      ["Igor Thiago", 55, 16],
      ["V. Gyökeres", 42, 11],
    ]);
    expect(Number(topScorers[0].rating)).toBe(7.48);
    const [topAssist] = await query<{ name: string; assists: number }>(
      `select p.name, s.assists from player_season_stats s join players p on p.id = s.player_id order by s.assists desc limit 1`,
    );
    expect(topAssist).toEqual({ name: "Bruno Fernandes", assists: 10 });
    const [{ rows: seasonRows }] = await query<{ rows: number }>(
      "select count(*)::int as rows from player_season_stats",
    );
    // Five players from /players (one of them with two clubs) and Igor Thiago from the top scorers.
    expect(seasonRows).toBe(7);

    const recentForm = await query<{ name: string; minutes: number; goals: number; rating: string | null }>(
      `select p.name, m.minutes, m.goals, m.rating from player_match_stats m join players p on p.id = m.player_id
       join fixtures f on f.id = m.fixture_id where f.api_football_fixture_id = ${MUN_TOT} order by m.team_id, p.name`,
    );
    expect(recentForm.map((r) => r.name)).toEqual([
      "B. Mbeumo",
      "Bruno Fernandes",
      "Mason Mount",
      "S. Lammens",
      "C. Romero",
      "G. Vicario",
      "Xavi Simons",
    ]);
    expect(recentForm[1]).toMatchObject({ minutes: 90, goals: 1 });
    // A match sheet gives only a name: the season sync's full profile is kept.
    const [bruno] = await query<{ nationality: string; birth_date: unknown }>("select * from players where id = 891");
    expect(bruno.nationality).toBe("Portugal");

    const table = await query<{ team_id: number; position: number; points: number; form: string; source: string }>(
      `select r.*, s.source from standing_rows r join standings_snapshots s on s.id = r.snapshot_id order by r.position`,
    );
    expect(table).toHaveLength(20);
    expect(table[0]).toMatchObject({ team_id: 42, position: 1, points: 55, form: "WDWWW", source: "api-football" });
    expect(table[19]).toMatchObject({ team_id: 39, position: 20, points: 8 });

    const teamStats = await query<{ team_id: number; source: string; clean_sheets: number; form: string }>(
      "select * from team_season_stats order by team_id",
    );
    expect(teamStats.map((t) => [t.team_id, t.source, t.clean_sheets, t.form])).toEqual([
      [33, "api-football", 6, "WDWWD"],
      [42, "api-football", 13, "WDWWW"],
    ]);
  });

  /** A second run: the jobs with nothing left to ask for say so, and nothing is written. */
  const SECOND_RUN = JOBS.map((job) => [
    job.name,
    job === lineupsJob || job === playerMatchStatsJob ? "skipped" : "ok",
    0,
  ]);

  it("changes nothing when every job runs again", async () => {
    const before = await snapshot();
    const runs = await runAll();
    expect(runs.map((run) => [run.job, run.status, run.rowsWritten])).toEqual(SECOND_RUN);
    expect(await snapshot()).toEqual(before);
  });

  it("fails a job cleanly on an error envelope, garbage or a provider down, keeping the previous data", async () => {
    const before = await snapshot();
    const faults: [string, ReplayResponse, JobDefinition, string][] = [
      [
        "fixtures?league=39&season=2025",
        { file: "error-plan.json" },
        fixturesAndOddsJob,
        "api-football: fixtures: plan: Free plans do not have access to this season, try from 2021 to 2023.",
      ],
      [
        `fixtures?ids=${ARS_SUN}-${WOL_CHE}`,
        { file: "bad-gateway.html" },
        liveJob,
        'api-football: fixtures: the body is not JSON: "<html> <head><title>502 Bad Gateway</title></head>',
      ],
      [
        `fixtures/events?fixture=${WOL_CHE}`,
        { status: 500, body: "Internal Server Error" },
        liveEventsJob,
        "api-football: fixtures/events: HTTP 500 (Internal Server Error)",
      ],
      [
        "players?league=39&page=2&season=2025",
        { file: "wrong-shape-fixtures.json" },
        playerStatsJob,
        "api-football: players: no item of GET /players?league=39&season=2025&page=2 has the documented shape",
      ],
      [
        "players/topassists?league=39&season=2025",
        { file: "error-daily-limit.json" },
        leaderboardsJob,
        "api-football: players/topassists: daily request quota spent: You have reached the request limit for the day",
      ],
      [
        "standings?league=39&season=2025",
        { body: { message: "Service unavailable" } },
        standingsJob,
        "api-football: standings: the body is not an API-Football v3 envelope",
      ],
      [
        "teams/statistics?league=39&season=2025&team=33",
        { file: "team-statistics-39-2025-42.json", delayMs: 1_000 },
        teamStatisticsJob,
        "api-football: teams/statistics: no answer within 300 ms (check that API_FOOTBALL_BASE_URL is reachable)",
      ],
    ];
    for (const [route, answer, job, error] of faults) {
      server.setRoute(route, answer);
      // A fresh provider per fault: a spent daily quota stays spent for the provider that saw it.
      const run = await runJob(job, context(freshQuickRetryProviders()));
      expect([run.job, run.status]).toEqual([job.name, "failed"]);
      expect(run.error).toContain(error);
      server.setRoute(route, MATCHDAY[route]);
    }
    expect(await snapshot()).toEqual(before);

    const recovered = await runAll(freshQuickRetryProviders());
    expect(recovered.map((run) => [run.job, run.status, run.rowsWritten])).toEqual(SECOND_RUN);
    const [{ failed }] = await query<{ failed: number }>(
      "select count(*)::int as failed from sync_runs where status = 'failed'",
    );
    expect(failed).toBe(faults.length);
  });

  /**
   * The same wiring with a client of its own (its own quota) that retries within milliseconds and
   * times out after 300 ms, for answers that are retried.
   */
  function freshQuickRetryProviders(): ProviderSet {
    const client = createApiFootballClient({
      baseUrl: server.url,
      key: KEY,
      backoff: { baseMs: 5, maxMs: 20 },
      timeoutMs: 300,
    });
    return createProviderSet(
      { env, clock, log },
      { ...PROVIDER_FACTORIES, "api-football": () => apiFootballProvider({ client, clock }) },
    );
  }

  it("follows the live match: minute, score, and events equal to the provider's (a goal ruled out disappears)", async () => {
    server.setRoute(`fixtures?ids=${ARS_SUN}-${WOL_CHE}`, { file: "fixtures-live-ids-later.json" });
    server.setRoute(`fixtures/events?fixture=${ARS_SUN}`, { file: `events-${ARS_SUN}-later.json` });
    const live = await runJob(liveJob, context());
    const events = await runJob(liveEventsJob, context());
    expect([live.status, live.rowsWritten, events.status]).toEqual(["ok", 2, "ok"]);
    // Sunderland's goal is gone; a VAR event and Arsenal's second goal are new.
    expect(events.rowsWritten).toBe(3);

    const [match] = await query<{ live_minute: number; home_score: number; away_score: number }>(
      `select * from fixtures where api_football_fixture_id = ${ARS_SUN}`,
    );
    expect(match).toMatchObject({ live_minute: 52, home_score: 2, away_score: 0 });
    const timeline = await query<{ minute: number; type: string; detail: string; player_name: string }>(
      `select e.* from live_events e join fixtures f on f.id = e.fixture_id
       where f.api_football_fixture_id = ${ARS_SUN} and e.minute > 46 order by e.minute`,
    );
    expect(timeline.map((e) => [e.minute, e.type, e.detail, e.player_name])).toEqual([
      [47, "Var", "Goal cancelled", "W. Isidor"],
      [51, "Goal", "Normal Goal", "V. Gyökeres"],
    ]);
    expect((await runJob(liveEventsJob, context())).rowsWritten).toBe(0);
  });

  it("records each run in the sync-run log with the provider it used", async () => {
    const rows = await query<{ job: string; provider: string | null }>(
      "select distinct job, provider from sync_runs where job in ('live-events', 'lineups', 'standings') order by job",
    );
    expect(rows).toEqual([
      { job: "lineups", provider: "api-football" },
      { job: "live-events", provider: "api-football" },
      { job: "standings", provider: "api-football" },
    ]);
  });
});
