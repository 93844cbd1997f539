/**
 * The player read model, leaderboards and the squad and player pages' loaders, on a database the
 * real worker jobs filled from the local API-Football replay server (fixtures, the season's
 * players, top scorers and assists, and match sheets), as of Saturday 7 February 2026, 15:50 UTC.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "@shared/config/clock";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { countQueries } from "@shared/db/query-count";
import { testDatabases } from "@shared/db/test-databases";
import { LEADERBOARD_KINDS } from "@shared/domain/player-stats";
import { teamBadgeUrl } from "@shared/domain/urls";
import { fixturesAndOddsJob } from "@sync-worker/jobs/fixtures-and-odds";
import { jobDbOf } from "@sync-worker/jobs/job-db";
import { leaderboardsJob } from "@sync-worker/jobs/leaderboards";
import { playerMatchStatsJob } from "@sync-worker/jobs/player-match-stats";
import { playerStatsJob } from "@sync-worker/jobs/player-stats";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { runJob, type JobRun } from "@sync-worker/jobs/run-job";
import type { JobDefinition } from "@sync-worker/jobs/types";
import { memoryLogger } from "@sync-worker/log";
import {
  readReplayFile,
  startReplayServer,
  type ReplayResponse,
  type ReplayServer,
} from "@sync-worker/providers/api-football/testing/replay-server";
import { createProviderSet } from "@sync-worker/providers/provider-set";
import type { ProviderSet } from "@sync-worker/providers/types";
import { emptyContent } from "@sync-worker/test-support/worker";
import { getTeamKeyPlayers } from "../match/key-players.server";
import { getLeaderboard, getLeaderboards, getTopPlayers } from "./leaderboard.server";
import { loadPlayerPage, loadSquadPage } from "./player-page.server";
import { leaderboardSchema, playerRecentFormSchema, playerStatisticsSchema } from "./players.schema";
import { findPlayerByName, getPlayerRecentForm, getPlayerStatistics, getTeamSquad } from "./players.server";

const KEY = "players-replay-key-0123456789";
const NOW = "2026-02-07T15:50:00Z";
const EARLIER_ROUNDS = [1379051, 1379061, 1379071, 1379081, 1379091];
const UNITED_SPURS = 1379101;
const [BRUNO, HAALAND, SANCHEZ, MOUNT, RASHFORD] = [891, 1100, 1650, 2931, 909];
const SEASON = "2526";

/** The season's fixtures: the 7 February matchday and Manchester United's five rounds before it. */
function seasonFixtures(): object {
  const matchday = JSON.parse(readReplayFile("fixtures-39-2025.json"));
  const earlier = JSON.parse(readReplayFile("fixtures-39-2025-manchester-united-rounds-20-24.json"));
  const response = [...earlier.response, ...matchday.response];
  return { ...matchday, results: response.length, response };
}

const ROUTES: Record<string, ReplayResponse> = {
  "fixtures?league=39&season=2025": { body: seasonFixtures() },
  "odds?bookmaker=8&league=39&season=2025": { file: "odds-39-2025-page-1.json" },
  "odds?bookmaker=8&league=39&page=2&season=2025": { file: "odds-39-2025-page-2.json" },
  "players?league=39&season=2025": { file: "players-39-2025-page-1.json" },
  "players?league=39&page=2&season=2025": { file: "players-39-2025-page-2.json" },
  "players/topscorers?league=39&season=2025": { file: "topscorers-39-2025.json" },
  "players/topassists?league=39&season=2025": { file: "topassists-39-2025.json" },
  ...Object.fromEntries(
    [...EARLIER_ROUNDS, UNITED_SPURS].map((id) => [`fixtures/players?fixture=${id}`, { file: `players-${id}.json` }]),
  ),
};

describe.each(testDatabases())("players, squads and leaderboards on $driver", (testDb) => {
  let db: DbHandle;
  let server: ReplayServer;
  let providers: ProviderSet;
  let now = new Date(NOW);
  const clock: Clock = { setting: { kind: "replay", start: new Date(NOW), speed: 1 }, now: () => new Date(now) };
  const ctx = () => ({ db, clock });
  const log = memoryLogger();

  const run = (job: JobDefinition): Promise<JobRun> =>
    runJob(job, {
      db: jobDbOf(db),
      clock,
      providers,
      content: emptyContent(),
      log,
      signal: new AbortController().signal,
      settings: { backfillSeasons: 1, fullBackfill: false, leagues: ["premier-league"] },
    });

  beforeAll(async () => {
    [db, server] = await Promise.all([testDb.open(), startReplayServer({ key: KEY, routes: ROUTES })]);
    const env = parseEnv({
      API_FOOTBALL_KEY: KEY,
      API_FOOTBALL_BASE_URL: server.url,
      CLOCK: `replay:${NOW}`,
      DATA_PROVIDERS:
        "fixtures=api-football,odds=api-football,live=off,events=off,lineups=off,standings=results,team-statistics=results",
    });
    providers = createProviderSet({ env, clock, log });
    for (const job of [referenceDataJob, fixturesAndOddsJob, playerStatsJob, leaderboardsJob]) {
      expect(await run(job)).toMatchObject({ job: job.name, status: "ok", error: null });
    }
    // The match sheets job as it ran on the evening of 4 January: it asks for every match
    // finished since then that has no player figures yet.
    now = new Date("2026-01-04T18:00:00Z");
    const asked = server.requests.length;
    expect(await run(playerMatchStatsJob)).toMatchObject({ status: "ok", rowsRejected: 0 });
    expect(server.requests.slice(asked).map((r) => r.route)).toEqual(
      [...EARLIER_ROUNDS, UNITED_SPURS].map((id) => `fixtures/players?fixture=${id}`),
    );
    now = new Date(NOW);
    expect(server.unmatched).toEqual([]);
  });
  afterAll(async () => {
    await server?.close();
    await testDb.dispose();
  });

  describe("player statistics (spec 3's response)", () => {
    it("gives a player's current season at his club, in the spec's shape", async () => {
      const statistics = await getPlayerStatistics(ctx(), BRUNO);
      expect(playerStatisticsSchema.parse(statistics)).toEqual(statistics);
      expect(statistics).toEqual({
        player: { id: BRUNO, name: "Bruno Fernandes", nationality: "Portugal", age: 31 },
        team: { id: 33, name: "Manchester United", logo: teamBadgeUrl(33) },
        league: { key: "premier-league", name: "Premier League" },
        season: { code: SEASON, label: "2025/26" },
        statistics: {
          position: "Midfielder",
          appearances: 24,
          lineups: 24,
          minutes: 2121,
          rating: "7.52",
          shots: { on: 20 },
          goals: { total: 7, assists: 10 },
          passes: { key: 70, accuracy: 33 },
          dribbles: { success: 14, attempts: 25 },
        },
      });
    });

    it("gives a player with two clubs the one he played most for, or the one asked for", async () => {
      expect((await getPlayerStatistics(ctx(), SANCHEZ))?.team.name).toBe("Chelsea");
      const wolves = await getPlayerStatistics(ctx(), SANCHEZ, { teamId: 39 });
      expect(wolves?.team.name).toBe("Wolverhampton Wanderers");
      expect(wolves?.statistics).toMatchObject({
        position: "Goalkeeper",
        appearances: 3,
        minutes: 270,
        passes: { accuracy: 68 },
      });
    });

    it("knows a player seen only on match sheets, without season figures, and nobody else", async () => {
      const mount = await getPlayerStatistics(ctx(), MOUNT);
      expect(mount).toMatchObject({ player: { name: "Mason Mount", age: null }, team: { id: 33 }, statistics: null });
      // An unused substitute has no performance, so the data does not know him.
      expect(await getPlayerStatistics(ctx(), RASHFORD)).toBeNull();
      expect(await getPlayerStatistics(ctx(), 999_999)).toBeNull();
    });
  });

  describe("recent form", () => {
    it("lists the player's last five matches, the most recent first, with his performance", async () => {
      const form = await getPlayerRecentForm(ctx(), BRUNO);
      expect(playerRecentFormSchema.parse(form)).toEqual(form);
      expect(
        form.map((m) => [
          m.fixture.date.slice(0, 10),
          m.teams.home.name,
          m.teams.away.name,
          m.goals.home,
          m.goals.away,
        ]),
      ).toEqual([
        ["2026-02-07", "Manchester United", "Tottenham Hotspur", 2, 0],
        ["2026-02-01", "Manchester United", "Fulham", 0, 1],
        ["2026-01-25", "Arsenal", "Manchester United", 2, 3],
        ["2026-01-17", "Manchester United", "Manchester City", 2, 0],
        ["2026-01-07", "Burnley", "Manchester United", 2, 2],
      ]);
      expect(form[0].playerPerformance).toEqual({
        teamId: 33,
        minutes: 90,
        rating: "8.60",
        goals: 1,
        assists: 1,
        shots: { on: 2 },
      });
      expect(form[3].playerPerformance).toEqual({
        teamId: 33,
        minutes: 88,
        rating: "8.10",
        goals: 0,
        assists: 2,
        shots: { on: 1 },
      });
    });

    it("sees only the matches that have kicked off at the clock's moment", async () => {
      now = new Date("2026-02-05T12:00:00Z");
      try {
        const form = await getPlayerRecentForm(ctx(), BRUNO);
        expect(form.map((m) => m.fixture.date.slice(0, 10))).toEqual([
          "2026-02-01",
          "2026-01-25",
          "2026-01-17",
          "2026-01-07",
          "2026-01-04",
        ]);
      } finally {
        now = new Date(NOW);
      }
    });

    it("gives an opponent's player his match against the club, and a player without sheets none", async () => {
      const haaland = await getPlayerRecentForm(ctx(), HAALAND);
      expect(haaland.map((m) => [m.teams.home.name, m.teams.away.name, m.playerPerformance])).toEqual([
        [
          "Manchester United",
          "Manchester City",
          { teamId: 50, minutes: 90, rating: "6.50", goals: 0, assists: 0, shots: { on: 1 } },
        ],
      ]);
      expect(await getPlayerRecentForm(ctx(), SANCHEZ)).toEqual([]);
    });
  });

  describe("squads", () => {
    it("lists every player the data knows for a club: season figures first, then match sheets", async () => {
      const squad = await getTeamSquad(ctx(), 33);
      expect(squad.map((p) => [p.name, p.position, p.season?.appearances ?? null, p.href])).toEqual([
        ["Bruno Fernandes", "Midfielder", 24, "/premier-league/teams/manchester-united/players/bruno-fernandes-891"],
        ["B. Mbeumo", "Attacker", null, "/premier-league/teams/manchester-united/players/b-mbeumo-19428"],
        ["Mason Mount", "Midfielder", null, "/premier-league/teams/manchester-united/players/mason-mount-2931"],
        ["S. Lammens", "Goalkeeper", null, "/premier-league/teams/manchester-united/players/s-lammens-71569"],
      ]);
      expect(squad[0].season).toEqual({ appearances: 24, minutes: 2121, goals: 7, assists: 10, rating: "7.5" });
    });

    it("lists a player who moved in both clubs' squads, each with that club's figures", async () => {
      const [chelsea] = await getTeamSquad(ctx(), 49);
      const [wolves] = await getTeamSquad(ctx(), 39);
      expect([chelsea.name, chelsea.season?.appearances, chelsea.href]).toEqual([
        "Robert Sánchez",
        12,
        "/premier-league/teams/chelsea/players/robert-sanchez-1650",
      ]);
      expect([wolves.name, wolves.season?.appearances, wolves.href]).toEqual([
        "Robert Sánchez",
        3,
        "/premier-league/teams/wolverhampton-wanderers/players/robert-sanchez-1650",
      ]);
    });

    it("is empty for a club the data has no players of", async () => {
      expect(await getTeamSquad(ctx(), 40)).toEqual([]);
    });
  });

  it("finds a player by his name in a club or league only when one player has it", async () => {
    expect(await findPlayerByName(ctx(), "bruno-fernandes", { teamId: 33 })).toBe(BRUNO);
    expect(await findPlayerByName(ctx(), "erling-haaland", { league: "premier-league" })).toBe(HAALAND);
    expect(await findPlayerByName(ctx(), "haaland", { teamId: 33 })).toBeNull();
    expect(await findPlayerByName(ctx(), "haaland", { league: "la-liga" })).toBeNull();
    expect(await findPlayerByName(ctx(), "nobody-here", { league: "premier-league" })).toBeNull();
  });

  describe("leaderboards", () => {
    it("ranks the top scorers, top assists and top rated of the league season, with per-match rates and player pages", async () => {
      // The three boards in one statement.
      const { result: boards, queries } = await countQueries(() => getLeaderboards(ctx(), "premier-league", SEASON));
      expect(queries).toBe(1);
      for (const board of Object.values(boards)) expect(leaderboardSchema.parse(board)).toEqual(board);
      expect(boards["top-scorers"].map((p) => [p.name, p.team, p.goals, p.goalsPerMatch])).toEqual([
        ["E. Haaland", "Manchester City", 22, "0.92"],
        ["Igor Thiago", "Brentford", 16, "0.67"],
        ["V. Gyökeres", "Arsenal", 11, "0.48"],
        ["Bruno Fernandes", "Manchester United", 7, "0.29"],
        ["B. Saka", "Arsenal", 6, "0.27"],
        ["Robert Sánchez", "Wolverhampton Wanderers", 0, "0.00"],
        ["Robert Sánchez", "Chelsea", 0, "0.00"],
      ]);
      expect(boards["top-assists"].map((p) => [p.name, p.assists, p.assistsPerMatch])).toEqual([
        ["Bruno Fernandes", 10, "0.42"],
        ["B. Saka", 7, "0.32"],
        ["E. Haaland", 4, "0.17"],
        ["Igor Thiago", 2, "0.08"],
        ["V. Gyökeres", 2, "0.09"],
        ["Robert Sánchez", 0, "0.00"],
        ["Robert Sánchez", 0, "0.00"],
      ]);
      // Sánchez's 270 minutes at Wolves are under a third of the busiest player's 2,121.
      expect(boards["top-rated"].map((p) => [p.name, p.rating, p.appearances])).toEqual([
        ["Bruno Fernandes", "7.5", 24],
        ["E. Haaland", "7.5", 24],
        ["B. Saka", "7.3", 22],
        ["Igor Thiago", "7.1", 24],
        ["V. Gyökeres", "7.0", 23],
        ["Robert Sánchez", "6.8", 12],
      ]);
      expect(boards["top-scorers"][0]).toMatchObject({
        id: HAALAND,
        teamId: 50,
        position: "Attacker",
        minutes: 2050,
        href: "/premier-league/teams/manchester-city/players/e-haaland-1100",
      });
      expect(await getTopPlayers(ctx(), "premier-league", SEASON)).toEqual(boards["top-scorers"]);
      // Each board as read on its own.
      for (const kind of LEADERBOARD_KINDS)
        expect(await getLeaderboard(ctx(), "premier-league", SEASON, kind)).toEqual(boards[kind]);
    });

    it("is empty for a league without player data", async () => {
      expect(await getLeaderboards(ctx(), "la-liga", SEASON)).toEqual({
        "top-scorers": [],
        "top-assists": [],
        "top-rated": [],
      });
    });

    it("gives the match page's key players their player pages", async () => {
      const united = await getTeamKeyPlayers(ctx(), 33, "premier-league", SEASON);
      expect(united?.topScorer).toMatchObject({
        id: BRUNO,
        name: "Bruno Fernandes",
        href: "/premier-league/teams/manchester-united/players/bruno-fernandes-891",
      });
    });
  });

  describe("the pages' loaders", () => {
    const get = (path: string) => new Request(`http://localhost${path}`);
    const outcome = async (
      load: Promise<unknown>,
    ): Promise<{ status: number; location?: string | null; body?: string }> => {
      try {
        await load;
        return { status: 200 };
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        return { status: thrown.status, location: thrown.headers.get("Location"), body: await thrown.text() };
      }
    };
    const CANONICAL = "/premier-league/teams/manchester-united/players/bruno-fernandes-891";

    it("renders the canonical player page with the season summary and the recent form lines", async () => {
      const page = (await loadPlayerPage(ctx(), get(CANONICAL))).data;
      expect(page.player).toEqual({
        id: BRUNO,
        name: "Bruno Fernandes",
        position: "Midfielder",
        details: "Portugal • Age 31",
      });
      expect(page.team).toMatchObject({ name: "Manchester United", href: "/premier-league/teams/manchester-united" });
      expect(page.summary?.map((f) => `${f.label}: ${f.value}${f.detail ? ` (${f.detail})` : ""}`)).toEqual([
        "Appearances: 24 (24 starts)",
        "Minutes: 2,121",
        "Goals: 7",
        "Assists: 10",
        "Shots on Target per Game: 0.8",
        "Key Passes: 70",
        "Avg Rating: 7.5",
        "Pass Accuracy: 33%",
        "Dribbles: 14/25 (success/attempts)",
      ]);
      expect(page.recentForm.map((m) => [m.date, m.venue, m.opponent, m.score, m.result, m.rating, m.badges])).toEqual([
        ["Feb 7", "vs", "Tottenham Hotspur", "2-0", "Win", "8.6", ["Goal", "Assist", "High Rating"]],
        ["Feb 1", "vs", "Fulham", "0-1", "Loss", "6.2", []],
        ["Jan 25", "@", "Arsenal", "3-2", "Win", "7.8", ["Goal"]],
        ["Jan 17", "vs", "Manchester City", "2-0", "Win", "8.1", ["2 Assists", "High Rating"]],
        ["Jan 7", "@", "Burnley", "2-2", "Draw", "6.9", ["Goal"]],
      ]);
      expect(page.recentForm[0].matchHref).toBe(
        "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
      );
    });

    it.each([
      [
        "a misspelt name before the id",
        "/premier-league/teams/manchester-united/players/bruno-fernandez-891",
        CANONICAL,
      ],
      ["a bare id", "/premier-league/teams/manchester-united/players/891", CANONICAL],
      ["a name without the id", "/premier-league/teams/manchester-united/players/bruno-fernandes", CANONICAL],
      ["no club", "/premier-league/teams/players/bruno-fernandes-891", CANONICAL],
      [
        "no club and no id",
        "/premier-league/teams/players/erling-haaland",
        "/premier-league/teams/manchester-city/players/e-haaland-1100",
      ],
      ["the club's id", "/premier-league/teams/33/players/bruno-fernandes-891", CANONICAL],
      ["another club he never played for", "/premier-league/teams/arsenal/players/bruno-fernandes-891", CANONICAL],
      ["another league", "/la-liga/teams/manchester-united/players/bruno-fernandes-891", CANONICAL],
      [
        "the predictions alias and a query",
        "/premier-league-predictions/teams/manchester-united/players/bruno-fernandes-891?ref=x",
        `${CANONICAL}?ref=x`,
      ],
      [
        "his other club",
        "/premier-league/teams/wolves/players/robert-sanchez-1650",
        "/premier-league/teams/wolverhampton-wanderers/players/robert-sanchez-1650",
      ],
    ])("301s %s to the canonical page", async (_what, path, location) => {
      expect(await outcome(loadPlayerPage(ctx(), get(path)))).toMatchObject({ status: 301, location });
    });

    it.each([
      ["an unknown id", "/premier-league/teams/manchester-united/players/someone-999999"],
      ["a name nobody at the club has", "/premier-league/teams/manchester-united/players/erling-haaland"],
      ["a name and an unknown club", "/premier-league/teams/springfield-rovers/players/bruno-fernandes"],
      ["an unused substitute", "/premier-league/teams/manchester-united/players/m-rashford-909"],
    ])("answers %s with a 404 'Player Not Found'", async (_what, path) => {
      expect(await outcome(loadPlayerPage(ctx(), get(path)))).toEqual({
        status: 404,
        location: null,
        body: "Player Not Found",
      });
    });

    it("renders a squad page by position, 301s its other spellings, and 404s an unknown club", async () => {
      const page = (await loadSquadPage(ctx(), get("/premier-league/teams/manchester-united/players"))).data;
      expect(page.groups.map((g) => [g.position, g.players.map((p) => p.name)])).toEqual([
        ["Goalkeeper", ["S. Lammens"]],
        ["Midfielder", ["Bruno Fernandes", "Mason Mount"]],
        ["Attacker", ["B. Mbeumo"]],
      ]);
      const squad = "/premier-league/teams/manchester-united/players";
      for (const path of [
        "/premier-league/teams/33/players",
        "/premier-league/teams/man-united/players",
        "/la-liga/teams/manchester-united/players",
      ]) {
        expect(await outcome(loadSquadPage(ctx(), get(path)))).toMatchObject({ status: 301, location: squad });
      }
      expect(await outcome(loadSquadPage(ctx(), get("/premier-league/teams/springfield-rovers/players")))).toEqual({
        status: 404,
        location: null,
        body: "Team Not Found",
      });
    });
  });
});
