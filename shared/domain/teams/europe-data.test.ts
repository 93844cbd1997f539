import { describe, expect, it } from "vitest";
import { LEAGUES, type LeagueKey } from "../leagues";
import { slugify } from "../slug";
import { FRANCE_TEAMS } from "./france";
import { GERMANY_TEAMS } from "./germany";
import { ITALY_TEAMS } from "./italy";
import type { Team } from "./types";

interface LeagueCase {
  key: LeagueKey;
  teams: readonly Team[];
  /** Every HomeTeam/AwayTeam spelling in the league's football-data.co.uk files, 2005/06–2025/26. */
  footballDataNames: string[];
  /** The football-data.co.uk spellings of the 2025/26 season. */
  current: string[];
  /** Team names in the openfootball 2025/26 fixture list. */
  openfootball: string[];
  /** Clubs whose 2026/27 league is known. */
  nextSeasonCount: number;
}

const CASES: LeagueCase[] = [
  {
    key: "bundesliga",
    teams: GERMANY_TEAMS,
    footballDataNames: [
      "Aachen",
      "Augsburg",
      "Bayern Munich",
      "Bielefeld",
      "Bochum",
      "Braunschweig",
      "Cottbus",
      "Darmstadt",
      "Dortmund",
      "Duisburg",
      "Ein Frankfurt",
      "FC Koln",
      "Fortuna Dusseldorf",
      "Freiburg",
      "Greuther Furth",
      "Hamburg",
      "Hannover",
      "Hansa Rostock",
      "Heidenheim",
      "Hertha",
      "Hoffenheim",
      "Holstein Kiel",
      "Ingolstadt",
      "Kaiserslautern",
      "Karlsruhe",
      "Leverkusen",
      "M'gladbach",
      "Mainz",
      "Nurnberg",
      "Paderborn",
      "RB Leipzig",
      "Schalke 04",
      "St Pauli",
      "Stuttgart",
      "Union Berlin",
      "Werder Bremen",
      "Wolfsburg",
    ],
    current: [
      "Augsburg",
      "Bayern Munich",
      "Dortmund",
      "Ein Frankfurt",
      "FC Koln",
      "Freiburg",
      "Hamburg",
      "Heidenheim",
      "Hoffenheim",
      "Leverkusen",
      "M'gladbach",
      "Mainz",
      "RB Leipzig",
      "St Pauli",
      "Stuttgart",
      "Union Berlin",
      "Werder Bremen",
      "Wolfsburg",
    ],
    openfootball: [
      "1. FC Heidenheim 1846",
      "1. FC Köln",
      "1. FC Union Berlin",
      "1. FSV Mainz 05",
      "Bayer 04 Leverkusen",
      "Borussia Dortmund",
      "Borussia Mönchengladbach",
      "Eintracht Frankfurt",
      "FC Augsburg",
      "FC Bayern München",
      "FC St. Pauli 1910",
      "Hamburger SV",
      "RB Leipzig",
      "SC Freiburg",
      "SV Werder Bremen",
      "TSG 1899 Hoffenheim",
      "VfB Stuttgart",
      "VfL Wolfsburg",
    ],
    nextSeasonCount: 15,
  },
  {
    key: "serie-a",
    teams: ITALY_TEAMS,
    footballDataNames: [
      "Ascoli",
      "Atalanta",
      "Bari",
      "Benevento",
      "Bologna",
      "Brescia",
      "Cagliari",
      "Carpi",
      "Catania",
      "Cesena",
      "Chievo",
      "Como",
      "Cremonese",
      "Crotone",
      "Empoli",
      "Fiorentina",
      "Frosinone",
      "Genoa",
      "Inter",
      "Juventus",
      "Lazio",
      "Lecce",
      "Livorno",
      "Messina",
      "Milan",
      "Monza",
      "Napoli",
      "Novara",
      "Palermo",
      "Parma",
      "Pescara",
      "Pisa",
      "Reggina",
      "Roma",
      "Salernitana",
      "Sampdoria",
      "Sassuolo",
      "Siena",
      "Spal",
      "Spezia",
      "Torino",
      "Treviso",
      "Udinese",
      "Venezia",
      "Verona",
    ],
    current: [
      "Atalanta",
      "Bologna",
      "Cagliari",
      "Como",
      "Cremonese",
      "Fiorentina",
      "Genoa",
      "Inter",
      "Juventus",
      "Lazio",
      "Lecce",
      "Milan",
      "Napoli",
      "Parma",
      "Pisa",
      "Roma",
      "Sassuolo",
      "Torino",
      "Udinese",
      "Verona",
    ],
    openfootball: [
      "AC Milan",
      "AC Pisa 1909",
      "ACF Fiorentina",
      "AS Roma",
      "Atalanta BC",
      "Bologna FC 1909",
      "Cagliari Calcio",
      "Como 1907",
      "FC Internazionale Milano",
      "Genoa CFC",
      "Hellas Verona FC",
      "Juventus FC",
      "Parma Calcio 1913",
      "SS Lazio",
      "SSC Napoli",
      "Torino FC",
      "US Cremonese",
      "US Lecce",
      "US Sassuolo Calcio",
      "Udinese Calcio",
    ],
    nextSeasonCount: 17,
  },
  {
    key: "ligue1",
    teams: FRANCE_TEAMS,
    footballDataNames: [
      "Ajaccio",
      "Ajaccio GFCO",
      "Amiens",
      "Angers",
      "Arles",
      "Auxerre",
      "Bastia",
      "Bordeaux",
      "Boulogne",
      "Brest",
      "Caen",
      "Clermont",
      "Dijon",
      "Evian Thonon Gaillard",
      "Grenoble",
      "Guingamp",
      "Le Havre",
      "Le Mans",
      "Lens",
      "Lille",
      "Lorient",
      "Lyon",
      "Marseille",
      "Metz",
      "Monaco",
      "Montpellier",
      "Nancy",
      "Nantes",
      "Nice",
      "Nimes",
      "Paris FC",
      "Paris SG",
      "Reims",
      "Rennes",
      "Sedan",
      "Sochaux",
      "St Etienne",
      "Strasbourg",
      "Toulouse",
      "Troyes",
      "Valenciennes",
    ],
    current: [
      "Angers",
      "Auxerre",
      "Brest",
      "Le Havre",
      "Lens",
      "Lille",
      "Lorient",
      "Lyon",
      "Marseille",
      "Metz",
      "Monaco",
      "Nantes",
      "Nice",
      "Paris FC",
      "Paris SG",
      "Rennes",
      "Strasbourg",
      "Toulouse",
    ],
    openfootball: [
      "AJ Auxerre",
      "AS Monaco FC",
      "Angers SCO",
      "FC Lorient",
      "FC Metz",
      "FC Nantes",
      "Le Havre AC",
      "Lille OSC",
      "OGC Nice",
      "Olympique Lyonnais",
      "Olympique de Marseille",
      "Paris FC",
      "Paris Saint-Germain FC",
      "RC Strasbourg Alsace",
      "Racing Club de Lens",
      "Stade Brestois 29",
      "Stade Rennais FC 1901",
      "Toulouse FC",
    ],
    nextSeasonCount: 18,
  },
];

/** Team names in the openfootball 2026/27 Ligue 1 schedule. */
const LIGUE1_2627 = [
  "AJ Auxerre",
  "AS Monaco FC",
  "Angers SCO",
  "ES Troyes AC",
  "FC Lorient",
  "Le Havre AC",
  "Le Mans FC",
  "Lille OSC",
  "OGC Nice",
  "Olympique Lyonnais",
  "Olympique de Marseille",
  "Paris FC",
  "Paris Saint-Germain FC",
  "RC Strasbourg Alsace",
  "Racing Club de Lens",
  "Stade Brestois 29",
  "Stade Rennais FC 1901",
  "Toulouse FC",
];

function spelledAs(teams: readonly Team[], label: string): Team[] {
  return teams.filter((t) => t.name === label || t.shortName === label || t.aliases.includes(label));
}

describe.each(CASES)("$key registry data", (c) => {
  it("has exactly one entry per football-data spelling of any season", () => {
    for (const name of c.footballDataNames) {
      expect(
        c.teams.filter((t) => t.footballDataName === name),
        name,
      ).toHaveLength(1);
    }
    expect(c.teams).toHaveLength(c.footballDataNames.length);
  });

  it("marks exactly the 2025/26 clubs with their league", () => {
    const current = c.teams.filter((t) => t.seasons["2526"] === c.key).map((t) => t.footballDataName);
    expect(current.sort()).toEqual([...c.current].sort());
    expect(current).toHaveLength(LEAGUES[c.key].teamCount);
    expect(c.teams.filter((t) => t.seasons["2627"] === c.key)).toHaveLength(c.nextSeasonCount);
  });

  it("resolves every openfootball 2025/26 team name to one club", () => {
    for (const label of c.openfootball) {
      const hits = spelledAs(c.teams, label);
      expect(hits, label).toHaveLength(1);
      expect(hits[0]?.seasons["2526"], label).toBe(c.key);
    }
  });

  it("keeps 3-character codes unique within the league", () => {
    const codes = c.teams.map((t) => t.code);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("files every club under the league and gives it full details", () => {
    for (const t of c.teams) {
      expect(t.league, t.name).toBe(c.key);
      expect(t.colors.primary, t.name).toMatch(/^#[0-9A-F]{6}$/);
      expect(t.colors.secondary, t.name).toMatch(/^#[0-9A-F]{6}$/);
      expect(t.venue.trim(), t.name).not.toBe("");
      expect(t.city.trim(), t.name).not.toBe("");
      expect(t.shortName.trim(), t.name).not.toBe("");
    }
  });
});

describe("Germany, Italy and France together", () => {
  const all = [...GERMANY_TEAMS, ...ITALY_TEAMS, ...FRANCE_TEAMS];

  it("uses unique ids and unique slugs in canonical form", () => {
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    expect(new Set(all.map((t) => t.slug)).size).toBe(all.length);
    for (const t of all) expect(slugify(t.slug), t.name).toBe(t.slug);
  });

  it("keeps registry-only ids in each country's range", () => {
    const ranges: [readonly Team[], number][] = [
      [GERMANY_TEAMS, 920_000],
      [ITALY_TEAMS, 930_000],
      [FRANCE_TEAMS, 940_000],
    ];
    for (const [teams, base] of ranges) {
      for (const t of teams.filter((team) => team.id >= 900_000)) {
        expect(t.id, t.name).toBeGreaterThan(base);
        expect(t.id, t.name).toBeLessThan(base + 10_000);
      }
    }
  });

  it("never gives one spelling to two clubs", () => {
    const key = (s: string) => slugify(s).replace(/-/g, "");
    const owner = new Map<string, number>();
    for (const t of all) {
      for (const spelling of new Set([t.name, t.shortName, t.footballDataName, ...t.aliases].map(key))) {
        expect(owner.get(spelling) ?? t.id, `${spelling} (${t.name})`).toBe(t.id);
        owner.set(spelling, t.id);
      }
    }
  });

  it("keeps München and Munich spellings for Bayern", () => {
    const bayern = GERMANY_TEAMS.find((t) => t.id === 157);
    expect(bayern?.name).toBe("Bayern München");
    expect(bayern?.aliases).toEqual(expect.arrayContaining(["Bayern Munich", "FC Bayern München", "FC Bayern Munich"]));
  });
});

describe("Ligue 1 2026/27", () => {
  it("marks exactly the clubs of the published schedule", () => {
    const scheduled = LIGUE1_2627.map((label) => {
      const hits = spelledAs(FRANCE_TEAMS, label);
      expect(hits, label).toHaveLength(1);
      return hits[0].id;
    });
    const marked = FRANCE_TEAMS.filter((t) => t.seasons["2627"] === "ligue1").map((t) => t.id);
    expect(marked.sort((a, b) => a - b)).toEqual([...scheduled].sort((a, b) => a - b));
    expect(marked).toHaveLength(LEAGUES.ligue1.teamCount);
  });
});
