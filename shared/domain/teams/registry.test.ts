import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ALL_LEAGUES, type LeagueKey, leagueByFootballDataCode } from "../leagues";
import { slugify } from "../slug";
import {
  TEAMS,
  type SeasonCode,
  findTeam,
  findTeamByFootballDataName,
  getTeamByCode,
  getTeamById,
  getTeamBySlug,
  teamsInLeague,
} from "./registry";
import type { Team } from "./types";

const PROJECT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const FOOTBALL_DATA_DIR = resolve(
  PROJECT_ROOT,
  process.env.FOOTBALL_DATA_DIR ?? "../shared/data/football-data/mmz4281",
);
const OPENFOOTBALL_DIR = resolve(PROJECT_ROOT, process.env.OPENFOOTBALL_DIR ?? "../shared/data/openfootball");

function duplicates<T>(values: readonly T[]): T[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

function slugs(teams: readonly (Team | null)[]): (string | null)[] {
  return teams.map((team) => team?.slug ?? null);
}

/** Distinct HomeTeam/AwayTeam values of a football-data CSV (no quoted fields in these files). */
function csvTeamNames(csv: string): Set<string> {
  const [header, ...rows] = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
  const columns = header.split(",");
  const home = columns.indexOf("HomeTeam");
  const away = columns.indexOf("AwayTeam");
  const names = new Set<string>();
  for (const row of rows) {
    const cells = row.split(",");
    for (const name of [cells[home], cells[away]]) if (name) names.add(name);
  }
  return names;
}

/** Distinct club names of a Football.TXT fixture list ("19:00  Girona FC  v  Rayo Vallecano  1-3 (0-3)"). */
function fixtureTeamNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:\d{1,2}[.:]\d{2}\s+)?(.+?)\s+v\s+(.+?)(?:\s+\d+-\d+.*|\s+\[[^\]]*\])?\s*$/.exec(line);
    if (match) {
      names.add(match[1]);
      names.add(match[2]);
    }
  }
  return names;
}

describe("TEAMS invariants", () => {
  it("ids are unique positive integers", () => {
    const ids = TEAMS.map((team) => team.id);
    expect(duplicates(ids)).toEqual([]);
    expect(ids.filter((id) => !Number.isInteger(id) || id <= 0)).toEqual([]);
  });

  it("slugs are unique and already in slugified form", () => {
    const all = TEAMS.map((team) => team.slug);
    expect(duplicates(all)).toEqual([]);
    expect(all.filter((slug) => slug === "" || slugify(slug) !== slug)).toEqual([]);
  });

  it("codes are three uppercase letters, unique within a league", () => {
    expect(TEAMS.filter((team) => !/^[A-Z]{3}$/.test(team.code)).map((team) => team.slug)).toEqual([]);
    expect(duplicates(TEAMS.map((team) => `${team.league}:${team.code}`))).toEqual([]);
  });

  it("colours are #rrggbb", () => {
    const invalid = TEAMS.filter(
      (team) => !/^#[0-9A-Fa-f]{6}$/.test(team.colors.primary) || !/^#[0-9A-Fa-f]{6}$/.test(team.colors.secondary),
    );
    expect(invalid.map((team) => team.slug)).toEqual([]);
  });

  it("every club has a name, short name, venue and city", () => {
    const incomplete = TEAMS.filter((team) =>
      [team.name, team.shortName, team.venue, team.city].some((v) => !v.trim()),
    );
    expect(incomplete.map((team) => team.slug)).toEqual([]);
  });

  it("football-data names are unique within a league", () => {
    expect(duplicates(TEAMS.map((team) => `${team.league}:${team.footballDataName}`))).toEqual([]);
  });

  it("every name, short name, football-data name and alias finds its own club", () => {
    const misses = TEAMS.flatMap((team) =>
      [team.name, team.shortName, team.footballDataName, ...team.aliases]
        .filter((name) => findTeam(name) !== team)
        .map((name) => `${team.slug}: ${name} → ${findTeam(name)?.slug ?? "null"}`),
    );
    expect(misses).toEqual([]);
  });

  it.each(ALL_LEAGUES)("2025/26 $name has $teamCount clubs", (league) => {
    expect(teamsInLeague(league.key, "2526")).toHaveLength(league.teamCount);
  });

  it("2026/27 La Liga has the 20 clubs of the published schedule", () => {
    const clubs = teamsInLeague("la-liga", "2627").map((team) => team.slug);
    expect(clubs).toHaveLength(20);
    expect(clubs).toEqual(expect.arrayContaining(["malaga", "deportivo-la-coruna", "racing-santander"]));
    expect(clubs).not.toEqual(expect.arrayContaining(["girona"]));
    expect(clubs).not.toEqual(expect.arrayContaining(["mallorca"]));
    expect(clubs).not.toEqual(expect.arrayContaining(["real-oviedo"]));
  });
});

describe("findTeam", () => {
  it.each([
    // exact: name, short name, football-data name, alias; any case
    ["Manchester United", "manchester-united"],
    ["Man United", "manchester-united"],
    ["nott'm forest", "nottingham-forest"],
    ["ATH MADRID", "atletico-madrid"],
    ["Wolverhampton Wanderers FC", "wolverhampton-wanderers"],
    ["Real Sociedad de Fútbol", "real-sociedad"],
    ["Rayo Vallecano", "rayo-vallecano"],
    ["Espanyol", "espanyol"],
    ["Athletic Club", "athletic-bilbao"],
    // accents either way
    ["Atlético Madrid", "atletico-madrid"],
    ["Atletico Madrid", "atletico-madrid"],
    ["Deportivo Alaves", "alaves"],
    ["Málaga CF", "malaga"],
    ["Espanol", "espanyol"],
    // punctuation and "&"
    ["Brighton and Hove Albion", "brighton-and-hove-albion"],
    ["Nottm Forest", "nottingham-forest"],
    ["Sheffield Utd", "sheffield-united"],
    // slug
    ["gimnastic-tarragona", "gimnastic-tarragona"],
    ["west-bromwich-albion", "west-bromwich-albion"],
    // fuzzy: generic words, typos, abbreviations, single distinctive words
    ["Barcelona FC", "barcelona"],
    ["Tottenham Hotspur Football Club", "tottenham-hotspur"],
    ["Newcastle Utd FC", "newcastle-united"],
    ["Liverpol", "liverpool"],
    ["Manchester Unitd", "manchester-united"],
    ["Hotspur", "tottenham-hotspur"],
    ["Wolverh", "wolverhampton-wanderers"],
    // nicknames
    ["Spurs", "tottenham-hotspur"],
    ["Gunners", "arsenal"],
    ["Man Utd", "manchester-united"],
    ["Wolves", "wolverhampton-wanderers"],
    ["Villa", "aston-villa"],
    ["Barça", "barcelona"],
    ["Barca", "barcelona"],
    ["Atleti", "atletico-madrid"],
    ["Los Blancos", "real-madrid"],
    // München, Munich and Muenchen are one city
    ["Bayern München", "bayern-munich"],
    ["Bayern Munich", "bayern-munich"],
    ["Bayern Muenchen", "bayern-munich"],
    ["FC Bayern München", "bayern-munich"],
    ["München", "bayern-munich"],
  ])("%j → %s", (input, slug) => {
    expect(findTeam(input)?.slug).toBe(slug);
  });

  it.each([
    // ambiguous: several clubs fit
    "Manchester",
    "Real",
    "Madrid",
    "United",
    "City",
    "Sporting",
    "Racing",
    "Borussia",
    "Barcelona B",
    "Real Madrid Castilla",
    // unknown or empty
    "Coventry City",
    "Xyzzy",
    "FC",
    "",
    "   ",
  ])("%j → null", (input) => {
    expect(findTeam(input)).toBeNull();
  });

  it("prefers the given league when a fuzzy name fits clubs of several leagues", () => {
    expect(findTeam("Valenc")).toBeNull();
    expect(findTeam("Valenc", "la-liga")?.slug).toBe("valencia");
    expect(findTeam("Valenc", "ligue1")?.slug).toBe("valenciennes");
  });

  it("returns the same answer for a repeated lookup", () => {
    expect(findTeam("Hotspur")).toBe(findTeam("Hotspur"));
  });
});

describe("direct lookups", () => {
  it("getTeamBySlug", () => {
    expect(getTeamBySlug("nottingham-forest")?.footballDataName).toBe("Nott'm Forest");
    expect(getTeamBySlug("Nottingham Forest")).toBeNull();
  });

  it("getTeamById", () => {
    expect(getTeamById(33)?.slug).toBe("manchester-united");
    expect(getTeamById(541)?.slug).toBe("real-madrid");
    expect(getTeamById(-1)).toBeNull();
  });

  it("getTeamByCode matches within the league, any case", () => {
    expect(getTeamByCode("premier-league", "mun")?.slug).toBe("manchester-united");
    expect(getTeamByCode("la-liga", "ATM")?.slug).toBe("atletico-madrid");
    expect(getTeamByCode("la-liga", "MUN")).toBeNull();
  });

  it("teamsInLeague lists one season's clubs alphabetically, 2025/26 by default", () => {
    const clubs = teamsInLeague("premier-league");
    const names = clubs.map((team) => team.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(slugs(clubs)).toContain("sunderland");
    expect(slugs(clubs)).not.toContain("southampton");
    expect(slugs(teamsInLeague("premier-league", "2627"))).not.toContain("west-ham-united");
  });

  it.each([
    ["Nott'm Forest", undefined, "nottingham-forest"],
    ["  Man United ", "premier-league", "manchester-united"],
    ["ath bilbao", "la-liga", "athletic-bilbao"],
    ["Ath Madrid", "premier-league", null],
    ["Manchester United", undefined, null],
  ] as const)("findTeamByFootballDataName(%j, %s) → %s", (name, league, slug) => {
    expect(findTeamByFootballDataName(name, league)?.slug ?? null).toBe(slug);
  });
});

describe("football-data names fixture", () => {
  const lines = readFileSync(new URL("./fixtures/football-data-names.txt", import.meta.url), "utf8")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => line.split("\t") as [string, string]);

  it.each(lines)("%s %j resolves to a club of that league", (code, name) => {
    const league = leagueByFootballDataCode(code);
    expect(league).not.toBeNull();
    expect(findTeamByFootballDataName(name, league?.key)?.league).toBe(league?.key);
  });

  it("every name is a different club", () => {
    const ids = lines.map(([code, name]) => findTeamByFootballDataName(name, leagueByFootballDataCode(code)?.key)?.id);
    expect(duplicates(ids)).toEqual([]);
  });
});

describe.skipIf(!existsSync(FOOTBALL_DATA_DIR))("football-data files", () => {
  const seasons = existsSync(FOOTBALL_DATA_DIR) ? readdirSync(FOOTBALL_DATA_DIR).sort() : [];

  function namesBySeason(code: string): [string, Set<string>][] {
    return seasons
      .map((season) => [season, join(FOOTBALL_DATA_DIR, season, `${code}.csv`)] as const)
      .filter(([, file]) => existsSync(file))
      .map(([season, file]) => [season, csvTeamNames(readFileSync(file, "utf8"))]);
  }

  it.each(ALL_LEAGUES)("every $name club of every season resolves by its football-data name", (league) => {
    const failures = namesBySeason(league.footballDataCode).flatMap(([season, names]) =>
      [...names].filter((name) => !findTeamByFootballDataName(name, league.key)).map((name) => `${season}: ${name}`),
    );
    expect(failures).toEqual([]);
  });

  it.each(ALL_LEAGUES)("the 2025/26 $name file has exactly the registry's 2025/26 clubs", (league) => {
    const season = namesBySeason(league.footballDataCode).find(([code]) => code === "2526");
    if (!season) return;
    const resolved = [...season[1]].map((name) => findTeamByFootballDataName(name, league.key)?.slug ?? name);
    expect(resolved.sort()).toEqual(slugs(teamsInLeague(league.key, "2526")).sort());
  });
});

describe.skipIf(!existsSync(OPENFOOTBALL_DIR))("openfootball fixture lists", () => {
  it.each([
    ["premier-league", "2526", "fixtures/england/2025-26/1-premierleague.txt"],
    ["la-liga", "2526", "fixtures/espana/2025-26/1-liga.txt"],
    ["la-liga", "2627", "fixtures/espana/2026-27/1-liga.txt"],
  ] as [LeagueKey, SeasonCode, string][])("every %s club of %s in %s resolves", (league, season, path) => {
    const file = join(OPENFOOTBALL_DIR, path);
    if (!existsSync(file)) return;
    const names = [...fixtureTeamNames(readFileSync(file, "utf8"))];
    expect(names.filter((name) => !findTeam(name, league)).map((name) => `unresolved: ${name}`)).toEqual([]);
    const resolved = names.map((name) => findTeam(name, league)?.slug ?? null);
    expect(resolved.sort()).toEqual(slugs(teamsInLeague(league, season)).sort());
  });
});
