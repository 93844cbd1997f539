import { describe, expect, it } from "vitest";
import { impactScore, isDefender, isGoalkeeper, squadSections, type SquadPlayer } from "./team-squad";

const player = (
  name: string,
  position: string | null,
  goals: number,
  assists: number,
  minutesPlayed: number,
): SquadPlayer => ({
  name,
  position,
  goals,
  assists,
  minutesPlayed,
});

const squad = [
  player("Raya", "Goalkeeper", 0, 1, 2160),
  player("Saka", "Attacker", 9, 6, 1800),
  player("Odegaard", "Midfielder", 3, 8, 1700),
  player("Rice", "Midfielder", 5, 6, 1900),
  player("Saliba", "Defender", 1, 0, 2100),
  player("Gabriel", "Defender", 1, 0, 2100),
  player("Arrizabalaga", "Goalkeeper", 0, 0, 90),
  player("Unknown", null, 0, 0, 0),
];

describe("squadSections: 'Key Player Stats' and 'Goalkeeper Stats'", () => {
  const { keyPlayers, goalkeepers } = squadSections(squad);

  it("orders outfield players by goals plus assists, then minutes, then name", () => {
    // Saka 15; Rice and Odegaard 11 each (Rice played more); Gabriel and Saliba tie on 1 and 2100'.
    expect(keyPlayers.map((p) => p.name)).toEqual(["Saka", "Rice", "Odegaard", "Gabriel", "Saliba", "Unknown"]);
  });

  it("keeps goalkeepers out of the key players and orders them by minutes", () => {
    expect(goalkeepers.map((p) => p.name)).toEqual(["Raya", "Arrizabalaga"]);
  });

  it("does not reorder its input", () => {
    expect(squad[0].name).toBe("Raya");
  });
});

describe("positions and the impact score", () => {
  it.each([
    ["Goalkeeper", true, false],
    ["G", true, false],
    ["gk", true, false],
    ["Defender", false, true],
    ["D", false, true],
    ["Midfielder", false, false],
    ["Attacker", false, false],
    [null, false, false],
    ["", false, false],
  ])("%j: goalkeeper %s, defender %s", (position, keeper, defender) => {
    expect(isGoalkeeper(position)).toBe(keeper);
    expect(isDefender(position)).toBe(defender);
  });

  it.each([
    [9, 6, 15],
    [0, 0, 0],
  ])("%s goals and %s assists make an impact score of %s", (goals, assists, score) => {
    expect(impactScore({ goals, assists })).toBe(score);
  });
});
