import { describe, expect, it } from "vitest";
import {
  bigMatchIds,
  biggestStake,
  LITTLE_AT_STAKE_TEXT,
  matchStakesPayload,
  matchStakesView,
  parseMatchStakesPayload,
  stakesPercent,
  stakesSentence,
  type ClubStakes,
} from "./match-stakes";
import { simulateSeasonOutlook } from "./season-outlook";

const flat = (p: number) => ({ win: p, draw: p, loss: p });
const club = (values: Partial<ClubStakes>): ClubStakes => ({
  teamId: 1,
  now: { title: 0, championsLeague: 0, relegation: 0 },
  title: flat(0),
  championsLeague: flat(0),
  relegation: flat(0),
  swing: 0,
  ...values,
});

describe("stakesSentence", () => {
  it.each<[string, ClubStakes, string | null]>([
    [
      "a title race",
      club({ now: { title: 0.61, championsLeague: 1, relegation: 0 }, title: { win: 0.7, draw: 0.58, loss: 0.48 } }),
      "A win lifts Arsenal's title chance from 61% to 70%; a defeat drops it to 48%.",
    ],
    [
      "a relegation fight",
      club({
        now: { title: 0, championsLeague: 0, relegation: 0.4 },
        relegation: { win: 0.31, draw: 0.41, loss: 0.52 },
      }),
      "A win cuts Arsenal's relegation risk from 40% to 31%; a defeat raises it to 52%.",
    ],
    [
      "the biggest of several stakes: the Champions League places, not the title",
      club({
        now: { title: 0.05, championsLeague: 0.5, relegation: 0 },
        title: { win: 0.07, draw: 0.05, loss: 0.03 },
        championsLeague: { win: 0.62, draw: 0.5, loss: 0.35 },
      }),
      "A win lifts Arsenal's chance of a Champions League place from 50% to 62%; a defeat drops it to 35%.",
    ],
    [
      "a win that changes nothing shown, a defeat that does",
      club({ now: { title: 0.998, championsLeague: 1, relegation: 0 }, title: { win: 0.999, draw: 0.99, loss: 0.9 } }),
      "A win leaves Arsenal's title chance at >99%; a defeat drops it to 90%.",
    ],
    [
      "a result no simulated season had",
      club({ now: { title: 0.3, championsLeague: 1, relegation: 0 }, title: { win: 0.4, draw: 0.2, loss: null } }),
      null,
    ],
    [
      "a dead rubber",
      club({
        now: { title: 0, championsLeague: 0.5, relegation: 0 },
        championsLeague: { win: 0.51, draw: 0.5, loss: 0.495 },
      }),
      null,
    ],
  ])("%s", (_, stakes, expected) => {
    expect(stakesSentence(stakes, "Arsenal")).toBe(expected);
  });

  it.each([
    [0, "0%"],
    [0.004, "<1%"],
    [0.005, "1%"],
    [0.614, "61%"],
    [0.996, ">99%"],
    [1, "100%"],
  ])("shows a chance of %d as %s", (p, text) => {
    expect(stakesPercent(p)).toBe(text);
  });

  it("names no stake under 2 points", () => {
    expect(biggestStake(club({ title: { win: 0.51, draw: 0.5, loss: 0.495 } }))).toBeNull();
    expect(biggestStake(club({ title: { win: 0.52, draw: 0.5, loss: 0.5 } }))).toBe("title");
  });
});

describe("the stored stakes", () => {
  const results = [
    { homeTeamId: 1, awayTeamId: 3, homeGoals: 2, awayGoals: 0 },
    { homeTeamId: 2, awayTeamId: 4, homeGoals: 2, awayGoals: 0 },
  ];
  const outlook = simulateSeasonOutlook({
    league: "premier-league",
    teams: [1, 2, 3, 4],
    results,
    remaining: [{ homeTeamId: 1, awayTeamId: 2, lambda: 1.4, mu: 1.1, rho: 0 }],
    stakesFor: [0],
    seasons: 2_000,
    sigma: 0,
  });

  it("keeps each club's chances today beside its chances under each result, and reads back", () => {
    const payload = matchStakesPayload(outlook.stakes[0], outlook);
    expect(payload.home.now.title).toBe(Number(outlook.teams.find((t) => t.teamId === 1)!.title.toFixed(4)));
    expect(payload.home.title).toMatchObject({ win: 1, loss: 0 });
    expect(payload.importance).toBe(2);
    expect(parseMatchStakesPayload(JSON.parse(JSON.stringify(payload)))).toEqual(payload);
    expect(parseMatchStakesPayload({ ...payload, version: 0 })).toBeNull();
    expect(parseMatchStakesPayload({ ...payload, importance: 3 })).toBeNull();
  });
});

describe("bigMatchIds", () => {
  it.each<[string, Array<{ id: number; importance: number | null }>, number[]]>([
    [
      "none at stake",
      [
        { id: 1, importance: null },
        { id: 2, importance: 0.05 },
      ],
      [],
    ],
    [
      "the three biggest from 10 points up, ties by id",
      [
        { id: 5, importance: 0.3 },
        { id: 1, importance: 0.12 },
        { id: 2, importance: 0.3 },
        { id: 3, importance: 0.1 },
        { id: 4, importance: 0.6 },
        { id: 6, importance: 0.09 },
      ],
      [4, 2, 5],
    ],
  ])("%s", (_, matches, expected) => {
    expect([...bigMatchIds(matches)]).toEqual(expected);
  });
});

describe("matchStakesView", () => {
  it("names each club's biggest stake, or says little rides on the match", () => {
    const stored = {
      version: 1,
      seasons: 20_000,
      results: { home: 0.5, draw: 0.25, away: 0.25 },
      home: club({
        teamId: 7,
        now: { title: 0.61, championsLeague: 1, relegation: 0 },
        title: { win: 0.7, draw: 0.58, loss: 0.48 },
        swing: 0.22,
      }),
      away: club({ teamId: 8 }),
      importance: 0.22,
    };
    const view = matchStakesView(stored, { home: "Arsenal", away: "Everton" })!;
    expect(view).toEqual({
      importance: 0.22,
      bigMatch: true,
      sentences: ["A win lifts Arsenal's title chance from 61% to 70%; a defeat drops it to 48%."],
      clubs: [
        { teamId: 7, name: "Arsenal", outcome: "title", label: "Title", now: 0.61, win: 0.7, draw: 0.58, loss: 0.48 },
      ],
    });
    const dull = matchStakesView({ ...stored, home: club({ teamId: 7 }), importance: 0 }, { home: "A", away: "B" })!;
    expect(dull).toMatchObject({ bigMatch: false, sentences: [LITTLE_AT_STAKE_TEXT], clubs: [] });
    expect(matchStakesView({ version: 99 }, { home: "A", away: "B" })).toBeNull();
    expect(matchStakesView(undefined, { home: "A", away: "B" })).toBeNull();
  });
});
