import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Clock } from "@shared/config/clock";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import {
  readReplayFile,
  startReplayServer,
  type ReplayServer,
} from "@sync-worker/providers/api-football/testing/replay-server";
import type { ProviderFixture } from "@sync-worker/providers/types";
import { REPLAY_MOMENT } from "@sync-worker/test-support/worker";
import { INTERNAL_COOKIE, accessCookieValue } from "./access.server";
import { MAX_FIXTURE_ID, handleCreateMatch, parseFixtureId } from "./create-match.server";
import { createOperatorServices } from "@sync-worker/operations";
import { nextOrLatest } from "@sync-worker/operations/create-match";
import { NEXT_MEETING_KICKOFF, unitedBrightonCsv } from "@sync-worker/test-support/united-brighton-csv";

const TOKEN = "internal-pages-token-0123456789";
const API_KEY = "api-football-key-0123456789";
const SITE = "http://127.0.0.1:3000";
const FIXTURE_ID = 1379121;
const csv = unitedBrightonCsv();

describe("the fixture ID of the URL", () => {
  it.each([
    [undefined, { ok: true, id: null }],
    ["1", { ok: true, id: 1 }],
    ["1379121", { ok: true, id: 1379121 }],
    ["007", { ok: true, id: 7 }],
    [String(MAX_FIXTURE_ID), { ok: true, id: 2147483647 }],
  ])("reads %j", (segment, expected) => {
    expect(parseFixtureId(segment)).toEqual(expected);
  });

  it.each(["0", "2147483648", "99999999999999", "-1", "12a", "1.5", "1e3", " 1", "abc", "", "１２"])(
    "refuses %j",
    (segment) => {
      expect(parseFixtureId(segment)).toEqual({
        ok: false,
        error: "The fixture ID must be a whole number from 1 to 2147483647.",
      });
    },
  );
});

describe("choosing among a provider's meetings", () => {
  const meeting = (kickoff: string, state: ProviderFixture["state"] = "pre-match") =>
    ({ kickoffAt: new Date(kickoff), state }) as ProviderFixture;
  const now = new Date("2026-02-07T15:50:00Z");

  it("takes the next one, a match in play included, else the latest", () => {
    const played = meeting("2026-01-10T15:00:00Z", "post-match");
    const next = meeting("2026-02-21T17:30:00Z");
    const inPlay = meeting("2026-02-07T15:00:00Z", "live");
    expect(nextOrLatest([next, played], now)).toBe(next);
    expect(nextOrLatest([next, inPlay, played], now)).toBe(inPlay);
    expect(nextOrLatest([played, meeting("2025-08-30T11:30:00Z", "post-match")], now)).toBe(played);
    expect(nextOrLatest([], now)).toBeNull();
  });
});

describe.each(testDatabases())("creating a match from a provider on $driver", (testDb) => {
  let db: DbHandle;
  let server: ReplayServer;
  const clock: Clock = { setting: { kind: "replay", start: REPLAY_MOMENT, speed: 1 }, now: () => REPLAY_MOMENT };
  const csvEnv = parseEnv({
    INTERNAL_PAGES_TOKEN: TOKEN,
    SITE_URL: SITE,
    FOOTBALL_DATA_DIR: csv.seasonsDir,
    CLOCK: `replay:${REPLAY_MOMENT.toISOString()}`,
  });
  const apiEnv = () =>
    parseEnv({
      INTERNAL_PAGES_TOKEN: TOKEN,
      SITE_URL: SITE,
      FOOTBALL_DATA_DIR: csv.seasonsDir,
      API_FOOTBALL_KEY: API_KEY,
      API_FOOTBALL_BASE_URL: server.url,
    });

  const post = (
    env: ReturnType<typeof parseEnv>,
    segment?: string,
    headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` },
  ) =>
    handleCreateMatch(
      new Request(`${SITE}/api/matches/from-api${segment === undefined ? "" : `/${segment}`}`, {
        method: "POST",
        headers,
      }),
      { env, operations: createOperatorServices({ env, clock, db }) },
      segment,
    );
  const fixtureRows = () =>
    db.execute<{
      id: number;
      home_team_id: number;
      away_team_id: number;
      venue: string | null;
      api_football_fixture_id: number | null;
      kickoff_at: string | Date;
    }>("select id, home_team_id, away_team_id, venue, api_football_fixture_id, kickoff_at from fixtures order by id");

  beforeAll(async () => {
    db = await testDb.open();
    server = await startReplayServer({
      key: API_KEY,
      routes: {
        [`fixtures?id=${FIXTURE_ID}`]: { file: `fixtures-id-${FIXTURE_ID}.json` },
        "fixtures?id=999": {
          body: {
            get: "fixtures",
            parameters: { id: "999" },
            errors: [],
            results: 0,
            paging: { current: 1, total: 1 },
            response: [],
          },
        },
        "fixtures?id=555": {
          body: (() => {
            // A Champions League match: not one of the five leagues.
            const answer = JSON.parse(readReplayFile(`fixtures-id-${FIXTURE_ID}.json`));
            answer.parameters.id = "555";
            answer.response[0].fixture.id = 555;
            answer.response[0].league.id = 2;
            return answer;
          })(),
        },
        "fixtures?id=777": { file: "error-plan.json" },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await testDb.dispose();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it("is closed without the token: a JSON 404 and nothing fetched or written", async () => {
    for (const headers of [{}, { Authorization: "Bearer not-the-internal-token-at-all" }] as Record<string, string>[]) {
      const response = await post(apiEnv(), String(FIXTURE_ID), headers);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not Found" });
    }
    const unset = parseEnv({ SITE_URL: SITE, API_FOOTBALL_KEY: API_KEY, API_FOOTBALL_BASE_URL: server.url });
    expect((await post(unset, String(FIXTURE_ID))).status).toBe(404);
    expect(server.requests).toEqual([]);
    expect(await fixtureRows()).toEqual([]);
  });

  it.each(["abc", "0", "99999999999", "12.5"])("answers the fixture ID %j with a 400", async (segment) => {
    const response = await post(apiEnv(), segment);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The fixture ID must be a whole number from 1 to 2147483647." });
    expect(server.requests).toEqual([]);
  });

  it("creates the match from API-Football's /fixtures?id=..., with the spec's fields", async () => {
    const response = await post(apiEnv(), String(FIXTURE_ID));
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(server.requests.map((request) => request.route)).toEqual([`fixtures?id=${FIXTURE_ID}`]);
    const [row] = await fixtureRows();
    expect(await response.json()).toEqual({
      id: row.id,
      homeTeamCode: "MUN",
      awayTeamCode: "BHA",
      league: "Premier League",
      matchDate: NEXT_MEETING_KICKOFF,
      venue: "Old Trafford",
      homeTeam: "Manchester United",
      awayTeam: "Brighton & Hove Albion",
      season: "2526",
      fixtureId: FIXTURE_ID,
      provider: "api-football",
      created: true,
      matchUrl: `/match/${row.id}`,
    });
    expect(row).toMatchObject({
      home_team_id: 33,
      away_team_id: 51,
      venue: "Old Trafford",
      api_football_fixture_id: FIXTURE_ID,
    });
  });

  it("returns the same match when asked again, and writes nothing new", async () => {
    const before = await fixtureRows();
    const response = await post(apiEnv(), String(FIXTURE_ID));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: before[0].id, created: false });
    expect(await fixtureRows()).toEqual(before);
  });

  it("finds the same match in the CSV files without a fixture ID: the next Manchester United v Brighton", async () => {
    const before = await fixtureRows();
    const response = await post(csvEnv);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: before[0].id,
      homeTeamCode: "MUN",
      awayTeamCode: "BHA",
      matchDate: NEXT_MEETING_KICKOFF,
      provider: "football-data",
      // The CSV files have no fixture ids; the one API-Football gave stays.
      fixtureId: null,
      created: false,
    });
    expect(await fixtureRows()).toEqual(before);
  });

  it("creates a CSV match without a fixture ID on a database that has none, once", async () => {
    await db.execute("delete from fixtures");
    const created = await post(csvEnv);
    expect(created.status).toBe(201);
    const body = await created.json();
    const [row] = await fixtureRows();
    expect(body).toMatchObject({
      id: row.id,
      homeTeamCode: "MUN",
      awayTeamCode: "BHA",
      venue: "Old Trafford",
      fixtureId: null,
      created: true,
    });
    expect(row).toMatchObject({ home_team_id: 33, away_team_id: 51, api_football_fixture_id: null, venue: null });
    const again = await post(csvEnv);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...body, created: false });
    expect(await fixtureRows()).toHaveLength(1);
  });

  it("says the key-less CSV provider cannot look up fixture ids (422), without writing", async () => {
    const before = await fixtureRows();
    const response = await post(csvEnv, String(FIXTURE_ID));
    expect(response.status).toBe(422);
    expect((await response.json()).error).toBe(
      "The configured fixtures provider (football-data.co.uk CSV files) cannot look up fixtures by id: its data has no fixture ids. " +
        "Leave the fixture ID empty to create the next Manchester United v Brighton match, or set API_FOOTBALL_KEY to look fixture ids up at API-Football.",
    );
    expect(await fixtureRows()).toEqual(before);
  });

  it("asks API-Football when the site's fixtures come from it (DATA_PROVIDERS)", async () => {
    await db.execute("delete from fixtures");
    const env = parseEnv({
      INTERNAL_PAGES_TOKEN: TOKEN,
      SITE_URL: SITE,
      API_FOOTBALL_KEY: API_KEY,
      API_FOOTBALL_BASE_URL: server.url,
      DATA_PROVIDERS: "fixtures=api-football,odds=api-football",
    });
    const response = await post(env, String(FIXTURE_ID));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ fixtureId: FIXTURE_ID, provider: "api-football", created: true });
  });

  it.each([
    ["an id API-Football does not know", "999", 404, "API-Football has no fixture 999."],
    [
      "a match outside the five leagues",
      "555",
      422,
      "API-Football fixture 555 cannot be stored: fixture 555: league 2 is not one of the five leagues.",
    ],
    [
      "an answer with the provider's error envelope",
      "777",
      502,
      "api-football: fixtures: plan: Free plans do not have access to this season, try from 2021 to 2023.",
    ],
  ])("fails clearly for %s, and writes nothing", async (_case, segment, status, error) => {
    const before = await fixtureRows();
    const response = await post(apiEnv(), segment);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body).toEqual({ error });
    expect(JSON.stringify(body)).not.toContain(TOKEN);
    expect(JSON.stringify(body)).not.toContain(API_KEY);
    expect(await fixtureRows()).toEqual(before);
  });

  it("answers a refused key with a 502 that says what to set", async () => {
    const env = parseEnv({
      INTERNAL_PAGES_TOKEN: TOKEN,
      SITE_URL: SITE,
      API_FOOTBALL_KEY: "a-wrong-api-football-key",
      API_FOOTBALL_BASE_URL: server.url,
    });
    const response = await post(env, String(FIXTURE_ID));
    expect(response.status).toBe(502);
    expect((await response.json()).error).toMatch(
      /^api-football: fixtures: the key was refused: .* \(set API_FOOTBALL_KEY to a valid API-Football key\)$/,
    );
  });

  it("takes the page's POST with the cookie from this site, and refuses it from another site (CSRF)", async () => {
    await db.execute("delete from fixtures");
    const cookie = `${INTERNAL_COOKIE}=${accessCookieValue(TOKEN)}`;
    const foreign = await post(apiEnv(), String(FIXTURE_ID), { Cookie: cookie, Origin: "https://attacker.example" });
    expect(foreign.status).toBe(403);
    const withoutOrigin = await post(apiEnv(), String(FIXTURE_ID), { Cookie: cookie });
    expect(withoutOrigin.status).toBe(403);
    expect(server.requests).toEqual([]);
    expect(await fixtureRows()).toEqual([]);

    const own = await post(apiEnv(), String(FIXTURE_ID), { Cookie: cookie, Origin: SITE });
    expect(own.status).toBe(201);
  });
});

afterAll(() => csv.remove());
