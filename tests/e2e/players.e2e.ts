/**
 * Player pages, squad pages and the league leaderboards in Chromium: first with API-Football
 * feeding players and leaderboards (a local replay server answers from the project's response
 * files), then with the key-less CSV source alone, which has no player data.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import { startReplayServer, type ReplayServer } from "@sync-worker/providers/api-football/testing/replay-server";
import { launchChromium, openPage, startSite, waitForPage, type OpenedPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

const KEY = "players-e2e-key-0123456789";
const BRUNO = "/premier-league/teams/manchester-united/players/bruno-fernandes-891";
const HAALAND = "/premier-league/teams/manchester-city/players/e-haaland-1100";
const UNITED_SQUAD = "/premier-league/teams/manchester-united/players";
const LEAGUE = "/premier-league-predictions";

/** An answer with nothing in it: the other four leagues have no player data in the replay. */
function emptyAnswer(endpoint: string) {
  return {
    body: { get: endpoint, parameters: {}, errors: [], results: 0, paging: { current: 1, total: 1 }, response: [] },
  };
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const text = async (opened: OpenedPage, selector: string) =>
  (await opened.page.locator(selector).allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());

describe("with API-Football feeding players and leaderboards", () => {
  let site: RunningSite;
  let server: ReplayServer;
  const open = (path: string, width = 1280) => openPage(browser, site.url + path, { width, height: 900 });

  beforeAll(async () => {
    server = await startReplayServer({
      key: KEY,
      routes: {
        "players?league=39&season=2025": { file: "players-39-2025-page-1.json" },
        "players?league=39&page=2&season=2025": { file: "players-39-2025-page-2.json" },
        "players/topscorers?league=39&season=2025": { file: "topscorers-39-2025.json" },
        "players/topassists?league=39&season=2025": { file: "topassists-39-2025.json" },
        // The match sheets job looks up the provider's id of the match that finished that afternoon.
        "fixtures?date=2026-02-07&league=39&season=2025": { file: "fixtures-39-2025.json" },
        "fixtures/players?fixture=1379101": { file: "players-1379101.json" },
        players: emptyAnswer("players"),
        "players/topscorers": emptyAnswer("players/topscorers"),
        "players/topassists": emptyAnswer("players/topassists"),
        fixtures: emptyAnswer("fixtures"),
      },
    });
    site = await startSite({
      FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR,
      API_FOOTBALL_KEY: KEY,
      API_FOOTBALL_BASE_URL: server.url,
      // Fixtures, odds and live scores stay with the CSV files; API-Football feeds the players.
      DATA_PROVIDERS: "live=football-data,events=off,lineups=off,standings=results,team-statistics=results",
    });
    await waitForPage(site, BRUNO, (html) => html.includes("Tottenham Hotspur"), "Bruno Fernandes's recent form");
    await waitForPage(site, LEAGUE, (html) => html.includes("Igor Thiago"), "the leaderboards");
  });

  afterAll(async () => {
    await site?.stop();
    await server?.close();
  });

  it("renders a full player page: header, season summary and recent form from the provider's figures", async () => {
    const opened = await open(BRUNO);
    const { page, problems, status } = opened;
    expect(status).toBe(200);
    expect(await text(opened, "nav[aria-label=Breadcrumb] li")).toEqual([
      "Home",
      "Premier League",
      "Manchester United",
      "Players",
      "Bruno Fernandes",
    ]);
    expect(await page.locator("h1").textContent()).toBe("Bruno Fernandes");
    expect(await text(opened, ".player-header__role")).toEqual(["Midfielder – Manchester United"]);
    // The data has no footedness, so the spec's fixed 'Right Footed' is not claimed.
    expect(await text(opened, ".player-header__details")).toEqual(["Portugal • Age 31"]);
    expect(await page.getByText("Right Footed").count()).toBe(0);

    expect(await text(opened, "#season-stats-title")).toEqual(["Season Stats Summary 2025/26"]);
    expect(await text(opened, ".season-stats__item")).toEqual([
      "Appearances24 (24 starts)",
      "Minutes2,121",
      "Goals7",
      "Assists10",
      "Shots on Target per Game0.8",
      "Key Passes70",
      "Avg Rating7.5",
      "Pass Accuracy33%",
      "Dribbles14/25 (success/attempts)",
    ]);

    expect(await text(opened, "#recent-form-title")).toEqual(["Recent Form (Last 5 Matches)"]);
    const match = page.locator(".recent-match");
    expect(await match.count()).toBe(1);
    expect(await text(opened, ".recent-match__head > *")).toEqual(["Feb 7", "vs Tottenham Hotspur", "2-0", "Win"]);
    expect(await text(opened, ".recent-match__figures > div")).toEqual([
      "Minutes90",
      "Rating8.6",
      "Goals1",
      "Assists1",
      "Shots on Target2",
    ]);
    expect(await text(opened, ".recent-match__badges li")).toEqual(["Goal", "Assist", "High Rating"]);
    expect(await match.getByRole("link").getAttribute("href")).toBe(
      "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("says 'No Recent Matches Found' for a player without match sheets this season", async () => {
    const opened = await open(HAALAND, 390);
    expect(opened.status).toBe(200);
    expect(await text(opened, ".player-header__role")).toEqual(["Attacker – Manchester City"]);
    expect(await opened.page.getByText("No Recent Matches Found").count()).toBe(1);
    expect(
      await opened.page
        .getByText("Match data will appear here once the 2025/26 season matches are available in the system.")
        .count(),
    ).toBe(1);
    expect(opened.problems).toEqual([]);
    await opened.page.close();
  });

  it("lists the club's squad by position, and shows the skeleton while a player page loads", async () => {
    const opened = await open(UNITED_SQUAD);
    const { page, problems, status } = opened;
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Manchester United Players");
    expect(await text(opened, "main section h2")).toEqual(["Goalkeepers", "Midfielders", "Attackers"]);
    expect(await text(opened, ".squad-list__name")).toEqual([
      "S. Lammens",
      "Bruno Fernandes",
      "Mason Mount",
      "B. Mbeumo",
    ]);
    expect(await text(opened, ".squad-list__player")).toContain(
      "Bruno Fernandes Portugal24 apps · 7 goals · 10 assists · rating 7.5",
    );
    expect(await text(opened, ".squad-list__player")).toContain("B. MbeumoData coming soon");

    // Hold the player page's data until the skeleton has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Bruno Fernandes" }).click();
    await page.locator(".player-skeleton[aria-busy=true]").waitFor();
    release();
    await page.locator("h1", { hasText: "Bruno Fernandes" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(BRUNO);
    expect(await page.locator(".player-skeleton").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the top scorers, top assists and top rated on the league page, linking to player pages", async () => {
    const opened = await open(LEAGUE);
    const { page, problems } = opened;
    const board = (title: string) =>
      page.locator(".leaderboard-card", { has: page.getByRole("heading", { name: title }) });
    const names = (title: string) => board(title).locator("tbody th a").allTextContents();
    expect(await text(opened, ".leaderboard-card h3")).toEqual(["Top Scorers", "Top Assists", "Top Rated"]);
    expect(await names("Top Scorers")).toEqual([
      "E. Haaland",
      "Igor Thiago",
      "V. Gyökeres",
      "Bruno Fernandes",
      "B. Saka",
      "Robert Sánchez",
      "Robert Sánchez",
    ]);
    expect(await text(opened, ".leaderboard-card:first-child tbody tr:first-child > *")).toEqual([
      "1",
      "E. HaalandManchester City",
      "22",
      "0.92",
    ]);
    expect((await names("Top Assists")).slice(0, 3)).toEqual(["Bruno Fernandes", "B. Saka", "E. Haaland"]);
    expect(await names("Top Rated")).toEqual([
      "Bruno Fernandes",
      "E. Haaland",
      "B. Saka",
      "Igor Thiago",
      "V. Gyökeres",
      "Robert Sánchez",
    ]);
    expect(await board("Top Scorers").getByRole("link", { name: "E. Haaland" }).getAttribute("href")).toBe(HAALAND);
    expect(await page.getByText("No player data available yet").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("finds a player by name in the site search once the provider's figures are in", async () => {
    const search = async (q: string) =>
      (await (await fetch(`${site.url}/api/search?q=${encodeURIComponent(q)}`)).json()) as {
        results: Array<{ kind: string; label: string; href: string }>;
      };
    for (const query of ["bruno", "Bruno Fernandes", "haaland"]) {
      const players = (await search(query)).results.filter((result) => result.kind === "player");
      expect(players.length, query).toBeGreaterThan(0);
    }
    expect((await search("bruno fernandes")).results.find((result) => result.kind === "player")?.href).toBe(BRUNO);
  });

  it("301s a player URL with another slug to the canonical one", async () => {
    const misspelt = "/premier-league/teams/manchester-united/players/bruno-fernandez-891";
    const response = await fetch(site.url + misspelt, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(BRUNO);
    const { page, status } = await open("/premier-league/teams/players/bruno-fernandes");
    expect(status).toBe(200);
    expect(new URL(page.url()).pathname).toBe(BRUNO);
    await page.close();
  });

  it("answers an unknown player with a 404 'Player Not Found'", async () => {
    const { page, status } = await open("/premier-league/teams/manchester-united/players/nobody-999999");
    expect(status).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Player Not Found");
    expect(await page.getByText("The requested player could not be found.").count()).toBe(1);
    await page.close();
  });
});

describe("with the key-less CSV source alone", () => {
  let site: RunningSite;
  const open = (path: string) => openPage(browser, site.url + path);

  beforeAll(async () => {
    // The shared fixture site: the CSV files alone, no API-Football key.
    site = await sharedSite("fixtures");
    // The predictions run after the player jobs: once picks show, those jobs have run (and skipped).
    await waitForPage(site, LEAGUE, (html) => html.includes("Arsenal to Win"), "the predictions");
  });

  afterAll(async () => {
    await site?.stop();
  });

  it("shows the empty states: no squad figures, no player, no leaderboard", async () => {
    const squad = await open("/premier-league/teams/arsenal/players");
    expect(squad.status).toBe(200);
    expect(await squad.page.locator("h1").textContent()).toBe("Arsenal Players");
    expect(await squad.page.getByText("Player statistics coming soon with detailed analysis.").count()).toBe(1);
    expect(await squad.page.locator(".squad-list").count()).toBe(0);
    expect(squad.problems).toEqual([]);
    await squad.page.close();

    const player = await open(BRUNO);
    expect(player.status).toBe(404);
    expect(await player.page.locator("h1").textContent()).toBe("Player Not Found");
    expect(await player.page.getByText("The requested player could not be found.").count()).toBe(1);
    await player.page.close();

    const league = await open(LEAGUE);
    expect(await league.page.getByText("No player data available yet").count()).toBe(1);
    expect(await league.page.locator(".leaderboard-table").count()).toBe(0);
    await league.page.close();
  });
});
