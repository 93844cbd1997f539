import { describe, expect, it } from "vitest";
import type { LeagueKey } from "./leagues";
import {
  LEAGUE_LINKS,
  NAV_LINKS,
  leaguePicksUrl,
  leagueTableUrl,
  leagueUrl,
  matchUrl,
  matchUrlById,
  playerSlug,
  playerUrl,
  teamListUrl,
  teamPlayersUrl,
  teamUrl,
  teamUrlByCode,
  teamUrlById,
} from "./urls";

describe("per-league URLs", () => {
  it.each([
    ["premier-league", "/premier-league-predictions", "/premier-league/teams", "/picks/epl"],
    ["la-liga", "/la-liga-predictions", "/la-liga/teams", "/picks/laliga"],
    ["bundesliga", "/bundesliga-predictions", "/bundesliga/teams", "/picks/bundesliga"],
    ["serie-a", "/serie-a-predictions", "/serie-a/teams", "/picks/seriea"],
    ["ligue1", "/ligue-1-predictions", "/ligue-1/teams", "/picks/ligue1"],
  ] as [LeagueKey, string, string, string][])("%s", (league, page, teams, picks) => {
    expect(leagueUrl(league)).toBe(page);
    expect(leagueTableUrl(league)).toBe(`${page}#table`);
    expect(teamListUrl(league)).toBe(teams);
    expect(leaguePicksUrl(league)).toBe(picks);
  });
});

describe("page URLs", () => {
  it.each([
    [matchUrl("premier-league", "arsenal", "chelsea"), "/premier-league-predictions/arsenal-vs-chelsea-prediction"],
    [
      matchUrl("ligue1", "paris-saint-germain", "marseille"),
      "/ligue-1-predictions/paris-saint-germain-vs-marseille-prediction",
    ],
    [matchUrl("la-liga", "Real-Madrid", "Barcelona"), "/la-liga-predictions/real-madrid-vs-barcelona-prediction"],
    [matchUrlById(123), "/match/123"],
    [teamUrl("la-liga", "barcelona"), "/la-liga/teams/barcelona"],
    [teamUrl("ligue1", "paris-saint-germain"), "/ligue-1/teams/paris-saint-germain"],
    [teamUrl("bundesliga", "bayern-münchen"), "/bundesliga/teams/bayern-m%C3%BCnchen"],
    [teamUrlById(50), "/teams/50"],
    [teamUrlByCode("MUN"), "/teams/mun"],
    [teamPlayersUrl("la-liga", "barcelona"), "/la-liga/teams/barcelona/players"],
    [
      playerUrl("la-liga", "barcelona", "robert-lewandowski-521"),
      "/la-liga/teams/barcelona/players/robert-lewandowski-521",
    ],
  ])("%s", (built, expected) => {
    expect(built).toBe(expected);
  });
});

describe("playerSlug", () => {
  it.each([
    ["Robert Lewandowski", 521, "robert-lewandowski-521"],
    ["Kylian Mbappé", 278, "kylian-mbappe-278"],
    ["Martin Ødegaard", 37127, "martin-odegaard-37127"],
    ["", 9, "9"],
    ["???", 9, "9"],
  ])("%s, %i → %s", (name, id, expected) => {
    expect(playerSlug(name, id)).toBe(expected);
  });
});

describe("link lists", () => {
  it("NAV_LINKS are the spec's nav and footer links, in order", () => {
    expect(NAV_LINKS).toEqual([
      { label: "Home", href: "/" },
      { label: "Picks & Parlays", href: "/picks" },
      { label: "Algo Results", href: "/algo-results" },
      { label: "About", href: "/about" },
      { label: "Terms", href: "/terms" },
      { label: "Privacy", href: "/privacy" },
      { label: "Responsible Gambling", href: "/responsible-gambling" },
    ]);
  });

  it("LEAGUE_LINKS point at each league's predictions page", () => {
    expect(LEAGUE_LINKS).toEqual([
      { league: "premier-league", label: "Premier League", href: "/premier-league-predictions" },
      { league: "la-liga", label: "La Liga", href: "/la-liga-predictions" },
      { league: "bundesliga", label: "Bundesliga", href: "/bundesliga-predictions" },
      { league: "serie-a", label: "Serie A", href: "/serie-a-predictions" },
      { league: "ligue1", label: "Ligue 1", href: "/ligue-1-predictions" },
    ]);
  });
});
