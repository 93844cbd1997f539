import { describe, expect, it } from "vitest";
import { buildSearchIndex, normalizeSearchText, type MatchEntry, type SearchEntry } from "./search-index";
import { teamEntries } from "./search.server";

const players: SearchEntry[] = [
  {
    kind: "player",
    label: "Bukayo Saka",
    detail: "Arsenal",
    href: "/premier-league/teams/arsenal/players/bukayo-saka-1460",
    names: [],
  },
  {
    kind: "player",
    label: "K. Mbappé",
    detail: "Real Madrid",
    href: "/la-liga/teams/real-madrid/players/k-mbappe-278",
    names: ["Kylian Mbappé Lottin"],
  },
  {
    kind: "player",
    label: "Harry Kane",
    detail: "Bayern München",
    href: "/bundesliga/teams/bayern-munchen/players/harry-kane-184",
    names: [],
  },
];

const matches: MatchEntry[] = [
  {
    kind: "match",
    label: "Arsenal vs Chelsea",
    detail: "Premier League · Sat 7 Feb, 17:30 UTC",
    href: "/premier-league-predictions/arsenal-vs-chelsea-prediction",
    home: ["Arsenal", "The Gunners"],
    away: ["Chelsea", "The Blues"],
  },
  {
    kind: "match",
    label: "Manchester United vs Tottenham Hotspur",
    detail: "Premier League · Sat 7 Feb, 12:30 UTC",
    href: "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
    home: ["Manchester United", "Man United", "Man Utd"],
    away: ["Tottenham Hotspur", "Tottenham", "Spurs"],
    finished: true,
  },
];

const index = buildSearchIndex([...teamEntries(), ...players], matches);
const labels = (query: string, limit = 8) => index.search(query, limit).map((result) => result.label);

describe("normalizeSearchText", () => {
  it("drops case, accents and punctuation", () => {
    expect(normalizeSearchText("FC Bayern München")).toBe("fc bayern munchen");
    expect(normalizeSearchText("  Saint-Étienne ")).toBe("saint etienne");
    expect(normalizeSearchText("Atlético de Madrid")).toBe("atletico de madrid");
  });
});

describe("the search index", () => {
  it("finds Bayern München by a prefix of its German name, with or without the umlaut", () => {
    expect(labels("munch")[0]).toBe("Bayern München");
    expect(labels("münch")[0]).toBe("Bayern München");
    expect(labels("MUENCHEN")[0]).toBe("Bayern München");
  });

  it("finds a club by its English name, its nicknames and its aliases", () => {
    expect(labels("munich")).toContain("Bayern München");
    expect(labels("bayern munich")[0]).toBe("Bayern München");
    expect(labels("man utd")[0]).toBe("Manchester United");
    expect(labels("spurs")[0]).toBe("Tottenham Hotspur");
    expect(labels("atletico")).toContain("Atlético Madrid");
  });

  it("links a club to its canonical team page", () => {
    const [bayern] = index.search("bayern munchen", 1);
    expect(bayern).toEqual({
      kind: "team",
      label: "Bayern München",
      detail: "Bundesliga",
      href: "/bundesliga/teams/bayern-munich",
    });
  });

  it("ranks a name starting with the query above one containing it", () => {
    expect(labels("united", 20)).toEqual(
      expect.arrayContaining(["Manchester United", "Newcastle United", "West Ham United"]),
    );
    expect(labels("arsen")[0]).toBe("Arsenal");
    expect(labels("chel")[0]).toBe("Chelsea");
    expect(labels("helsea")).toEqual(["Chelsea"]);
  });

  it("finds this week's match by its two teams, in either order and by nicknames", () => {
    expect(labels("arsenal chelsea")).toEqual(["Arsenal vs Chelsea"]);
    expect(labels("chelsea v arsenal")).toEqual(["Arsenal vs Chelsea"]);
    expect(labels("man utd spurs")).toEqual(["Manchester United vs Tottenham Hotspur"]);
    expect(index.search("arsenal chelsea", 1)[0].href).toBe(
      "/premier-league-predictions/arsenal-vs-chelsea-prediction",
    );
    // One club named: the club first, then its match still to come or in play; never a finished one.
    expect(labels("arsenal").slice(0, 2)).toEqual(["Arsenal", "Arsenal vs Chelsea"]);
    expect(labels("gunners")).toContain("Arsenal vs Chelsea");
    expect(labels("spurs")).not.toContain("Manchester United vs Tottenham Hotspur");
  });

  it("finds players by any of their names, accents optional", () => {
    expect(labels("saka")).toEqual(["Bukayo Saka"]);
    expect(labels("mbappe")).toEqual(["K. Mbappé"]);
    expect(labels("kylian")).toEqual(["K. Mbappé"]);
    expect(labels("kane")).toContain("Harry Kane");
  });

  it("answers nothing for an empty query and cuts the list at the limit", () => {
    expect(index.search("   ", 8)).toEqual([]);
    expect(index.search("a", 5)).toHaveLength(5);
  });

  // Its speed is measured against a plain scan by `npm run bench:search`.
  it("finds the right entry among thousands of players", () => {
    const manyPlayers: SearchEntry[] = Array.from({ length: 5000 }, (_, i) => ({
      kind: "player",
      label: `Player ${i} Ñúñez${i}`,
      detail: "Club",
      href: `/premier-league/teams/arsenal/players/p-${i}`,
      names: [`First${i} Last${i}`],
    }));
    const big = buildSearchIndex([...teamEntries(), ...manyPlayers], matches);
    expect(big.search("nunez4242", 8).map((result) => result.label)).toEqual(["Player 4242 Ñúñez4242"]);
    expect(big.search("first17 last17", 8)[0].label).toBe("Player 17 Ñúñez17");
    expect(big.search("munch", 8)[0].label).toBe("Bayern München");
    expect(big.search("zzzz", 8)).toEqual([]);
  });
});
