import { describe, expect, it } from "vitest";
import type { LeagueKey } from "./leagues";
import { computeStandings, tiebreakerOrder, type MatchResult, type StandingRow } from "./standings";

let day = 0;
/** A result one day after the previous one, so every list below is in kickoff order. */
function result(homeTeamId: number, awayTeamId: number, homeGoals: number, awayGoals: number): MatchResult {
  day += 1;
  return { homeTeamId, awayTeamId, homeGoals, awayGoals, kickoffAt: new Date(Date.UTC(2025, 7, 15 + day, 15)) };
}

const order = (rows: StandingRow[]) => rows.map((r) => [r.teamId, r.points, r.decidedBy]);

/** Seeded Fisher–Yates, so a failure replays. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// API-Football team ids.
const INTER = 505,
  MILAN = 489,
  JUVENTUS = 496,
  LECCE = 867,
  CAGLIARI = 490;
const REAL_MADRID = 541,
  BARCELONA = 529,
  ATLETICO = 530,
  GETAFE = 546,
  SEVILLA = 536,
  GIRONA = 547,
  ALAVES = 542,
  VALENCIA = 532;
const ARSENAL = 42,
  MAN_CITY = 50,
  CHELSEA = 49;
const BAYERN = 157,
  DORTMUND = 165,
  LEVERKUSEN = 168;
const PSG = 85,
  MARSEILLE = 81,
  LENS = 116,
  LILLE = 79;

/**
 * Inter, Milan and Juventus level on 7 points. Among themselves Juventus took 7, Inter 5 and
 * Milan 4; overall goal difference runs the other way (Milan +5, Inter +1, Juventus −1).
 */
const derbyTriangle: MatchResult[] = [
  result(INTER, MILAN, 2, 0),
  result(MILAN, INTER, 1, 1),
  result(INTER, JUVENTUS, 0, 1),
  result(JUVENTUS, INTER, 0, 0),
  result(MILAN, JUVENTUS, 3, 0),
  result(JUVENTUS, MILAN, 1, 0),
  result(INTER, LECCE, 1, 1),
  result(INTER, CAGLIARI, 2, 2),
  result(MILAN, LECCE, 5, 0),
];

/**
 * Real Madrid, Barcelona and Atlético level on 10 points with every match among them played.
 * The mini-league: Real Madrid 9, Barcelona 4, Atlético 4; between the last two alone,
 * Barcelona 4, Atlético 1, although over the three-team mini-league Atlético's goal
 * difference (0) beats Barcelona's (−1).
 */
const madridBarcelonaAtletico: MatchResult[] = [
  result(REAL_MADRID, BARCELONA, 1, 0),
  result(BARCELONA, REAL_MADRID, 0, 1),
  result(BARCELONA, ATLETICO, 1, 0),
  result(ATLETICO, BARCELONA, 0, 0),
  result(ATLETICO, REAL_MADRID, 2, 0),
  result(REAL_MADRID, ATLETICO, 1, 0),
  result(GETAFE, REAL_MADRID, 0, 0),
  result(BARCELONA, GETAFE, 1, 0),
  result(GETAFE, BARCELONA, 0, 1),
  result(ATLETICO, GETAFE, 4, 0),
  result(GETAFE, ATLETICO, 0, 2),
];

/** Arsenal and Man City level on everything but away goals between them (City won 1-0 at home, Arsenal 2-1). */
const awayGoalsBetweenThem: MatchResult[] = [result(ARSENAL, MAN_CITY, 2, 1), result(MAN_CITY, ARSENAL, 1, 0)];

/**
 * Bayern and Dortmund level on points (3), goal difference (−3) and goals (4); Bayern won the
 * aggregate between them 4-2 while Dortmund scored no away goal in it.
 */
const aggregateBetweenThem: MatchResult[] = [
  result(BAYERN, DORTMUND, 3, 0),
  result(DORTMUND, BAYERN, 2, 1),
  result(BAYERN, LEVERKUSEN, 0, 5),
  result(DORTMUND, LEVERKUSEN, 2, 3),
];

/** Bayern and Dortmund drew twice 1-1; level on points (5), goals (4-2); Bayern scored 3 away, Dortmund 1. */
const awayGoalsOverall: MatchResult[] = [
  result(BAYERN, DORTMUND, 1, 1),
  result(DORTMUND, BAYERN, 1, 1),
  result(LEVERKUSEN, BAYERN, 0, 2),
  result(DORTMUND, LEVERKUSEN, 2, 0),
];

/** PSG and Marseille level on 5 points and +1; PSG took 4 points off Marseille; Marseille scored 6 to PSG's 2. */
const classique: MatchResult[] = [
  result(PSG, MARSEILLE, 1, 0),
  result(MARSEILLE, PSG, 1, 1),
  result(PSG, LENS, 0, 0),
  result(MARSEILLE, LENS, 4, 2),
  result(MARSEILLE, LILLE, 1, 1),
];

const names: Record<number, string> = {
  [ARSENAL]: "Arsenal",
  [MAN_CITY]: "Manchester City",
  [BAYERN]: "Bayern München",
  [DORTMUND]: "Borussia Dortmund",
  [LEVERKUSEN]: "Bayer Leverkusen",
};

describe("computeStandings: each league's tie-breakers", () => {
  it.each<{
    name: string;
    league: LeagueKey;
    results: MatchResult[];
    expected: Array<[number, number, string | null]>;
  }>([
    {
      name: "Serie A: head-to-head points in the three-way mini-league beat goal difference",
      league: "serie-a",
      results: derbyTriangle,
      expected: [
        [JUVENTUS, 7, "head-to-head-points"],
        [INTER, 7, "head-to-head-points"],
        [MILAN, 7, "points"],
        [CAGLIARI, 1, "goal-difference"],
        [LECCE, 1, null],
      ],
    },
    {
      name: "La Liga: the same three-way tie goes by head-to-head too",
      league: "la-liga",
      results: derbyTriangle,
      expected: [
        [JUVENTUS, 7, "head-to-head-points"],
        [INTER, 7, "head-to-head-points"],
        [MILAN, 7, "points"],
        [CAGLIARI, 1, "goal-difference"],
        [LECCE, 1, null],
      ],
    },
    {
      name: "Premier League: goal difference comes before head-to-head",
      league: "premier-league",
      results: derbyTriangle,
      expected: [
        [MILAN, 7, "goal-difference"],
        [INTER, 7, "goal-difference"],
        [JUVENTUS, 7, "points"],
        [CAGLIARI, 1, "goal-difference"],
        [LECCE, 1, null],
      ],
    },
    {
      name: "Ligue 1: overall goal difference first",
      league: "ligue1",
      results: derbyTriangle,
      expected: [
        [MILAN, 7, "goal-difference"],
        [INTER, 7, "goal-difference"],
        [JUVENTUS, 7, "points"],
        [CAGLIARI, 1, "goal-difference"],
        [LECCE, 1, null],
      ],
    },
    {
      name: "La Liga: the two still level after the mini-league are separated by their own head-to-head",
      league: "la-liga",
      results: madridBarcelonaAtletico,
      expected: [
        [REAL_MADRID, 10, "head-to-head-points"],
        [BARCELONA, 10, "head-to-head-points"],
        [ATLETICO, 10, "points"],
        [GETAFE, 1, null],
      ],
    },
    {
      name: "Premier League: goal difference, then goals scored level, then head-to-head points",
      league: "premier-league",
      results: madridBarcelonaAtletico,
      expected: [
        [ATLETICO, 10, "goal-difference"],
        [REAL_MADRID, 10, "head-to-head-points"],
        [BARCELONA, 10, "points"],
        [GETAFE, 1, null],
      ],
    },
    {
      name: "Premier League: head-to-head away goals",
      league: "premier-league",
      results: awayGoalsBetweenThem,
      expected: [
        [MAN_CITY, 3, "head-to-head-away-goals"],
        [ARSENAL, 3, null],
      ],
    },
    {
      name: "Bundesliga: head-to-head away goals",
      league: "bundesliga",
      results: awayGoalsBetweenThem,
      expected: [
        [MAN_CITY, 3, "head-to-head-away-goals"],
        [ARSENAL, 3, null],
      ],
    },
    {
      name: "Serie A: no away goals; level to the end, the table falls back to the name",
      league: "serie-a",
      results: awayGoalsBetweenThem,
      expected: [
        [ARSENAL, 3, "alphabetical"],
        [MAN_CITY, 3, null],
      ],
    },
    {
      name: "Bundesliga: the aggregate between them ('Gesamtergebnis aus Hin- und Rückspiel')",
      league: "bundesliga",
      results: aggregateBetweenThem,
      expected: [
        [LEVERKUSEN, 6, "points"],
        [BAYERN, 3, "head-to-head-goal-difference"],
        [DORTMUND, 3, null],
      ],
    },
    {
      name: "Serie A: head-to-head goal difference after equal head-to-head points",
      league: "serie-a",
      results: aggregateBetweenThem,
      expected: [
        [LEVERKUSEN, 6, "points"],
        [BAYERN, 3, "head-to-head-goal-difference"],
        [DORTMUND, 3, null],
      ],
    },
    {
      name: "Bundesliga: away goals over the season",
      league: "bundesliga",
      results: awayGoalsOverall,
      expected: [
        [BAYERN, 5, "away-goals"],
        [DORTMUND, 5, "points"],
        [LEVERKUSEN, 0, null],
      ],
    },
    {
      name: "Ligue 1: away goals over the season, after every head-to-head measure",
      league: "ligue1",
      results: awayGoalsOverall,
      expected: [
        [BAYERN, 5, "away-goals"],
        [DORTMUND, 5, "points"],
        [LEVERKUSEN, 0, null],
      ],
    },
    {
      name: "Ligue 1: equal goal difference, then head-to-head points before goals scored",
      league: "ligue1",
      results: classique,
      expected: [
        [PSG, 5, "head-to-head-points"],
        [MARSEILLE, 5, "points"],
        [LILLE, 1, "goal-difference"],
        [LENS, 1, null],
      ],
    },
    {
      name: "Premier League: the same two go by goals scored",
      league: "premier-league",
      results: classique,
      expected: [
        [MARSEILLE, 5, "goals-for"],
        [PSG, 5, "points"],
        [LILLE, 1, "goal-difference"],
        [LENS, 1, null],
      ],
    },
  ])("$name", ({ league, results, expected }) => {
    expect(order(computeStandings(league, results, { teamNames: names }))).toEqual(expected);
  });

  it("Premier League: goals scored separates equal goal difference (Arsenal 3-1, City 2-0)", () => {
    const rows = computeStandings("premier-league", [result(ARSENAL, CHELSEA, 3, 1), result(MAN_CITY, CHELSEA, 2, 0)]);
    expect(rows.map((r) => [r.teamId, r.goalDifference, r.goalsFor, r.decidedBy])).toEqual([
      [ARSENAL, 2, 3, "goals-for"],
      [MAN_CITY, 2, 2, "points"],
      [CHELSEA, -4, 1, null],
    ]);
  });

  it("La Liga: head-to-head waits for both legs, overall goal difference decides until then", () => {
    const firstLegs = [
      result(SEVILLA, GIRONA, 1, 0),
      result(GIRONA, VALENCIA, 5, 0),
      result(SEVILLA, VALENCIA, 1, 0),
      result(GIRONA, ALAVES, 2, 0),
      result(ALAVES, SEVILLA, 1, 0),
    ];
    expect(order(computeStandings("la-liga", firstLegs))).toEqual([
      [GIRONA, 6, "goal-difference"],
      [SEVILLA, 6, "points"],
      [ALAVES, 3, "points"],
      [VALENCIA, 0, null],
    ]);

    const afterReturnLeg = [...firstLegs, result(GIRONA, SEVILLA, 0, 0)];
    expect(order(computeStandings("la-liga", afterReturnLeg))).toEqual([
      [SEVILLA, 7, "head-to-head-points"],
      [GIRONA, 7, "points"],
      [ALAVES, 3, "points"],
      [VALENCIA, 0, null],
    ]);
  });

  it("without names the last resort is the team id", () => {
    expect(order(computeStandings("serie-a", awayGoalsBetweenThem))).toEqual([
      [ARSENAL, 3, "team-id"],
      [MAN_CITY, 3, null],
    ]);
  });

  it.each<[LeagueKey, string[]]>([
    ["premier-league", ["points", "goal-difference", "goals-for", "head-to-head-points", "head-to-head-away-goals"]],
    ["la-liga", ["points", "head-to-head-points", "head-to-head-goal-difference", "goal-difference", "goals-for"]],
    [
      "bundesliga",
      [
        "points",
        "goal-difference",
        "goals-for",
        "head-to-head-goal-difference",
        "head-to-head-away-goals",
        "away-goals",
      ],
    ],
    ["serie-a", ["points", "head-to-head-points", "head-to-head-goal-difference", "goal-difference", "goals-for"]],
    [
      "ligue1",
      [
        "points",
        "goal-difference",
        "head-to-head-points",
        "head-to-head-goal-difference",
        "head-to-head-goals-for",
        "head-to-head-away-goals",
        "goals-for",
        "away-goals",
      ],
    ],
  ])("%s separates ties in this order", (league, expected) => {
    expect(tiebreakerOrder(league)).toEqual(expected);
  });
});

describe("computeStandings: rows", () => {
  it("counts played, won, drawn, lost, goals and points (3 a win, 1 a draw)", () => {
    const [juventus] = computeStandings("serie-a", derbyTriangle);
    expect(juventus).toMatchObject({
      teamId: JUVENTUS,
      position: 1,
      played: 4,
      won: 2,
      drawn: 1,
      lost: 1,
      goalsFor: 2,
      goalsAgainst: 3,
      goalDifference: -1,
      points: 7,
    });
  });

  it("form holds the last 5 results, oldest first", () => {
    const season = [
      result(ARSENAL, CHELSEA, 2, 0), // W, sixth most recent: dropped
      result(CHELSEA, ARSENAL, 1, 1), // D
      result(ARSENAL, MAN_CITY, 0, 1), // L
      result(MAN_CITY, ARSENAL, 0, 3), // W
      result(ARSENAL, CHELSEA, 1, 0), // W
      result(CHELSEA, ARSENAL, 2, 1), // L, the latest
    ];
    const arsenal = computeStandings("premier-league", season).find((r) => r.teamId === ARSENAL);
    expect(arsenal?.form).toBe("DLWWL");
    expect(arsenal?.played).toBe(6);
  });

  it("lists teams without a match with zeros when opts.teams names them", () => {
    const rows = computeStandings("premier-league", [result(ARSENAL, CHELSEA, 1, 0)], {
      teams: [ARSENAL, CHELSEA, MAN_CITY],
    });
    expect(rows.find((r) => r.teamId === MAN_CITY)).toEqual({
      teamId: MAN_CITY,
      position: 2,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      goalsFor: 0,
      goalsAgainst: 0,
      goalDifference: 0,
      points: 0,
      form: "",
      band: expect.objectContaining({ key: "champions-league" }),
      decidedBy: "goal-difference",
    });
  });

  it("before a ball is kicked the table is alphabetical", () => {
    const rows = computeStandings("bundesliga", [], { teams: [BAYERN, DORTMUND, LEVERKUSEN], teamNames: names });
    expect(order(rows)).toEqual([
      [LEVERKUSEN, 0, "alphabetical"],
      [BAYERN, 0, "alphabetical"],
      [DORTMUND, 0, null],
    ]);
  });

  it("asOf counts only matches that kicked off before it", () => {
    const results = [
      { homeTeamId: ARSENAL, awayTeamId: CHELSEA, homeGoals: 1, awayGoals: 0, kickoffAt: "2025-08-16T14:00:00Z" },
      { homeTeamId: CHELSEA, awayTeamId: ARSENAL, homeGoals: 3, awayGoals: 0, kickoffAt: "2025-08-23T14:00:00Z" },
    ];
    const rows = computeStandings("premier-league", results, { asOf: new Date("2025-08-23T14:00:00Z") });
    expect(order(rows)).toEqual([
      [ARSENAL, 3, "points"],
      [CHELSEA, 0, null],
    ]);
  });

  it("rejects a result it cannot count, naming it", () => {
    expect(() =>
      computeStandings("premier-league", [
        { homeTeamId: ARSENAL, awayTeamId: CHELSEA, homeGoals: 1, awayGoals: 0, kickoffAt: "not a date" },
      ]),
    ).toThrow(/42 v 49/);
    expect(() => computeStandings("premier-league", [result(ARSENAL, CHELSEA, -1, 0)])).toThrow(RangeError);
  });
});

describe("computeStandings: table bands", () => {
  /** A single round robin where the lower id always wins: team n finishes nth. */
  function ladder(teamCount: number): MatchResult[] {
    const results: MatchResult[] = [];
    for (let home = 1; home <= teamCount; home++) {
      for (let away = home + 1; away <= teamCount; away++) results.push(result(home, away, 1, 0));
    }
    return results;
  }
  const bandsOf = (league: LeagueKey, teamCount: number) =>
    computeStandings(league, ladder(teamCount)).map((r) => [r.position, r.band?.emoji, r.band?.label]);

  const CHAMPIONS = ["🔥", "Champions League Places"] as const;
  const EUROPA = ["⭐", "Europa League Places"] as const;
  const MID = ["⚪", "Mid-table"] as const;
  const RELEGATION = ["🔻", "Relegation Zone"] as const;
  const expectedBands = (teamCount: number, midTableTo: number) =>
    Array.from({ length: teamCount }, (_, i) => {
      const position = i + 1;
      const band = position <= 4 ? CHAMPIONS : position <= 6 ? EUROPA : position <= midTableTo ? MID : RELEGATION;
      return [position, ...band];
    });

  it.each<[LeagueKey, number, number]>([
    ["premier-league", 20, 17],
    ["la-liga", 20, 17],
    ["serie-a", 20, 17],
    ["bundesliga", 18, 15],
    ["ligue1", 18, 15],
  ])(
    "%s (%i teams): 1-4 Champions League, 5-6 Europa League, 7-%i mid-table, then relegation",
    (league, teams, midTableTo) => {
      expect(bandsOf(league, teams)).toEqual(expectedBands(teams, midTableTo));
    },
  );

  it("Premier League: positions 18-20 are the relegation zone, 7-17 mid-table", () => {
    const rows = computeStandings("premier-league", ladder(20));
    expect(rows.filter((r) => r.band?.key === "relegation").map((r) => r.position)).toEqual([18, 19, 20]);
    expect(rows.filter((r) => r.band?.key === "mid-table").map((r) => r.position)).toEqual([
      7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
  });

  it("Bundesliga and Ligue 1: positions 16-18 are the relegation zone", () => {
    for (const league of ["bundesliga", "ligue1"] as const) {
      const rows = computeStandings(league, ladder(18));
      expect(rows.filter((r) => r.band?.key === "relegation").map((r) => r.position)).toEqual([16, 17, 18]);
    }
  });
});

describe("computeStandings: determinism", () => {
  /** Twelve matches among eight clubs with many ties, some settled only by the last resort. */
  const levelEverywhere = [
    ...derbyTriangle,
    ...madridBarcelonaAtletico,
    ...awayGoalsBetweenThem,
    result(SEVILLA, GIRONA, 1, 1),
    result(ALAVES, VALENCIA, 0, 0),
  ];

  it.each(["premier-league", "la-liga", "bundesliga", "serie-a", "ligue1"] as const)(
    "%s: shuffled results and team lists give the same table",
    (league) => {
      const teams = [...new Set(levelEverywhere.flatMap((r) => [r.homeTeamId, r.awayTeamId])), PSG];
      const expected = computeStandings(league, levelEverywhere, { teams });
      for (const seed of [1, 7, 42, 2025, 90210]) {
        expect(computeStandings(league, shuffled(levelEverywhere, seed), { teams: shuffled(teams, seed + 1) })).toEqual(
          expected,
        );
      }
    },
  );

  it("kickoff times may come as ISO strings", () => {
    const asStrings = derbyTriangle.map((r) => ({ ...r, kickoffAt: (r.kickoffAt as Date).toISOString() }));
    expect(computeStandings("serie-a", asStrings)).toEqual(computeStandings("serie-a", derbyTriangle));
  });
});
