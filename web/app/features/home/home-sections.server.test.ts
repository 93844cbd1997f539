import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { predictions } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { liveJob } from "@sync-worker/jobs/live";
import { lockPicksJob } from "@sync-worker/jobs/lock-picks";
import { matchOfTheWeekJob } from "@sync-worker/jobs/match-of-the-week";
import { performanceJob } from "@sync-worker/jobs/performance";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { resultsJob } from "@sync-worker/jobs/results";
import { settlePicksJob } from "@sync-worker/jobs/settle-picks";
import { testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { getEmbeddedMatch } from "../match/embedded-match.server";
import { getMatchById } from "../match/match-lookups.server";
import { getAlgoLabRecord } from "./home-sections.server";
import { getSocialCard } from "../social-card/social-card.server";
import { getAlgoPerformance } from "../track-record/track-record.server";

const id = (slug: string) => getTeamBySlug(slug)!.id;

const prediction = {
  modelVersion: "test-model-1",
  probHome: 0.64,
  probDraw: 0.2,
  probAway: 0.16,
  probOver25: 0.58,
  probBtts: 0.41,
  expectedGoalsHome: 2.1,
  expectedGoalsAway: 0.8,
  projectedHomeScore: 2,
  projectedAwayScore: 0,
  resultPick: "1" as const,
  overUnderPick: "Over 2.5 Goals",
  bttsPick: "NO" as const,
  bttsConfidence: 59,
  predictedAt: new Date("2026-02-07T09:00:00Z"),
};

describe.each(testDatabases())(
  "the home page's embedded match, social card and Algo Lab figures on $driver",
  (testDb) => {
    let db: DbHandle;
    let worker: TestWorker;
    let arsenalSunderland: number;
    const env = parseEnv({ SITE_URL: "https://firstkickpicks.example" });
    const context = () => ({ db, clock: worker.clock, content: worker.content, env });

    beforeAll(async () => {
      db = await testDb.open();
      worker = testWorker(db);
      for (const job of [referenceDataJob, backfillJob, liveJob]) expect((await worker.run(job)).status).toBe("ok");
      [{ id: arsenalSunderland }] = await db.execute<{ id: number }>(
        `select id from fixtures where home_team_id = ${id("arsenal")} and away_team_id = ${id("sunderland")} order by kickoff_at desc limit 1`,
      );
      await db.db
        .insert(predictions)
        .values({ ...prediction, fixtureId: arsenalSunderland, bestPick: "Arsenal to Win", confidence: 82 });
    });
    afterAll(() => testDb.dispose());

    it("gives the embedded view the header and picks of a match, rendered, without the long sections' data", async () => {
      const embedded = await getEmbeddedMatch(context(), arsenalSunderland, false);
      const full = await getMatchById(context(), arsenalSunderland, false);
      expect(Object.keys(embedded ?? {}).sort()).toEqual(
        ["away", "home", "href", "id", "leagueName", "markup", "parlayPick", "picks", "state", "title"].sort(),
      );
      expect(embedded).toMatchObject({
        href: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
        state: "live",
        title: "Arsenal vs Sunderland Prediction",
        parlayPick: {
          id: `match-${arsenalSunderland}`,
          pick: full?.resolution.bestPick,
          matchState: "live",
          probability: 0.64,
        },
      });
      expect(embedded?.markup.teams.html).toContain('<span class="live-badge">LIVE</span>');
      expect(embedded?.markup.pickBox.html).toContain(
        `<strong class="pick-box__pick">${full?.resolution.bestPick}</strong>`,
      );
      expect(embedded?.picks.html).toContain("<dt>Match Result</dt>");
      expect(await getEmbeddedMatch(context(), 999_999, false)).toBeNull();
    });

    it("puts the week's most confident pick on the social card until a Match of the Week is chosen", async () => {
      const before = await getSocialCard(context(), false);
      expect(before).toMatchObject({
        siteHost: "firstkickpicks.example",
        headline: "Smart Picks. Fast Plays.",
        subtext: "Save time and win smarter with our AI algorithm-driven soccer predictions.",
        matchweek: 28,
        leagues: ["Premier League", "La Liga", "Bundesliga", "Serie A", "Ligue 1"],
      });
      expect(before.pick).toMatchObject({
        label: "Top Pick",
        home: "Arsenal",
        away: "Sunderland",
        bestPick: "Arsenal to Win",
        confidenceLabel: "82%",
        result: null,
      });

      expect((await worker.run(matchOfTheWeekJob)).status).toBe("ok");
      const featured = await getSocialCard(context(), false);
      expect(featured.pick).toMatchObject({
        label: "Match of the Week",
        leagueName: "Premier League",
        home: "Arsenal",
        state: "live",
        result: null,
      });
    });

    it("quotes the ledger's overall best-pick record in the Algo Lab once picks are settled, and the final result on the card", async () => {
      expect(await getAlgoLabRecord(context())).toBeNull();

      worker.setNow("2026-02-07T20:00:00Z");
      for (const job of [liveJob, resultsJob, lockPicksJob, settlePicksJob, performanceJob]) {
        expect((await worker.run(job)).status).toBe("ok");
      }
      const { overall } = await getAlgoPerformance(context());
      const record = await getAlgoLabRecord(context());
      expect(record).toEqual({
        bestPickAccuracy: overall?.bestPickAccuracy,
        totalMatchesPredicted: overall?.totalMatchesPredicted,
        trackingStartDate: overall?.trackingStartDate,
      });
      expect(record?.totalMatchesPredicted).toBeGreaterThan(0);

      // Arsenal beat Sunderland 3-0: the card shows the final score and the best pick's HIT.
      const card = await getSocialCard(context(), false);
      expect(card.pick).toMatchObject({
        label: "Match of the Week",
        state: "post-match",
        result: { score: "3 - 0", outcome: "hit" },
      });
    });
  },
);
