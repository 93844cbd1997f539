import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContent } from "@shared/content/content";
import { localContentSource, serializeDataset } from "@shared/content/local-source";
import { plainTextToPortableText, portableTextToPlainText } from "@shared/content/portable-text";
import type { DbHandle } from "@shared/db";
import { players, playerSeasonStats, teamSeasonStats } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { LEAGUE_KEYS, type LeagueKey } from "@shared/domain/leagues";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { liveJob } from "@sync-worker/jobs/live";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { standingsJob } from "@sync-worker/jobs/standings";
import { teamStatisticsJob } from "@sync-worker/jobs/team-statistics";
import { testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import type { AppContext } from "~/load-context";
import { TEAM_NOT_FOUND_TITLE } from "./team";
import { createPreviewSessions } from "../content/preview.server";
import { loadTeamListPage, loadTeamPage, requireTeamRoute } from "./team-page.server";
import {
  getTeamInfo,
  getTeamNextFixture,
  getTeamOverview,
  getTeamPlayerStats,
  getTeamRecentFixtures,
  getTeamStanding,
  getTeamStatistics,
  listLeagueTeams,
  resolveTeam,
} from "./teams.server";
import {
  teamFixtureSchema,
  teamInfoSchema,
  teamListItemSchema,
  teamPlayerStatSchema,
  teamStandingSchema,
  teamStatisticsSchema,
} from "./teams.schema";
import { parseEnv } from "@shared/config/env";
import { createOperatorServices } from "@sync-worker/operations";

const id = (slug: string) => getTeamBySlug(slug)!.id;
const ARSENAL = id("arsenal");
const SEASON = "2526";

describe("resolveTeam: a URL segment to the team and its league", () => {
  it.each([
    // An exact slug, in its own league or with no league.
    ["premier-league", "arsenal", "arsenal", "premier-league"],
    [undefined, "arsenal", "arsenal", "premier-league"],
    // All digits is the team id.
    [undefined, "42", "arsenal", "premier-league"],
    ["la-liga", "42", "arsenal", "premier-league"],
    // A 3-letter club code, within the URL's league.
    ["premier-league", "mun", "manchester-united", "premier-league"],
    ["ligue1", "bre", "brest", "ligue1"],
    ["bundesliga", "lev", "bayer-leverkusen", "bundesliga"],
    // Without a league: a club of the season, the Premier League first.
    [undefined, "ARS", "arsenal", "premier-league"],
    [undefined, "bre", "brentford", "premier-league"],
    [undefined, "psg", "paris-saint-germain", "ligue1"],
    // The registry's name lookup: aliases, München = Munich, a club of another league.
    ["premier-league", "man-utd", "manchester-united", "premier-league"],
    ["bundesliga", "bayern-munchen", "bayern-munich", "bundesliga"],
    ["premier-league", "bayern-munich", "bayern-munich", "bundesliga"],
    ["serie-a", "Inter", "inter", "serie-a"],
    // A club of no current league keeps the league it played in last.
    [undefined, "leicester-city", "leicester-city", "premier-league"],
  ] as const)("%s / %s is %s of the %s", (league, segment, slug, expectedLeague) => {
    expect(resolveTeam(league, segment, SEASON)).toEqual({ teamId: id(slug), league: expectedLeague });
  });

  it.each(["nowhere-fc", "0", "999999", "99999999999999999999", "", "   ", "zzz", "real", "x".repeat(150)])(
    "finds no team for %j",
    (segment) => {
      expect(resolveTeam(undefined, segment, SEASON)).toBeNull();
      expect(resolveTeam("premier-league", segment, SEASON)).toBeNull();
    },
  );
});

function contentWith(teamProfiles: Record<string, string>) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "teams-content-")), "dataset.ndjson");
  const docs = Object.entries(teamProfiles).map(([team, text]) => ({
    _id: `teamProfile-${team}`,
    _type: "teamProfile",
    _rev: `${team}-1`,
    team,
    league: "premier-league",
    overview: plainTextToPortableText(text),
  }));
  writeFileSync(file, serializeDataset(docs));
  return createContent(localContentSource(file), { cache: { maxAgeMs: 0 } });
}

describe.each(testDatabases())("team read models on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  const content = contentWith({
    everton: "Everton have played in the top flight for more seasons than any other club.",
  });
  const context = () => ({ db, clock: worker.clock });
  const appContext = (): AppContext => {
    const env = parseEnv({});
    return {
      env,
      db,
      clock: worker.clock,
      content,
      previewSessions: createPreviewSessions(env),
      operations: createOperatorServices({ env, db, clock: worker.clock }),
    };
  };

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db);
    for (const job of [referenceDataJob, backfillJob, liveJob, standingsJob, teamStatisticsJob]) {
      expect((await worker.run(job)).status).toBe("ok");
    }
  });
  afterAll(() => testDb.dispose());

  describe("listLeagueTeams", () => {
    it.each([
      ["premier-league", 20],
      ["la-liga", 20],
      ["bundesliga", 18],
      ["serie-a", 20],
      ["ligue1", 18],
    ] as const)(
      "lists the %s's %s clubs of the season, alphabetically, with canonical links and badges",
      async (league, count) => {
        const clubs = await listLeagueTeams(context(), league, SEASON);
        expect(clubs).toHaveLength(count);
        // By the name fans use (the short one), not the legal prefix of the full name.
        const names = clubs.map((club) => club.shortName ?? club.name);
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
        if (league === "ligue1") {
          expect(clubs.slice(0, 4).map((club) => club.name)).toEqual([
            "Angers SCO",
            "AJ Auxerre",
            "Stade Brestois",
            "Le Havre AC",
          ]);
          expect(clubs.findIndex((club) => club.name === "RC Lens")).toBeLessThan(
            clubs.findIndex((club) => club.name === "Lille OSC"),
          );
        }
        for (const club of clubs) {
          expect(teamListItemSchema.parse(club)).toEqual(club);
          expect(club.url).toBe(`/${league === "ligue1" ? "ligue-1" : league}/teams/${club.slug}`);
          expect(club.badge).toBe(`/badges/${club.id}.svg?v=1`);
        }
      },
    );

    it("lists the clubs with fixtures in the database for a season the registry does not list", async () => {
      const clubs = await listLeagueTeams(context(), "premier-league", "2425");
      expect(clubs.map((club) => club.name)).toEqual([
        "Arsenal",
        "Chelsea",
        "Everton",
        "Liverpool",
        "Manchester United",
        "Tottenham Hotspur",
      ]);
      expect(await listLeagueTeams(context(), "serie-a", "2425")).toEqual([]);
    });
  });

  it("reads the club's info: name, ground, badge and the league's name", async () => {
    const info = await getTeamInfo(context(), ARSENAL, "premier-league", SEASON);
    expect(teamInfoSchema.parse(info)).toEqual(info);
    expect(info).toMatchObject({
      team: {
        id: 42,
        name: "Arsenal",
        code: "ARS",
        venue: "Emirates Stadium",
        city: "London",
        badge: "/badges/42.svg?v=1",
        url: "/premier-league/teams/arsenal",
      },
      league: { key: "premier-league", name: "Premier League", season: SEASON },
    });
    expect(await getTeamInfo(context(), 999_999, "premier-league", SEASON)).toBeNull();
  });

  it("reads the club's standing from the latest table, with its form oldest first", async () => {
    const standing = await getTeamStanding(context(), ARSENAL, "premier-league", SEASON);
    expect(teamStandingSchema.parse(standing)).toEqual(standing);
    // Won 2-1 at home to Chelsea, drew 1-1 at Chelsea; the match in play does not count yet.
    expect(standing).toMatchObject({
      rank: 1,
      points: 4,
      played: 2,
      wins: 1,
      draws: 1,
      losses: 0,
      goalDifference: 1,
      form: "WD",
    });
    expect(await getTeamStanding(context(), id("newcastle-united"), "premier-league", SEASON)).toMatchObject({
      played: 0,
      form: null,
    });
    expect(await getTeamStanding(context(), ARSENAL, "premier-league", "2425")).toBeNull();
  });

  it("reads the next match: the one in play first, else the next scheduled one, with the home ground as venue", async () => {
    const live = await getTeamNextFixture(context(), ARSENAL, "premier-league", SEASON);
    expect(teamFixtureSchema.parse(live)).toEqual(live);
    expect(live).toMatchObject({
      fixture: {
        date: "2026-02-07T15:00:00.000Z",
        state: "live",
        venue: { name: "Emirates Stadium" },
        url: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
      },
      teams: { home: { id: ARSENAL, name: "Arsenal" }, away: { name: "Sunderland", slug: "sunderland" } },
    });
    const liverpool = await getTeamNextFixture(context(), id("liverpool"), "premier-league", SEASON);
    expect(liverpool).toMatchObject({
      fixture: { date: "2026-02-14T15:00:00.000Z", state: "pre-match", venue: { name: "Tottenham Hotspur Stadium" } },
      teams: { home: { name: "Tottenham Hotspur" }, away: { name: "Liverpool" } },
      goals: { home: null, away: null },
    });
    expect(await getTeamNextFixture(context(), id("real-madrid"), "la-liga", SEASON)).toBeNull();
  });

  it("reads the last five finished matches, most recent first, reaching into earlier seasons", async () => {
    const recent = await getTeamRecentFixtures(context(), ARSENAL, "premier-league", SEASON);
    for (const fixture of recent) expect(teamFixtureSchema.parse(fixture)).toEqual(fixture);
    expect(
      recent.map(
        (f) =>
          `${f.fixture.date.slice(0, 10)} ${f.teams.home.name} ${f.goals.home}-${f.goals.away} ${f.teams.away.name}`,
      ),
    ).toEqual([
      "2026-01-31 Chelsea 1-1 Arsenal",
      "2025-08-16 Arsenal 2-1 Chelsea",
      "2024-09-14 Liverpool 2-2 Arsenal",
      "2024-08-17 Arsenal 2-0 Everton",
    ]);
    expect(recent[0].fixture.url).toBe("/premier-league-predictions/chelsea-vs-arsenal-prediction");
    // A season bounds the list: nothing from after it.
    expect(
      (await getTeamRecentFixtures(context(), ARSENAL, "premier-league", "2425")).map((f) =>
        f.fixture.date.slice(0, 10),
      ),
    ).toEqual(["2024-09-14", "2024-08-17"]);
  });

  it("reads the six stats from the stored season figures, with real counts for over 2.5 and BTTS", async () => {
    const stats = await getTeamStatistics(context(), ARSENAL, "premier-league", SEASON);
    expect(teamStatisticsSchema.parse(stats)).toEqual(stats);
    // 2-1 at home, 1-1 away.
    expect(stats).toEqual({
      matches: 2,
      avgGoalsScored: 1.5,
      avgGoalsConceded: 1,
      cleanSheets: 0,
      over25Percentage: 50,
      bttsPercentage: 100,
      homeWinRate: 100,
      awayWinRate: 0,
      over25Basis: "counted",
      bttsBasis: "counted",
      source: "results",
    });
    // Newcastle have not finished a match: 'No completed matches in current season yet'.
    expect(await getTeamStatistics(context(), id("newcastle-united"), "premier-league", SEASON)).toBeNull();
  });

  it("estimates over 2.5 and BTTS from the averages for figures without counts", async () => {
    const chelsea = id("chelsea");
    await db.db.insert(teamSeasonStats).values({
      teamId: chelsea,
      league: "premier-league",
      season: "2425",
      source: "api-football",
      playedHome: 1,
      playedAway: 1,
      winsHome: 0,
      goalsForHome: 1,
      goalsAgainstHome: 2,
      goalsForAway: 3,
      goalsAgainstAway: 0,
      winsAway: 1,
      cleanSheets: 1,
    });
    expect(await getTeamStatistics(context(), chelsea, "premier-league", "2425")).toMatchObject({
      matches: 2,
      avgGoalsScored: 2,
      avgGoalsConceded: 1,
      // Poisson(3) goals: 58% over 2.5; (1 − e^−2)(1 − e^−1) = 55% both score.
      over25Percentage: 58,
      bttsPercentage: 55,
      over25Basis: "estimated",
      bttsBasis: "estimated",
      homeWinRate: 0,
      awayWinRate: 100,
      source: "api-football",
    });
  });

  it("has no player stats from the key-less CSV source, and orders a provider's: key players, then goalkeepers", async () => {
    expect(await getTeamPlayerStats(context(), ARSENAL, "premier-league", SEASON)).toEqual([]);
    await db.db.insert(players).values([
      { id: 9101, name: "Bukayo Saka", position: "Attacker" },
      { id: 9102, name: "Declan Rice", position: "Midfielder" },
      { id: 9103, name: "William Saliba", position: "Defender" },
      { id: 9104, name: "David Raya", position: "Goalkeeper" },
      { id: 9105, name: "Kepa Arrizabalaga", position: "Goalkeeper" },
    ]);
    const season = { teamId: ARSENAL, league: "premier-league" as const, season: SEASON };
    await db.db.insert(playerSeasonStats).values([
      {
        ...season,
        playerId: 9101,
        position: "Attacker",
        appearances: 22,
        minutes: 1800,
        goals: 9,
        assists: 6,
        shotsOn: 25,
        rating: 7.62,
        passesAccuracy: 81,
        yellowCards: 2,
      },
      {
        ...season,
        playerId: 9102,
        position: "Midfielder",
        appearances: 24,
        minutes: 2100,
        goals: 5,
        assists: 10,
        rating: 0,
      },
      {
        ...season,
        playerId: 9103,
        position: "Defender",
        appearances: 24,
        minutes: 2160,
        goals: 1,
        assists: 0,
        tackles: 41,
        redCards: 1,
      },
      {
        ...season,
        playerId: 9104,
        position: "Goalkeeper",
        appearances: 24,
        minutes: 2160,
        rating: 7.1,
        goalsConceded: 18,
        cleanSheets: 9,
      },
      { ...season, playerId: 9105, position: "Goalkeeper", appearances: 1, minutes: 90, goalsConceded: 2 },
    ]);
    const squad = await getTeamPlayerStats(context(), ARSENAL, "premier-league", SEASON);
    for (const player of squad) expect(teamPlayerStatSchema.parse(player)).toEqual(player);
    // Saka and Rice both have 15 goals plus assists: Rice played more.
    expect(squad.map((p) => p.name)).toEqual([
      "Declan Rice",
      "Bukayo Saka",
      "William Saliba",
      "David Raya",
      "Kepa Arrizabalaga",
    ]);
    expect(squad[1]).toEqual({
      id: 9101,
      name: "Bukayo Saka",
      position: "Attacker",
      matchesPlayed: 22,
      minutesPlayed: 1800,
      goals: 9,
      assists: 6,
      shotsOnTarget: 25,
      passCompletionPercent: 81,
      tackles: 0,
      yellowCards: 2,
      redCards: 0,
      rating: 7.62,
      goalsConceded: 0,
      cleanSheets: 0,
    });
    // A rating of 0 is no rating.
    expect(squad[0]).toMatchObject({ rating: null, passCompletionPercent: null });
    expect(squad[3]).toMatchObject({ goalsConceded: 18, cleanSheets: 9, rating: 7.1 });
  });

  it("reads the editors' team overview for any club that has one", async () => {
    const overview = await getTeamOverview({ content }, "everton", false);
    expect(portableTextToPlainText(overview)).toBe(
      "Everton have played in the top flight for more seasons than any other club.",
    );
    expect(await getTeamOverview({ content }, "arsenal", false)).toBeNull();
  });

  describe("the team pages' loaders", () => {
    /** What the team route files do: /{league}/teams/{team} passes its league segment, /teams/{team} none. */
    const load = async (path: string) => {
      const request = new Request(`http://localhost${path}`);
      const [first] = new URL(request.url).pathname.split("/").filter(Boolean);
      return loadTeamPage(appContext(), request, requireTeamRoute(request, first === "teams" ? undefined : first));
    };
    const thrown = async (promise: Promise<unknown>): Promise<Response> => {
      try {
        await promise;
      } catch (error) {
        if (error instanceof Response) return error;
        throw error;
      }
      throw new Error("expected the loader to answer with a thrown Response");
    };

    it("serves the canonical team page with every block", async () => {
      const result = await load("/premier-league/teams/arsenal");
      expect(result.init?.headers).toMatchObject({
        "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=20",
      });
      const page = result.data;
      expect(page.info.team.name).toBe("Arsenal");
      expect(page.seasonLabel).toBe("2025/26");
      expect(page.standing?.rank).toBe(1);
      expect(page.nextFixture?.fixture.state).toBe("live");
      expect(page.live).toBe(true);
      expect(page.recentFixtures).toHaveLength(4);
      expect(page.statistics?.matches).toBe(2);
      expect(page.players.map((p) => p.name)).toContain("Bukayo Saka");
      expect(page.overview).toBeNull();
      const everton = (await load("/premier-league/teams/everton")).data;
      expect(everton.overview?.html).toBe(
        "<p>Everton have played in the top flight for more seasons than any other club.</p>",
      );
    });

    it.each([
      ["/premier-league/teams/42", "/premier-league/teams/arsenal"],
      ["/teams/42", "/premier-league/teams/arsenal"],
      ["/teams/ars", "/premier-league/teams/arsenal"],
      ["/teams/ars?ref=home", "/premier-league/teams/arsenal?ref=home"],
      ["/bundesliga/teams/arsenal", "/premier-league/teams/arsenal"],
      ["/premier-league/teams/man-utd", "/premier-league/teams/manchester-united"],
      ["/premier-league/teams/bayern-munich", "/bundesliga/teams/bayern-munich"],
      ["/ligue-1/teams/85", "/ligue-1/teams/paris-saint-germain"],
      ["/ligue1/teams/85", "/ligue-1/teams/paris-saint-germain"],
      ["/ligue-1-predictions/teams/psg", "/ligue-1/teams/paris-saint-germain"],
      ["/la-liga-predictions/teams/barcelona", "/la-liga/teams/barcelona"],
    ])("redirects %s to %s with a 301", async (from, to) => {
      const response = await thrown(load(from));
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe(to);
    });

    it.each([
      "/premier-league/teams/nowhere-fc",
      "/teams/999999",
      "/teams/zzz",
      "/serie-a/teams/0",
      "/ligue1/teams/players",
      "/teams/0",
    ])("answers %s with a 404 'Team Not Found'", async (path) => {
      const response = await thrown(load(path));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(TEAM_NOT_FOUND_TITLE);
    });

    it("answers a team path under something that is no league with the site's 404", async () => {
      const response = await thrown(load("/nowhere/teams/arsenal"));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Page Not Found");
    });

    it("serves each league's team list with its clubs", async () => {
      const counts: Partial<Record<LeagueKey, number>> = {};
      for (const league of LEAGUE_KEYS)
        counts[league] = (await loadTeamListPage(appContext(), league)).data.teams.length;
      expect(counts).toEqual({ "premier-league": 20, "la-liga": 20, bundesliga: 18, "serie-a": 20, ligue1: 18 });
      expect((await loadTeamListPage(appContext(), "ligue1")).data).toMatchObject({
        name: "Ligue 1",
        url: "/ligue-1/teams",
        seasonLabel: "2025/26",
      });
    });
  });
});
