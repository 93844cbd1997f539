import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { liveEvents } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { fixturesAndOddsJob } from "@sync-worker/jobs/fixtures-and-odds";
import { liveJob } from "@sync-worker/jobs/live";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { directorySource } from "@sync-worker/providers/football-data-csv/source";
import { REPLAY_MOMENT, emptyContent, testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { handleLiveMatch } from "./live-match.server";
import { handleFindUnitedBrighton } from "./united-brighton.server";
import {
  NEXT_MEETING_KICKOFF,
  PLAYED_MEETING_KICKOFF,
  unitedBrightonCsv,
} from "@sync-worker/test-support/united-brighton-csv";

const TOKEN = "internal-pages-token-0123456789";
const SITE = "http://127.0.0.1:3000";
const csv = unitedBrightonCsv();
afterAll(() => csv.remove());

const env = parseEnv({ INTERNAL_PAGES_TOKEN: TOKEN, SITE_URL: SITE, FOOTBALL_DATA_DIR: csv.seasonsDir });
const authorised = (path: string) => new Request(`${SITE}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
const content = emptyContent();

describe.each(testDatabases())("the test page's fixture and live checks on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  const context = () => ({ env, db, clock: worker.clock, content });
  const find = () => handleFindUnitedBrighton(authorised("/api/find-united-brighton"), context());
  const live = () => handleLiveMatch(authorised("/api/live-match"), context());
  const idOf = async (home: number, away: number) =>
    (
      await db.execute<{ id: number }>(
        `select id from fixtures where home_team_id = ${home} and away_team_id = ${away}`,
      )
    )[0].id;

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db, { source: directorySource(csv.seasonsDir), env: { FOOTBALL_DATA_DIR: csv.seasonsDir } });
  });
  afterAll(() => testDb.dispose());

  it("says so when no Manchester United v Brighton fixture is stored, and when no match is live", async () => {
    const response = await find();
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      error: "No Manchester United v Brighton & Hove Albion fixture is stored yet.",
    });

    const quiet = await live();
    expect(quiet.status).toBe(200);
    expect(await quiet.json()).toEqual({
      live: false,
      message: "No match is live right now.",
      checkedAt: REPLAY_MOMENT.toISOString(),
    });
  });

  it("finds the next meeting from the synced CSV fixtures, in the spec's shape", async () => {
    for (const job of [referenceDataJob, backfillJob, fixturesAndOddsJob])
      expect((await worker.run(job)).status).toBe("ok");
    const response = await find();
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const found = await response.json();
    const id = await idOf(33, 51);
    // The spec's fields: teams.home.name, teams.away.name, fixture.date, fixture.venue.name, fixture.id.
    expect(found.teams.home.name).toBe("Manchester United");
    expect(found.teams.away.name).toBe("Brighton & Hove Albion");
    expect(found.fixture.date).toBe(NEXT_MEETING_KICKOFF);
    // The CSV files name no venue: the home club's ground.
    expect(found.fixture.venue.name).toBe("Old Trafford");
    expect(found.fixture.id).toBe(id);
    expect(found).toMatchObject({
      when: "next",
      fixture: { state: "pre-match", status: "NS", apiFootballFixtureId: null },
      league: { key: "premier-league", name: "Premier League", season: "2526" },
      teams: { home: { id: 33, code: "MUN" }, away: { id: 51, code: "BHA" } },
      goals: { home: null, away: null },
      matchUrl: `/match/${id}`,
    });
  });

  it("finds the meeting at Brighton when that one comes first: either side at home", async () => {
    worker.setNow("2026-01-01T12:00:00Z");
    const found = await (await find()).json();
    expect(found).toMatchObject({
      when: "next",
      teams: { home: { name: "Brighton & Hove Albion" }, away: { name: "Manchester United" } },
      fixture: { date: PLAYED_MEETING_KICKOFF, id: await idOf(51, 33) },
    });
  });

  it("finds the latest meeting when none is ahead", async () => {
    worker.setNow("2026-03-01T12:00:00Z");
    expect(await (await find()).json()).toMatchObject({ when: "latest", fixture: { date: NEXT_MEETING_KICKOFF } });
    worker.setNow("2026-02-01T12:00:00Z");
    expect(await (await find()).json()).toMatchObject({ when: "next", fixture: { date: NEXT_MEETING_KICKOFF } });
    worker.setNow(REPLAY_MOMENT);
  });

  it("gives the first match in play with its live score, minute and events", async () => {
    expect((await worker.run(liveJob)).status).toBe("ok");
    const [first] = await db.execute<{
      id: number;
      home_score: number;
      away_score: number;
      live_minute: number;
      status: string;
    }>(
      `select id, home_score, away_score, live_minute, status from fixtures where match_state = 'live' order by kickoff_at, id limit 1`,
    );
    const [{ n: inPlay }] = await db.execute<{ n: number }>(
      `select count(*)::int as n from fixtures where match_state = 'live'`,
    );
    expect(inPlay).toBeGreaterThan(1);
    // A goal the live score counts: the match page drops goals beyond the score.
    expect(first.home_score).toBeGreaterThan(0);
    await db.db.insert(liveEvents).values({
      fixtureId: first.id,
      minute: 23,
      side: "home",
      type: "Goal",
      detail: "Normal Goal",
      playerName: "A. Scorer",
    });

    const response = await live();
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({
      live: true,
      inPlay,
      match: {
        id: first.id,
        homeScore: first.home_score,
        awayScore: first.away_score,
        liveMinute: first.live_minute,
        status: first.status,
      },
    });
    expect(answer.match.liveMinute).toBeGreaterThan(0);
    expect(answer.match.events).toEqual([
      {
        minute: 23,
        extraMinute: null,
        side: "home",
        type: "Goal",
        detail: "Normal Goal",
        player: "A. Scorer",
        assist: null,
      },
    ]);
    expect(answer.match.matchUrl).toMatch(/-predictions\/.+-vs-.+-prediction$/);
  });

  it("answers a wrong token as if the endpoints did not exist", async () => {
    for (const handle of [handleFindUnitedBrighton, handleLiveMatch]) {
      const response = await handle(
        new Request(`${SITE}/api/live-match`, { headers: { Authorization: "Bearer not-the-internal-token-at-all" } }),
        context(),
      );
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('{"error":"Not Found"}');
    }
  });
});
