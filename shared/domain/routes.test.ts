import { describe, expect, it } from "vitest";
import { ALL_LEAGUES, LEAGUE_KEYS, type LeagueKey } from "./leagues";
import { leagueFromPath, parseRoute, type RouteMatch } from "./routes";
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
  ABOUT,
  ALGO_RESULTS,
  API_STATUS,
  HOME,
  LEAGUE_REDIRECT,
  PICKS,
  PRIVACY,
  RESPONSIBLE_GAMBLING,
  SOCIAL_CARD_PAGE,
  TERMS,
  TEST_API,
} from "./urls";

const NOT_FOUND: RouteMatch = { page: "not-found" };

function league(key: LeagueKey, redirectTo?: string): RouteMatch {
  return { page: "league", league: key, ...(redirectTo && { redirectTo }) };
}

function bySlug(key: LeagueKey, homeSlug: string, awaySlug: string, redirectTo?: string): RouteMatch {
  return { page: "match", by: "slug", league: key, homeSlug, awaySlug, ...(redirectTo && { redirectTo }) };
}

function teamList(key: LeagueKey, redirectTo?: string): RouteMatch {
  return { page: "team-list", league: key, ...(redirectTo && { redirectTo }) };
}

function team(key: LeagueKey, teamSlug: string, redirectTo?: string): RouteMatch {
  return { page: "team", by: "slug", league: key, teamSlug, ...(redirectTo && { redirectTo }) };
}

function teamById(key: LeagueKey, teamId: number, redirectTo?: string): RouteMatch {
  return { page: "team", by: "id", league: key, teamId, ...(redirectTo && { redirectTo }) };
}

const CANONICAL_ARSENAL_CHELSEA = "/premier-league-predictions/arsenal-vs-chelsea-prediction";
const CANONICAL_PSG_OM = "/ligue-1-predictions/psg-vs-marseille-prediction";

const TABLE: [string, RouteMatch][] = [
  // Home
  ["/", { page: "home" }],
  ["/home", { page: "home", redirectTo: "/" }],
  ["/coming-soon", { page: "home", redirectTo: "/" }],

  // Static and internal pages
  ["/picks", { page: "picks" }],
  ["/algo-results", { page: "algo-results" }],
  ["/about", { page: "about" }],
  ["/terms", { page: "terms" }],
  ["/privacy", { page: "privacy" }],
  ["/responsible-gambling", { page: "responsible-gambling" }],
  ["/test-api", { page: "test-api" }],
  ["/api-status", { page: "api-status" }],
  ["/preview", { page: "social-card" }],
  // The old site's redirect screen
  ["/leagues", { page: "league-redirect" }],
  ["/Leagues/", { page: "league-redirect", redirectTo: "/leagues" }],

  // League pick links on the home page, and league-name aliases for them
  ["/picks/epl", { page: "league-picks", league: "premier-league" }],
  ["/picks/laliga", { page: "league-picks", league: "la-liga" }],
  ["/picks/bundesliga", { page: "league-picks", league: "bundesliga" }],
  ["/picks/seriea", { page: "league-picks", league: "serie-a" }],
  ["/picks/ligue1", { page: "league-picks", league: "ligue1" }],
  ["/picks/premier-league", { page: "league-picks", league: "premier-league", redirectTo: "/picks/epl" }],
  ["/picks/la-liga", { page: "league-picks", league: "la-liga", redirectTo: "/picks/laliga" }],
  ["/picks/ligue-1", { page: "league-picks", league: "ligue1", redirectTo: "/picks/ligue1" }],
  ["/picks/mls", NOT_FOUND],

  // League pages
  ["/premier-league-predictions", league("premier-league")],
  ["/la-liga-predictions", league("la-liga")],
  ["/bundesliga-predictions", league("bundesliga")],
  ["/serie-a-predictions", league("serie-a")],
  ["/ligue-1-predictions", league("ligue1")],
  ["/ligue1", league("ligue1", "/ligue-1-predictions")],
  ["/ligue1-predictions", league("ligue1", "/ligue-1-predictions")],
  ["/ligue-1", league("ligue1", "/ligue-1-predictions")],
  ["/leagues/premier-league", league("premier-league", "/premier-league-predictions")],
  ["/premier-league", league("premier-league", "/premier-league-predictions")],
  ["/leagues/bundesliga", league("bundesliga", "/bundesliga-predictions")],
  ["/bundesliga", league("bundesliga", "/bundesliga-predictions")],
  ["/leagues/la-liga", league("la-liga", "/la-liga-predictions")],
  ["/la-liga", league("la-liga", "/la-liga-predictions")],
  ["/serie-a", league("serie-a", "/serie-a-predictions")],
  ["/leagues/serie-a", league("serie-a", "/serie-a-predictions")],
  ["/leagues/ligue-1", league("ligue1", "/ligue-1-predictions")],
  ["/leagues/ligue1", league("ligue1", "/ligue-1-predictions")],
  // 'See Full League Table' links: the fragment is not part of the path
  ["/leagues/premier-league#table", league("premier-league", "/premier-league-predictions")],
  ["/leagues/bundesliga#table", league("bundesliga", "/bundesliga-predictions")],
  ["/la-liga#table", league("la-liga", "/la-liga-predictions")],
  ["/serie-a#table", league("serie-a", "/serie-a-predictions")],
  ["/ligue-1#table", league("ligue1", "/ligue-1-predictions")],
  ["/premier-league-predictions#table", league("premier-league")],
  ["/leagues/epl", NOT_FOUND],
  ["/leagues/premier-league-predictions", NOT_FOUND],
  ["/mls-predictions", NOT_FOUND],
  ["/epl", NOT_FOUND],

  // Match by id
  ["/match/123", { page: "match", by: "id", id: 123 }],
  ["/match/1", { page: "match", by: "id", id: 1 }],
  ["/match/2147483647", { page: "match", by: "id", id: 2147483647 }],
  ["/match/007", { page: "match", by: "id", id: 7, redirectTo: "/match/7" }],
  ["/match/0", NOT_FOUND],
  ["/match/-5", NOT_FOUND],
  ["/match/2147483648", NOT_FOUND],
  ["/match/99999999999999999999", NOT_FOUND],
  ["/match/abc", NOT_FOUND],
  ["/match", NOT_FOUND],
  // An id containing '-vs-' is a slug; /match/ names no league, so the default league applies
  ["/match/arsenal-vs-chelsea", bySlug("premier-league", "arsenal", "chelsea", CANONICAL_ARSENAL_CHELSEA)],
  ["/match/arsenal-vs-chelsea-prediction", bySlug("premier-league", "arsenal", "chelsea", CANONICAL_ARSENAL_CHELSEA)],

  // /matches/{league}/{matchup}
  [
    "/matches/premier-league/arsenal-vs-chelsea",
    bySlug("premier-league", "arsenal", "chelsea", CANONICAL_ARSENAL_CHELSEA),
  ],
  [
    "/matches/bundesliga/bayern-munich-vs-borussia-dortmund",
    bySlug(
      "bundesliga",
      "bayern-munich",
      "borussia-dortmund",
      "/bundesliga-predictions/bayern-munich-vs-borussia-dortmund-prediction",
    ),
  ],
  [
    "/matches/la-liga/barcelona-vs-real-madrid",
    bySlug("la-liga", "barcelona", "real-madrid", "/la-liga-predictions/barcelona-vs-real-madrid-prediction"),
  ],
  [
    "/matches/serie-a/inter-vs-milan",
    bySlug("serie-a", "inter", "milan", "/serie-a-predictions/inter-vs-milan-prediction"),
  ],
  ["/matches/ligue1/psg-vs-marseille", bySlug("ligue1", "psg", "marseille", CANONICAL_PSG_OM)],
  ["/matches/ligue-1/psg-vs-marseille", bySlug("ligue1", "psg", "marseille", CANONICAL_PSG_OM)],
  ["/matches/premier-league/42", { page: "match", by: "id", id: 42, redirectTo: "/match/42" }],
  ["/matches/epl/arsenal-vs-chelsea", NOT_FOUND],
  ["/matches/premier-league-predictions/arsenal-vs-chelsea", NOT_FOUND],
  ["/matches/premier-league", NOT_FOUND],

  // /{league}/matches/{matchup}
  [
    "/premier-league/matches/arsenal-vs-chelsea",
    bySlug("premier-league", "arsenal", "chelsea", CANONICAL_ARSENAL_CHELSEA),
  ],
  [
    "/bundesliga/matches/bayern-munich-vs-borussia-dortmund",
    bySlug(
      "bundesliga",
      "bayern-munich",
      "borussia-dortmund",
      "/bundesliga-predictions/bayern-munich-vs-borussia-dortmund-prediction",
    ),
  ],
  [
    "/la-liga/matches/barcelona-vs-real-madrid",
    bySlug("la-liga", "barcelona", "real-madrid", "/la-liga-predictions/barcelona-vs-real-madrid-prediction"),
  ],
  [
    "/serie-a/matches/inter-vs-milan",
    bySlug("serie-a", "inter", "milan", "/serie-a-predictions/inter-vs-milan-prediction"),
  ],
  ["/ligue-1/matches/psg-vs-marseille", bySlug("ligue1", "psg", "marseille", CANONICAL_PSG_OM)],
  ["/ligue1/matches/psg-vs-marseille", bySlug("ligue1", "psg", "marseille", CANONICAL_PSG_OM)],
  ["/premier-league/matches/77", { page: "match", by: "id", id: 77, redirectTo: "/match/77" }],
  ["/epl/matches/arsenal-vs-chelsea", NOT_FOUND],

  // /{league}-predictions/{matchup}: canonical with '-prediction', redirected to it without
  [CANONICAL_ARSENAL_CHELSEA, bySlug("premier-league", "arsenal", "chelsea")],
  [
    "/premier-league-predictions/arsenal-vs-chelsea",
    bySlug("premier-league", "arsenal", "chelsea", CANONICAL_ARSENAL_CHELSEA),
  ],
  ["/la-liga-predictions/barcelona-vs-real-madrid-prediction", bySlug("la-liga", "barcelona", "real-madrid")],
  [
    "/la-liga-predictions/barcelona-vs-real-madrid",
    bySlug("la-liga", "barcelona", "real-madrid", "/la-liga-predictions/barcelona-vs-real-madrid-prediction"),
  ],
  [
    "/bundesliga-predictions/bayern-munich-vs-borussia-dortmund-prediction",
    bySlug("bundesliga", "bayern-munich", "borussia-dortmund"),
  ],
  [
    "/bundesliga-predictions/bayern-munich-vs-borussia-dortmund",
    bySlug(
      "bundesliga",
      "bayern-munich",
      "borussia-dortmund",
      "/bundesliga-predictions/bayern-munich-vs-borussia-dortmund-prediction",
    ),
  ],
  ["/serie-a-predictions/inter-vs-milan-prediction", bySlug("serie-a", "inter", "milan")],
  [
    "/serie-a-predictions/inter-vs-milan",
    bySlug("serie-a", "inter", "milan", "/serie-a-predictions/inter-vs-milan-prediction"),
  ],
  [CANONICAL_PSG_OM, bySlug("ligue1", "psg", "marseille")],
  ["/ligue-1-predictions/psg-vs-marseille", bySlug("ligue1", "psg", "marseille", CANONICAL_PSG_OM)],
  ["/ligue1-predictions/psg-vs-marseille-prediction", bySlug("ligue1", "psg", "marseille", CANONICAL_PSG_OM)],
  ["/premier-league-predictions/15", { page: "match", by: "id", id: 15, redirectTo: "/match/15" }],
  ["/premier-league/arsenal-vs-chelsea", NOT_FOUND],
  ["/premier-league-predictions/arsenal", NOT_FOUND],
  ["/premier-league-predictions/arsenal-vs-", NOT_FOUND],
  ["/premier-league-predictions/-vs-chelsea", NOT_FOUND],
  ["/premier-league-predictions/a-vs-b-vs-c", NOT_FOUND],
  ["/mls-predictions/galaxy-vs-lafc-prediction", NOT_FOUND],

  // Team lists: /{league}/teams is canonical, /{league}-predictions/teams an alias
  ["/premier-league/teams", teamList("premier-league")],
  ["/la-liga/teams", teamList("la-liga")],
  ["/serie-a/teams", teamList("serie-a")],
  ["/bundesliga/teams", teamList("bundesliga")],
  ["/ligue-1/teams", teamList("ligue1")],
  ["/premier-league-predictions/teams", teamList("premier-league", "/premier-league/teams")],
  ["/la-liga-predictions/teams", teamList("la-liga", "/la-liga/teams")],
  ["/bundesliga-predictions/teams", teamList("bundesliga", "/bundesliga/teams")],
  ["/serie-a-predictions/teams", teamList("serie-a", "/serie-a/teams")],
  ["/ligue-1-predictions/teams", teamList("ligue1", "/ligue-1/teams")],
  ["/ligue1/teams", teamList("ligue1", "/ligue-1/teams")],
  ["/ligue1-predictions/teams", teamList("ligue1", "/ligue-1/teams")],
  ["/teams", teamList("premier-league", "/premier-league/teams")],
  ["/mls/teams", NOT_FOUND],

  // Team detail: league from the route prefix, all digits is the team id
  ["/premier-league/teams/arsenal", team("premier-league", "arsenal")],
  ["/premier-league-predictions/teams/arsenal", team("premier-league", "arsenal", "/premier-league/teams/arsenal")],
  ["/bundesliga/teams/bayern-munich", team("bundesliga", "bayern-munich")],
  [
    "/bundesliga-predictions/teams/bayern-munich",
    team("bundesliga", "bayern-munich", "/bundesliga/teams/bayern-munich"),
  ],
  ["/la-liga/teams/barcelona", team("la-liga", "barcelona")],
  ["/la-liga-predictions/teams/barcelona", team("la-liga", "barcelona", "/la-liga/teams/barcelona")],
  ["/serie-a/teams/inter", team("serie-a", "inter")],
  ["/serie-a-predictions/teams/inter", team("serie-a", "inter", "/serie-a/teams/inter")],
  ["/ligue-1/teams/paris-saint-germain", team("ligue1", "paris-saint-germain")],
  [
    "/ligue-1-predictions/teams/paris-saint-germain",
    team("ligue1", "paris-saint-germain", "/ligue-1/teams/paris-saint-germain"),
  ],
  ["/ligue1/teams/paris-saint-germain", team("ligue1", "paris-saint-germain", "/ligue-1/teams/paris-saint-germain")],
  ["/ligue1/teams/85", teamById("ligue1", 85, "/ligue-1/teams/85")],
  ["/ligue-1/teams/85", teamById("ligue1", 85)],
  ["/ligue1-predictions/teams/85", teamById("ligue1", 85, "/ligue-1/teams/85")],
  ["/ligue-1-predictions/teams/85", teamById("ligue1", 85, "/ligue-1/teams/85")],
  ["/premier-league/teams/42", teamById("premier-league", 42)],
  ["/premier-league/teams/0", NOT_FOUND],
  ["/premier-league/teams/players", NOT_FOUND],
  ["/mls/teams/galaxy", NOT_FOUND],
  ["/teams/50", { page: "team", by: "id", teamId: 50 }],
  ["/teams/mun", { page: "team", by: "code", teamCode: "mun" }],
  ["/teams/MUN", { page: "team", by: "code", teamCode: "mun", redirectTo: "/teams/mun" }],
  ["/teams/0", NOT_FOUND],
  ["/teams/mun/players", NOT_FOUND],

  // Team players lists
  [
    "/la-liga-predictions/teams/barcelona/players",
    {
      page: "team-players",
      by: "slug",
      league: "la-liga",
      teamSlug: "barcelona",
      redirectTo: "/la-liga/teams/barcelona/players",
    },
  ],
  ["/la-liga/teams/barcelona/players", { page: "team-players", by: "slug", league: "la-liga", teamSlug: "barcelona" }],
  [
    "/premier-league/teams/arsenal/players",
    { page: "team-players", by: "slug", league: "premier-league", teamSlug: "arsenal" },
  ],
  ["/ligue-1/teams/85/players", { page: "team-players", by: "id", league: "ligue1", teamId: 85 }],
  [
    "/ligue1/teams/85/players",
    { page: "team-players", by: "id", league: "ligue1", teamId: 85, redirectTo: "/ligue-1/teams/85/players" },
  ],
  ["/la-liga/teams/0/players", NOT_FOUND],

  // Players
  [
    "/la-liga/teams/players/robert-lewandowski-521",
    { page: "player", league: "la-liga", playerSlug: "robert-lewandowski-521", playerId: 521 },
  ],
  [
    "/la-liga/teams/barcelona/players/robert-lewandowski-521",
    { page: "player", league: "la-liga", teamSlug: "barcelona", playerSlug: "robert-lewandowski-521", playerId: 521 },
  ],
  [
    "/la-liga-predictions/teams/barcelona/players/robert-lewandowski-521",
    {
      page: "player",
      league: "la-liga",
      teamSlug: "barcelona",
      playerSlug: "robert-lewandowski-521",
      playerId: 521,
      redirectTo: "/la-liga/teams/barcelona/players/robert-lewandowski-521",
    },
  ],
  [
    "/la-liga-predictions/teams/players/pedri-1234",
    {
      page: "player",
      league: "la-liga",
      playerSlug: "pedri-1234",
      playerId: 1234,
      redirectTo: "/la-liga/teams/players/pedri-1234",
    },
  ],
  [
    "/premier-league/teams/players/bukayo-saka-1460",
    { page: "player", league: "premier-league", playerSlug: "bukayo-saka-1460", playerId: 1460 },
  ],
  [
    "/bundesliga/teams/bayern-munich/players/harry-kane-184",
    { page: "player", league: "bundesliga", teamSlug: "bayern-munich", playerSlug: "harry-kane-184", playerId: 184 },
  ],
  [
    "/serie-a/teams/inter/players/lautaro-martinez-217",
    { page: "player", league: "serie-a", teamSlug: "inter", playerSlug: "lautaro-martinez-217", playerId: 217 },
  ],
  [
    "/ligue1/teams/85/players/ousmane-dembele-153",
    {
      page: "player",
      league: "ligue1",
      teamId: 85,
      playerSlug: "ousmane-dembele-153",
      playerId: 153,
      redirectTo: "/ligue-1/teams/85/players/ousmane-dembele-153",
    },
  ],
  [
    "/la-liga/teams/barcelona/players/521",
    { page: "player", league: "la-liga", teamSlug: "barcelona", playerSlug: "521", playerId: 521 },
  ],
  [
    "/la-liga/teams/barcelona/players/pedri",
    { page: "player", league: "la-liga", teamSlug: "barcelona", playerSlug: "pedri" },
  ],
  ["/la-liga/teams/barcelona/players/someone-0", NOT_FOUND],
  ["/la-liga/teams/barcelona/players/someone-2147483648", NOT_FOUND],
  ["/la-liga/teams/0/players/pedri-1234", NOT_FOUND],
  ["/la-liga/teams/players/players/pedri-1234", NOT_FOUND],
  ["/la-liga/teams/barcelona/squad/pedri-1234", NOT_FOUND],
  ["/la-liga/teams/barcelona/stats", NOT_FOUND],

  // Normalisation
  ["/picks/", { page: "picks", redirectTo: "/picks" }],
  ["//picks", { page: "picks", redirectTo: "/picks" }],
  ["/About", { page: "about", redirectTo: "/about" }],
  ["/picks?league=epl", { page: "picks" }],
  ["/Home/", { page: "home", redirectTo: "/" }],
  [
    "/PREMIER-LEAGUE-PREDICTIONS/Arsenal-vs-Chelsea-Prediction/",
    bySlug("premier-league", "arsenal", "chelsea", CANONICAL_ARSENAL_CHELSEA),
  ],
  ["/premier-league%2Dpredictions", league("premier-league", "/premier-league-predictions")],
  ["/la-liga/teams/atl%C3%A9tico-madrid", team("la-liga", "atlético-madrid")],
  ["/la-liga/teams/atlético-madrid", team("la-liga", "atlético-madrid", "/la-liga/teams/atl%C3%A9tico-madrid")],
  ["/la-liga/teams/ATL%C3%89TICO-MADRID", team("la-liga", "atlético-madrid", "/la-liga/teams/atl%C3%A9tico-madrid")],
  ["/la-liga/teams/a%2Fb", NOT_FOUND],
  ["/la-liga/teams/%2E%2E", NOT_FOUND],
  ["/la-liga/teams/..", NOT_FOUND],
  ["/la-liga/teams/a%20b", NOT_FOUND],
  ["/la-liga/teams/%E0%A4%A", NOT_FOUND],
  ["picks", NOT_FOUND],
  ["", NOT_FOUND],

  // Anything else
  ["/nope", NOT_FOUND],
  ["/redirect", NOT_FOUND],
  ["/premier-league/teams/arsenal/players/saka-1460/stats", NOT_FOUND],
];

describe("parseRoute", () => {
  it.each(TABLE)("%s", (path, expected) => {
    expect(parseRoute(path)).toStrictEqual(expected);
  });

  const redirects = TABLE.flatMap(([path, match]) =>
    "redirectTo" in match && match.redirectTo ? [[path, match.redirectTo] as const] : [],
  );

  it.each(redirects)("%s redirects to %s, which is canonical for the same page", (path, target) => {
    const { redirectTo: _, ...page } = parseRoute(path) as RouteMatch & { redirectTo?: string };
    expect(parseRoute(target)).toStrictEqual(page);
  });
});

describe("URL builders round-trip through parseRoute without a redirect", () => {
  const perLeague = LEAGUE_KEYS.flatMap((key): [string, RouteMatch][] => [
    [leagueUrl(key), { page: "league", league: key }],
    [leagueTableUrl(key), { page: "league", league: key }],
    [matchUrl(key, "home-fc", "away-united"), bySlug(key, "home-fc", "away-united")],
    [teamListUrl(key), { page: "team-list", league: key }],
    [teamUrl(key, "some-club"), { page: "team", by: "slug", league: key, teamSlug: "some-club" }],
    [teamUrl(key, "85"), { page: "team", by: "id", league: key, teamId: 85 }],
    [teamPlayersUrl(key, "some-club"), { page: "team-players", by: "slug", league: key, teamSlug: "some-club" }],
    [
      playerUrl(key, "some-club", playerSlug("Robert Lewandowski", 521)),
      { page: "player", league: key, teamSlug: "some-club", playerSlug: "robert-lewandowski-521", playerId: 521 },
    ],
    [leaguePicksUrl(key), { page: "league-picks", league: key }],
  ]);

  const others: [string, RouteMatch][] = [
    [HOME, { page: "home" }],
    [PICKS, { page: "picks" }],
    [ALGO_RESULTS, { page: "algo-results" }],
    [ABOUT, { page: "about" }],
    [TERMS, { page: "terms" }],
    [PRIVACY, { page: "privacy" }],
    [RESPONSIBLE_GAMBLING, { page: "responsible-gambling" }],
    [TEST_API, { page: "test-api" }],
    [API_STATUS, { page: "api-status" }],
    [SOCIAL_CARD_PAGE, { page: "social-card" }],
    [LEAGUE_REDIRECT, { page: "league-redirect" }],
    [matchUrlById(9876), { page: "match", by: "id", id: 9876 }],
    [teamUrlById(50), { page: "team", by: "id", teamId: 50 }],
    [teamUrlByCode("MUN"), { page: "team", by: "code", teamCode: "mun" }],
    [matchUrl("la-liga", "Atlético-Madrid", "Real-Madrid"), bySlug("la-liga", "atlético-madrid", "real-madrid")],
    [
      teamUrl("bundesliga", "Bayern-München"),
      { page: "team", by: "slug", league: "bundesliga", teamSlug: "bayern-münchen" },
    ],
  ];

  it.each([...perLeague, ...others])("%s", (url, expected) => {
    expect(parseRoute(url)).toStrictEqual(expected);
  });

  it.each([...NAV_LINKS, ...LEAGUE_LINKS])("$label: $href", ({ href }) => {
    const route = parseRoute(href);
    expect(route.page).not.toBe("not-found");
    expect(route).not.toHaveProperty("redirectTo");
  });
});

describe("leagueFromPath", () => {
  it.each([
    [CANONICAL_ARSENAL_CHELSEA, "premier-league"],
    ["/bundesliga/matches/bayern-munich-vs-borussia-dortmund", "bundesliga"],
    ["/la-liga-predictions/barcelona-vs-real-madrid-prediction", "la-liga"],
    ["/matches/serie-a/inter-vs-milan", "serie-a"],
    ["/ligue-1/matches/psg-vs-marseille", "ligue1"],
    ["/matches/ligue1/psg-vs-marseille", "ligue1"],
    ["/ligue-1/teams/85", "ligue1"],
    ["/picks/laliga", "la-liga"],
    ["/match/123", "premier-league"],
    ["/teams/50", "premier-league"],
    ["/nope", "premier-league"],
  ] as const)("%s → %s", (path, expected) => {
    expect(leagueFromPath(path)).toBe(expected);
  });

  it("recognises every league's own URLs", () => {
    for (const l of ALL_LEAGUES) expect(leagueFromPath(leagueUrl(l.key))).toBe(l.key);
  });
});
