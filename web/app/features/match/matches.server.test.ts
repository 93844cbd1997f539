import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContent, type Content } from "@shared/content/content";
import { localContentSource, serializeDataset } from "@shared/content/local-source";
import { plainTextToPortableText } from "@shared/content/portable-text";
import type { ContentDocument } from "@shared/content/source";
import type { DbHandle } from "@shared/db";
import { lineups, players, playerSeasonStats, predictions, standingsSnapshots } from "@shared/db/schema";
import { countQueries } from "@shared/db/query-count";
import { testDatabases } from "@shared/db/test-databases";
import { bigMatchIds } from "@shared/model/match-stakes";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { liveJob } from "@sync-worker/jobs/live";
import { matchOfTheWeekJob } from "@sync-worker/jobs/match-of-the-week";
import { lockPicksJob } from "@sync-worker/jobs/lock-picks";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { settlePicksJob } from "@sync-worker/jobs/settle-picks";
import { standingsJob } from "@sync-worker/jobs/standings";
import { REPLAY_MOMENT, testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { getHomePicks, getMatchOfTheWeek, getTopLeaguePicks } from "../home/home-picks.server";
import { getTeamKeyPlayers, getTeamsKeyPlayers } from "./key-players.server";
import { getTopPlayers } from "../player/leaderboard.server";
import { listLeagueMatches } from "./match-lists.server";
import { recentForm } from "./match-detail-sections.server";
import { getMatchById, getMatchBySlugs } from "./match-lookups.server";
import { matchweekWindow } from "./matchweeks.server";
import { getTopPicks } from "../picks/picks.server";
import { getLeagueTable } from "../standings/standings.server";

const id = (slug: string) => getTeamBySlug(slug)!.id;
const MODEL = "test-model-1";

const newcastleBrentford = {
  league: "premier-league",
  season: "2526",
  homeTeam: "newcastle-united",
  awayTeam: "brentford",
} as const;
const unitedSpurs = {
  league: "premier-league",
  season: "2526",
  homeTeam: "manchester-united",
  awayTeam: "tottenham-hotspur",
} as const;

function documents(): ContentDocument[] {
  return [
    {
      _id: "matchPreview-new-bre",
      _type: "matchPreview",
      _rev: "new-bre-1",
      ...newcastleBrentford,
      updatedAt: "2026-02-06T10:00:00Z",
      bestPick: "Newcastle United to Win",
      confidence: 70,
      projectedScore: "2-0",
      matchSummary: plainTextToPortableText("Newcastle are strong at St James' Park."),
      managersNotes: plainTextToPortableText("Howe expects a full house."),
      keyInsights: ["Brentford concede early"],
    },
    {
      _id: "drafts.matchPreview-new-bre",
      _type: "matchPreview",
      _rev: "new-bre-draft-1",
      ...newcastleBrentford,
      bestPick: "Draw",
      confidence: 45,
      projectedScore: "1-1",
      keyInsights: [],
    },
    {
      // Edited after kick-off: the page keeps showing the pick locked at kick-off.
      _id: "matchPreview-mun-tot",
      _type: "matchPreview",
      _rev: "mun-tot-1",
      ...unitedSpurs,
      updatedAt: "2026-02-07T13:00:00Z",
      bestPick: "Tottenham Hotspur to Win",
      confidence: 90,
      keyInsights: [],
    },
  ];
}

function contentOf(docs: ContentDocument[]): Content {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "matches-content-")), "dataset.ndjson");
  writeFileSync(file, serializeDataset(docs));
  return createContent(localContentSource(file), { cache: { maxAgeMs: 0 } });
}

const prediction = {
  modelVersion: MODEL,
  probHome: 0.52,
  probDraw: 0.24,
  probAway: 0.24,
  probOver25: 0.61,
  probBtts: 0.55,
  expectedGoalsHome: 1.8,
  expectedGoalsAway: 1.1,
  projectedHomeScore: 2,
  projectedAwayScore: 1,
  resultPick: "1" as const,
  overUnderPick: "Over 2.5 Goals",
  bttsPick: "YES" as const,
  bttsConfidence: 55,
};

describe("the matchweek window", () => {
  it("runs from Monday 00:00 UTC of the clock's week to the next Monday", () => {
    expect(matchweekWindow(REPLAY_MOMENT)).toEqual({
      from: new Date("2026-02-02T00:00:00Z"),
      to: new Date("2026-02-09T00:00:00Z"),
    });
    expect(matchweekWindow(new Date("2026-02-09T00:00:00Z")).from).toEqual(new Date("2026-02-09T00:00:00Z"));
    expect(matchweekWindow(new Date("2026-02-08T23:59:59Z")).from).toEqual(new Date("2026-02-02T00:00:00Z"));
  });
});

describe.each(testDatabases())("league and match read models on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let content: Content;
  const fixtureId = async (home: string, away: string) =>
    (
      await db.execute<{ id: number }>(
        `select id from fixtures where home_team_id = ${id(home)} and away_team_id = ${id(away)} order by kickoff_at desc limit 1`,
      )
    )[0].id;
  const context = () => ({ db, clock: worker.clock, content });

  beforeAll(async () => {
    db = await testDb.open();
    content = contentOf(documents());
    worker = testWorker(db, { content });
    for (const job of [referenceDataJob, backfillJob, liveJob, standingsJob]) {
      expect((await worker.run(job)).status).toBe("ok");
    }
    await db.db.insert(predictions).values([
      {
        ...prediction,
        fixtureId: await fixtureId("manchester-united", "tottenham-hotspur"),
        // 2-1 the likeliest score, six or more home goals in the 5+ row.
        scoreGrid: Array.from({ length: 36 }, (_, cell) => (cell === 13 ? 0.3 : cell === 30 ? 0.05 : 0.65 / 34)),
        bestPick: "Manchester United to Win",
        confidence: 52,
        predictedAt: new Date("2026-02-07T09:00:00Z"),
      },
      {
        ...prediction,
        fixtureId: await fixtureId("arsenal", "sunderland"),
        bestPick: "Arsenal to Win",
        confidence: 81.5,
        predictedAt: new Date("2026-02-07T09:00:00Z"),
      },
      {
        ...prediction,
        fixtureId: await fixtureId("newcastle-united", "brentford"),
        bestPick: "Over 2.5 Goals",
        confidence: 61,
        predictedAt: new Date("2026-02-07T09:00:00Z"),
      },
    ]);
    expect((await worker.run(lockPicksJob)).status).toBe("ok");
    expect((await worker.run(settlePicksJob)).status).toBe("ok");
  });
  afterAll(() => testDb.dispose());

  it("lists the league's matches of the week ranked by the confidence of the effective pick", async () => {
    const matches = await listLeagueMatches(context(), "premier-league", false);
    expect(matches.map((m) => `${m.home.name} v ${m.away.name}`)).toEqual([
      "Arsenal v Sunderland",
      "Newcastle United v Brentford",
      "Manchester United v Tottenham Hotspur",
      "Fulham v Everton",
    ]);
    const [arsenal, newcastle, united, fulham] = matches;
    expect(arsenal).toMatchObject({
      state: "live",
      href: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
    });
    expect(arsenal.resolution).toMatchObject({ bestPick: "Arsenal to Win", confidenceLabel: "81.5%", isLocked: true });
    expect(arsenal.resolution.liveScore).toEqual({ home: arsenal.homeScore, away: arsenal.awayScore });
    // The published editorial pick overrides the algorithm's before kick-off.
    expect(newcastle).toMatchObject({ state: "pre-match", pickConfidence: 70 });
    expect(newcastle.resolution).toMatchObject({
      bestPick: "Newcastle United to Win",
      source: "editorial",
      score: "2-0",
    });
    // What the card's parlay button adds with the pick: the model's chance of that outcome (a home win).
    expect(newcastle.bestPickProbability).toBe(prediction.probHome);
    // Finished: the pick locked at kick-off, settled on the final score, confidence 100%.
    expect(united.state).toBe("post-match");
    expect(united.resolution).toMatchObject({
      bestPick: "Manchester United to Win",
      confidenceLabel: "100%",
      score: "2-0",
    });
    expect(united.resolution.picks.best.outcome).toBe("hit");
    expect(fulham.resolution).toMatchObject({
      bestPick: "Coming Soon",
      confidenceLabel: "Coming Soon",
      isComingSoon: true,
    });
    expect(fulham.bestPickProbability).toBeNull();
  });

  it("shows drafts only in preview", async () => {
    const previewed = await listLeagueMatches(context(), "premier-league", true);
    expect(previewed.find((m) => m.home.slug === "newcastle-united")?.resolution).toMatchObject({
      bestPick: "Draw",
      confidenceLabel: "45%",
    });
  });

  it("ranks the week's picks of every league together for /picks, at most ten", async () => {
    const top = await getTopPicks(context(), false);
    expect(top.length).toBeGreaterThan(4);
    expect(top.length).toBeLessThanOrEqual(10);
    expect(top.slice(0, 3).map((m) => `${m.home.name} v ${m.away.name}`)).toEqual([
      "Arsenal v Sunderland",
      "Newcastle United v Brentford",
      "Manchester United v Tottenham Hotspur",
    ]);
    expect(new Set(top.map((m) => m.league)).size).toBeGreaterThan(1);
    const confidences = top.map((m) => m.pickConfidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    expect((await getTopPicks(context(), false, 2)).map((m) => m.home.slug)).toEqual(["arsenal", "newcastle-united"]);
  });

  it("has no matches for a league without fixtures this week", async () => {
    expect(await listLeagueMatches(context(), "serie-a", false)).toEqual([]);
  });

  it("reads one match by league and slugs with odds, probabilities, form and head-to-head", async () => {
    const match = await getMatchBySlugs(context(), "premier-league", "manchester-united", "tottenham-hotspur", false);
    expect(match).not.toBeNull();
    expect(match!.id).toBe(await fixtureId("manchester-united", "tottenham-hotspur"));
    expect(match!.odds).toMatchObject({ home: expect.any(Number), draw: expect.any(Number), away: expect.any(Number) });
    expect(match!.probabilities).toMatchObject({ home: 0.52, over25: 0.61, btts: 0.55, expectedGoalsHome: 1.8 });
    expect(match!.scoreProbabilities).toHaveLength(36);
    expect(match!.scoreProbabilities![13]).toEqual({ home: "2", away: "1", probability: 0.3 });
    expect(match!.scoreProbabilities![30]).toEqual({ home: "5+", away: "0", probability: 0.05 });
    // The finished match's opening and closing prices, against the forecast (home 52%, over 2.5 61%).
    expect(match!.oddsMovement!.result).toMatchObject({ market: "1x2", source: "market-average" });
    expect(match!.oddsMovement!.result!.outcomes.map((o) => o.outcome)).toEqual(["home", "draw", "away"]);
    expect(["toward", "away", "unchanged"]).toContain(match!.oddsMovement!.result!.direction);
    expect(match!.oddsMovement!.goals!.outcomes.map((o) => o.outcome)).toEqual(["over", "under"]);
    // A prediction stored before scorelines were: no grid, not an empty one.
    const older = await getMatchBySlugs(context(), "premier-league", "arsenal", "sunderland", false);
    expect(older!.probabilities).not.toBeNull();
    expect(older!.scoreProbabilities).toBeNull();
    expect(match!.resolution.picks.result).toMatchObject({
      code: "1",
      text: "Manchester United to Win",
      outcome: "hit",
    });
    expect(match!.resolution.picks.overUnder).toMatchObject({ code: "O2.5", outcome: "miss" });
    expect(match!.resolution.picks.btts).toMatchObject({ code: "YES", outcome: "miss" });
    expect(match!.stats.find((s) => s.label === "Shots")).toEqual({ label: "Shots", home: 15, away: 8 });
    expect(match!.headToHead.map((m) => `${m.home} ${m.score} ${m.away}`)).toEqual([
      "Manchester United 1-1 Tottenham Hotspur",
    ]);
    expect(match!.preview?.bestPick).toBe("Tottenham Hotspur to Win");
    expect(match!.resolution.bestPick).toBe("Manchester United to Win");
  });

  it("reads what an upcoming match means with its prediction, in the same statement, and marks the week's biggest", async () => {
    const upcoming = await fixtureId("newcastle-united", "brentford");
    const finished = await fixtureId("manchester-united", "tottenham-hotspur");
    const club = (teamId: number, now: number, win: number, loss: number) => ({
      teamId,
      now: { title: 0, championsLeague: now, relegation: 0 },
      title: { win: 0, draw: 0, loss: 0 },
      championsLeague: { win, draw: now, loss },
      relegation: { win: 0, draw: 0, loss: 0 },
      swing: Number((win - loss).toFixed(4)),
    });
    const payload = (home: number, away: number, importance: number) => ({
      version: 1,
      seasons: 20_000,
      results: { home: 0.45, draw: 0.27, away: 0.28 },
      home: club(home, 0.42, 0.55, 0.3),
      away: club(away, 0.2, 0.3, 0.11),
      importance,
    });
    await db.execute(
      `insert into match_stakes (fixture_id, league, importance, payload) values
        (${upcoming}, 'premier-league', 0.44, '${JSON.stringify(payload(id("newcastle-united"), id("brentford"), 0.44))}'),
        (${finished}, 'premier-league', 0.9, '${JSON.stringify(payload(id("manchester-united"), id("tottenham-hotspur"), 0.9))}')`,
    );
    try {
      const { result: match, queries } = await countQueries(() =>
        getMatchBySlugs(context(), "premier-league", "newcastle-united", "brentford", false),
      );
      expect(match!.state).toBe("pre-match");
      expect(match!.stakes).toEqual({
        importance: 0.44,
        bigMatch: true,
        sentences: [
          "A win lifts Newcastle United's chance of a Champions League place from 42% to 55%; a defeat drops it to 30%.",
          "A win lifts Brentford's chance of a Champions League place from 20% to 30%; a defeat drops it to 11%.",
        ],
        clubs: [
          expect.objectContaining({ name: "Newcastle United", label: "Champions League places", now: 0.42, win: 0.55 }),
          expect.objectContaining({ name: "Brentford", label: "Champions League places", now: 0.2, loss: 0.11 }),
        ],
      });
      // A match played has nothing at stake any more, whatever is stored.
      const played = await getMatchBySlugs(
        context(),
        "premier-league",
        "manchester-united",
        "tottenham-hotspur",
        false,
      );
      expect(played!.stakes).toBeNull();
      const cards = await listLeagueMatches(context(), "premier-league", false);
      expect(cards.find((c) => c.id === upcoming)!.importance).toBe(0.44);
      expect(cards.find((c) => c.id === finished)?.importance ?? null).toBeNull();
      expect([...bigMatchIds(cards)]).toEqual([upcoming]);
      // Read with the prediction: no statement of its own.
      await db.execute(`delete from match_stakes where fixture_id = ${upcoming}`);
      const { result: without, queries: queriesWithout } = await countQueries(() =>
        getMatchBySlugs(context(), "premier-league", "newcastle-united", "brentford", false),
      );
      expect(without!.stakes).toBeNull();
      expect(queries).toBe(queriesWithout);
    } finally {
      await db.execute(`delete from match_stakes`);
    }
  });

  it("reads form as the last finished matches before kick-off, newest first, and previous meetings", async () => {
    const match = await getMatchBySlugs(context(), "premier-league", "arsenal", "sunderland", false);
    expect(match!.form.home.map((f) => `${f.result} ${f.score} ${f.isHome ? "vs" : "at"} ${f.opponent}`)).toEqual([
      "Draw 1-1 at Chelsea",
      "Win 2-1 vs Chelsea",
      "Draw 2-2 at Liverpool",
      "Win 2-0 vs Everton",
    ]);
    expect(match!.headToHead).toEqual([]);
    expect(match!.events).toEqual([]);
    expect(match!.updatedAgo).toMatch(/^Updated \d+[sm] ago$/);
  });

  it("reads both sides' forms in one statement and their lineups in another, a meeting of the two in each side's form", async () => {
    const { result: match, queries } = await countQueries(() =>
      getMatchBySlugs(context(), "premier-league", "chelsea", "arsenal", false),
    );
    const form = (side: "home" | "away") =>
      match!.form[side].map((f) => `${f.result} ${f.score} ${f.isHome ? "vs" : "at"} ${f.opponent}`);
    // Chelsea's and Arsenal's finished matches before their meeting of 31 January, newest first:
    // their earlier meeting is in both, seen from each side.
    expect(form("home")).toContain("Loss 1-2 at Arsenal");
    expect(form("away")).toContain("Win 2-1 vs Chelsea");
    for (const side of ["home", "away"] as const) {
      const kickoffs = match!.form[side].map((f) => f.kickoffAt);
      expect(kickoffs).toEqual([...kickoffs].sort().reverse());
      expect(kickoffs.every((k) => k < "2026-01-31T15:00:00.000Z")).toBe(true);
    }
    // One form is one statement, and so are both (and both lineups): the match reads 9
    // statements, 11 when each side's form and lineup were read on their own.
    const { queries: withOneForm } = await countQueries(() =>
      recentForm(context(), match!.home.id, new Date(match!.kickoffAt)),
    );
    expect(withOneForm).toBe(1);
    expect(queries).toBe(9);
  });

  it("reads head-to-head as the previous meetings in either venue, newest first", async () => {
    const match = await getMatchBySlugs(context(), "premier-league", "chelsea", "arsenal", false);
    expect(match).toMatchObject({ state: "post-match", kickoffAt: "2026-01-31T15:00:00.000Z" });
    expect(match!.headToHead.map((m) => `${m.home} ${m.score} ${m.away}`)).toEqual(["Arsenal 2-1 Chelsea"]);
  });

  it("reads each side's most recent lineup up to the match, with at most 7 substitutes", async () => {
    const player = (n: number) => ({
      id: n,
      name: `Player ${n}`,
      number: n,
      pos: n === 1 ? ("G" as const) : ("M" as const),
    });
    await db.db.insert(lineups).values({
      fixtureId: await fixtureId("chelsea", "arsenal"),
      teamId: id("arsenal"),
      formation: "4-3-3",
      coachName: "Mikel Arteta",
      startXi: Array.from({ length: 11 }, (_, i) => player(i + 1)),
      substitutes: Array.from({ length: 9 }, (_, i) => player(i + 12)),
    });
    const match = await getMatchBySlugs(context(), "premier-league", "arsenal", "sunderland", false);
    expect(match!.lineups.away).toBeNull();
    expect(match!.lineups.home).toMatchObject({
      formation: "4-3-3",
      coach: "Mikel Arteta",
      opponent: "Chelsea",
      kickoffAt: "2026-01-31T15:00:00.000Z",
    });
    expect(match!.lineups.home!.startXi).toHaveLength(11);
    expect(match!.lineups.home!.substitutes.map((p) => p.number)).toEqual([12, 13, 14, 15, 16, 17, 18]);
    // A lineup from after the match is not its recent lineup.
    const earlier = await getMatchBySlugs(context(), "premier-league", "arsenal", "chelsea", false);
    expect(earlier!.lineups.home).toBeNull();
    // Both sides' lineups of the match itself, each its own team's (read in one statement).
    await db.db.insert(lineups).values({
      fixtureId: await fixtureId("chelsea", "arsenal"),
      teamId: id("chelsea"),
      formation: "3-4-2-1",
      coachName: "Enzo Maresca",
      startXi: Array.from({ length: 11 }, (_, i) => player(i + 31)),
      substitutes: [],
    });
    const both = await getMatchBySlugs(context(), "premier-league", "chelsea", "arsenal", false);
    expect(both!.lineups.home).toMatchObject({ teamId: id("chelsea"), formation: "3-4-2-1", coach: "Enzo Maresca" });
    expect(both!.lineups.away).toMatchObject({ teamId: id("arsenal"), formation: "4-3-3", coach: "Mikel Arteta" });
    expect([both!.lineups.home!.opponent, both!.lineups.away!.opponent]).toEqual(["Arsenal", "Chelsea"]);
    await db.execute(`delete from lineups where team_id = ${id("chelsea")}`);
  });

  it("reads a team's key players without goalkeepers, the keeper on his own, and the league's top scorers", async () => {
    expect(await getTeamKeyPlayers({ db }, id("arsenal"), "premier-league", "2526")).toBeNull();
    expect(await getTopPlayers({ db }, "premier-league", "2526")).toEqual([]);
    await db.db.insert(players).values([
      { id: 9001, name: "Bukayo Saka" },
      { id: 9002, name: "Martin Odegaard" },
      { id: 9003, name: "David Raya" },
    ]);
    const season = { teamId: id("arsenal"), league: "premier-league" as const, season: "2526" };
    await db.db.insert(playerSeasonStats).values([
      {
        ...season,
        playerId: 9001,
        position: "Attacker",
        appearances: 22,
        minutes: 1800,
        goals: 9,
        assists: 6,
        rating: 7.62,
        passesAccuracy: 81,
      },
      {
        ...season,
        playerId: 9002,
        position: "Midfielder",
        appearances: 20,
        minutes: 1700,
        goals: 3,
        assists: 8,
        rating: 8.04,
      },
      // A keeper with the best rating still stays out of the outfield lines.
      {
        ...season,
        playerId: 9003,
        position: "Goalkeeper",
        appearances: 24,
        minutes: 2160,
        goals: 0,
        assists: 1,
        rating: 8.3,
      },
    ]);
    const key = await getTeamKeyPlayers({ db }, id("arsenal"), "premier-league", "2526");
    expect(key).toMatchObject({
      topScorer: { name: "Bukayo Saka", goals: 9, rating: "7.6", highRating: false },
      topAssists: { name: "Martin Odegaard", assists: 8, passAccuracy: null },
      topRated: { name: "Martin Odegaard", rating: "8.0", highRating: true },
      goalkeeper: { name: "David Raya", rating: "8.3" },
    });
    // A match's two sides in one statement: each side its own players, a side without any null.
    const { result: sides, queries } = await countQueries(() =>
      getTeamsKeyPlayers({ db }, [id("sunderland"), id("arsenal")], "premier-league", "2526"),
    );
    expect(queries).toBe(1);
    expect(sides[0]).toBeNull();
    expect(sides[1]).toEqual(key);
    const top = await getTopPlayers({ db }, "premier-league", "2526");
    expect(top.map((p) => [p.name, p.team, p.goals])).toEqual([
      ["Bukayo Saka", "Arsenal", 9],
      ["Martin Odegaard", "Arsenal", 3],
      ["David Raya", "Arsenal", 0],
    ]);
  });

  it("finds nothing for unknown ids and slugs", async () => {
    expect(await getMatchById(context(), 999_999, false)).toBeNull();
    expect(await getMatchBySlugs(context(), "premier-league", "arsenal", "nowhere-fc", false)).toBeNull();
    expect(await getMatchBySlugs(context(), "la-liga", "arsenal", "sunderland", false)).toBeNull();
  });

  it("features the rotation's match of the week and each league's first-ranked match on the home page", async () => {
    expect(await getMatchOfTheWeek(context(), false)).toBeNull();
    expect((await worker.run(matchOfTheWeekJob)).status).toBe("ok");
    const featured = await getMatchOfTheWeek(context(), false);
    // The rotation starts with the Premier League; its most confident prediction this week.
    expect(featured).toMatchObject({
      league: "premier-league",
      href: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
    });
    const picks = await getTopLeaguePicks(context(), false);
    expect(picks.map((p) => [p.leagueName, p.match ? `${p.match.home.name} v ${p.match.away.name}` : null])).toEqual([
      ["Premier League", "Arsenal v Sunderland"],
      ["La Liga", null],
      // No predictions: every match is 'Coming Soon', and the earliest kick-off comes first.
      ["Bundesliga", "SC Freiburg v Werder Bremen"],
      ["Serie A", null],
      ["Ligue 1", null],
    ]);
    // The card says HT at half-time, so it carries the provider's status with the minute.
    expect(picks[0].match).toMatchObject({ state: "live", status: "HT", minute: 45 });
    // Each is the first of its league's whole ranking, though only the five cards shown are built.
    for (const pick of picks) {
      const [first] = await listLeagueMatches(context(), pick.league, false);
      expect(pick.match?.href ?? null).toBe(first?.href ?? null);
      if (first) expect(pick.match).toMatchObject({ id: first.id, resolution: first.resolution });
    }

    // The home page reads both at once: the same answers in four statements instead of six.
    const { result: home, queries } = await countQueries(() => getHomePicks(context(), false));
    expect(home).toEqual({ matchOfTheWeek: featured, topLeaguePicks: picks });
    expect(queries).toBe(4);
    const { queries: apart } = await countQueries(() =>
      Promise.all([getMatchOfTheWeek(context(), false), getTopLeaguePicks(context(), false)]),
    );
    expect(apart).toBe(6);
  });

  it("reads the latest league table with its bands", async () => {
    const table = await getLeagueTable({ db }, "premier-league", "2526");
    expect(table.hasData).toBe(true);
    expect(table.rows[0]).toMatchObject({ position: 1, band: { label: "Champions League Places", emoji: "🔥" } });
    expect(table.rows.find((r) => r.position === 5)?.band?.label).toBe("Europa League Places");
    // Every club at 0 played and 0 points: "No table data available yet".
    const unplayed = await getLeagueTable({ db }, "serie-a", "2526");
    expect(unplayed.rows).toHaveLength(20);
    expect(unplayed.hasData).toBe(false);
    expect(await getLeagueTable({ db }, "premier-league", "2425")).toMatchObject({
      takenAt: null,
      rows: [],
      hasData: false,
    });
    // One statement: the latest snapshot with its rows; a newer snapshot without rows still
    // stands, with its time and no rows.
    const { result: again, queries } = await countQueries(() => getLeagueTable({ db }, "premier-league", "2526"));
    expect(queries).toBe(1);
    expect(again).toEqual(table);
    expect(table.takenAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const later = new Date(Date.parse(table.takenAt!) + 60_000);
    const [empty] = await db.db
      .insert(standingsSnapshots)
      .values({ league: "premier-league", season: "2526", takenAt: later })
      .returning({ id: standingsSnapshots.id });
    try {
      expect(await getLeagueTable({ db }, "premier-league", "2526")).toEqual({
        league: "premier-league",
        season: "2526",
        takenAt: later.toISOString(),
        rows: [],
        hasData: false,
      });
    } finally {
      await db.db.delete(standingsSnapshots).where(eq(standingsSnapshots.id, empty.id));
    }
  });
});
