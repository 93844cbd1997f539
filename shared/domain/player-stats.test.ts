import { describe, expect, it } from "vitest";
import {
  ageOn,
  isLeaderboardKind,
  nameSlugsOf,
  nationalityAndAge,
  perMatchRate,
  playersNamedBy,
  positionAndTeam,
  positionGroup,
  recentFormLine,
  seasonSummary,
  type PlayerMatchLine,
  type SeasonFigures,
} from "./player-stats";

describe("positionGroup: season figures' names and match sheets' letters", () => {
  it.each([
    ["Goalkeeper", "Goalkeeper"],
    ["G", "Goalkeeper"],
    ["defender", "Defender"],
    ["D", "Defender"],
    ["Midfielder", "Midfielder"],
    ["M", "Midfielder"],
    ["Attacker", "Attacker"],
    ["F", "Attacker"],
    [" f ", "Attacker"],
    ["Winger", "Unknown"],
    ["", "Unknown"],
    [null, "Unknown"],
    [undefined, "Unknown"],
  ])("%s → %s", (position, group) => {
    expect(positionGroup(position)).toBe(group);
  });
});

describe("perMatchRate: total over games played, with the max(1, ceil(minutes/90)) fallback", () => {
  it.each([
    [22, 24, 2050, "0.92"],
    [10, 24, 2121, "0.42"],
    [0, 24, 2000, "0.00"],
    // No appearances: 200 minutes count as ceil(200/90) = 3 games.
    [3, 0, 200, "1.00"],
    [1, null, null, "1.00"],
    [2, 3, 270, "0.67"],
  ])("%i over %s apps / %s min → %s", (total, appearances, minutes, rate) => {
    expect(perMatchRate(total, appearances, minutes)).toBe(rate);
  });
});

describe("ageOn: from the birth date on the clock's day, else the provider's age", () => {
  const day = new Date("2026-02-07T15:50:00Z");
  it.each([
    ["1994-09-08", 30, 31],
    ["2000-02-07", null, 26],
    ["2000-02-08", null, 25],
    [null, 27, 27],
    [null, null, null],
    ["not a date", 24, 24],
  ])("born %s (reported %s) → %s", (birthDate, reported, age) => {
    expect(ageOn(birthDate, reported, day)).toBe(age);
  });
});

describe("the player's header lines", () => {
  it("reads 'position – team' with an en dash", () => {
    expect(positionAndTeam("Midfielder", "Manchester United")).toBe("Midfielder – Manchester United");
  });

  it.each([
    ["Portugal", 31, "Portugal • Age 31"],
    ["Norway", null, "Norway"],
    [null, 25, "Age 25"],
    ["  ", null, null],
    [null, null, null],
  ])("nationality %s, age %s → %s (no footedness: the data has none)", (nationality, age, line) => {
    expect(nationalityAndAge(nationality, age)).toBe(line);
  });
});

describe("seasonSummary: the 'Season Stats Summary' figures", () => {
  const bruno: SeasonFigures = {
    appearances: 24,
    lineups: 24,
    minutes: 2121,
    goals: 7,
    assists: 10,
    shotsOn: 20,
    passesKey: 70,
    passesAccuracy: 33,
    dribblesSuccess: 14,
    dribblesAttempts: 25,
    rating: 7.52,
  };

  it("lists appearances with starts, minutes, goals, assists, shots on target per game, key passes, rating, pass accuracy and dribbles", () => {
    expect(seasonSummary(bruno)).toEqual([
      { label: "Appearances", value: "24", detail: "24 starts" },
      { label: "Minutes", value: "2,121" },
      { label: "Goals", value: "7" },
      { label: "Assists", value: "10" },
      { label: "Shots on Target per Game", value: "0.8" },
      { label: "Key Passes", value: "70" },
      { label: "Avg Rating", value: "7.5" },
      { label: "Pass Accuracy", value: "33%" },
      { label: "Dribbles", value: "14/25", detail: "success/attempts" },
    ]);
  });

  it("shows '0.0' shots per game without appearances, 'N/A' without a rating, and no pass accuracy when there is none", () => {
    const summary = seasonSummary({ ...bruno, appearances: 0, lineups: 1, rating: null, passesAccuracy: null });
    const value = (label: string) => summary.find((f) => f.label === label);
    expect(value("Appearances")).toEqual({ label: "Appearances", value: "0", detail: "1 start" });
    expect(value("Shots on Target per Game")?.value).toBe("0.0");
    expect(value("Avg Rating")?.value).toBe("N/A");
    expect(value("Pass Accuracy")).toBeUndefined();
  });
});

describe("recentFormLine: one of the last five matches", () => {
  const base: PlayerMatchLine = {
    kickoffAt: "2026-02-07T12:30:00.000Z",
    isHome: true,
    opponent: "Tottenham Hotspur",
    homeGoals: 2,
    awayGoals: 0,
    minutes: 90,
    rating: "8.60",
    goals: 1,
    assists: 1,
    shotsOn: 2,
  };

  it("reads a home win with a goal, an assist and a High Rating", () => {
    expect(recentFormLine(base)).toEqual({
      date: "Feb 7",
      venue: "vs",
      opponent: "Tottenham Hotspur",
      score: "2-0",
      result: "Win",
      minutes: 90,
      rating: "8.6",
      goals: 1,
      assists: 1,
      shotsOn: 2,
      badges: ["Goal", "Assist", "High Rating"],
    });
  });

  it.each([
    // Away at Arsenal, 2-3 to us: the score and result are from the player's team's side.
    [{ isHome: false, homeGoals: 2, awayGoals: 3 }, "@", "3-2", "Win"],
    [{ isHome: false, homeGoals: 2, awayGoals: 2 }, "@", "2-2", "Draw"],
    [{ isHome: true, homeGoals: 0, awayGoals: 1 }, "vs", "0-1", "Loss"],
    [{ isHome: true, homeGoals: null, awayGoals: null }, "vs", "–", "N/A"],
  ] as const)("%o → %s %s %s", (change, venue, score, result) => {
    expect(recentFormLine({ ...base, ...change })).toMatchObject({ venue, score, result });
  });

  it.each([
    [{ goals: 2, assists: 0, rating: 7.99 }, ["2 Goals"]],
    [{ goals: 0, assists: 3, rating: 8.0 }, ["3 Assists", "High Rating"]],
    [{ goals: 0, assists: 0, rating: null }, []],
  ] as const)("badges of %o → %o", (change, badges) => {
    expect(recentFormLine({ ...base, ...change }).badges).toEqual(badges);
  });

  it("shows 'N/A' for a match without a rating", () => {
    expect(recentFormLine({ ...base, rating: null }).rating).toBe("N/A");
  });
});

describe("finding a player by the name in a slug without an id", () => {
  const haaland = { id: 1100, name: "E. Haaland", firstname: "Erling", lastname: "Braut Haaland" };
  const bruno = { id: 891, name: "Bruno Fernandes", firstname: "Bruno Miguel", lastname: "Borges Fernandes" };
  const otherBruno = { id: 7, name: "Bruno Guimarães", firstname: "Bruno", lastname: "Guimarães Rodriguez Moura" };

  it("knows the listed name, the full name, first and last word, and the last name", () => {
    expect([...nameSlugsOf(haaland)].sort()).toEqual([
      "braut-haaland",
      "e-haaland",
      "erling-braut-haaland",
      "erling-haaland",
    ]);
  });

  it.each([
    ["bruno-fernandes", [891]],
    ["Bruno-Fernandes", [891]],
    ["erling-haaland", [1100]],
    ["e-haaland", [1100]],
    ["bruno-guimaraes", [7]],
    ["bruno", []],
    ["", []],
  ])("%s → %o", (slug, ids) => {
    expect(playersNamedBy(slug, [haaland, bruno, otherBruno]).map((p) => p.id)).toEqual(ids);
  });
});

describe("isLeaderboardKind", () => {
  it.each([
    ["top-scorers", true],
    ["top-assists", true],
    ["top-rated", true],
    ["top-keepers", false],
    [42, false],
  ])("%s → %s", (value, yes) => {
    expect(isLeaderboardKind(value)).toBe(yes);
  });
});
