import { describe, expect, it } from "vitest";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { matchPlace } from "./seo.server";

const id = (slug: string) => getTeamBySlug(slug)!.id;

describe("matchPlace", () => {
  it.each([
    [
      "the home club's ground when the fixture names no venue",
      "premier-league",
      null,
      "arsenal",
      { name: "Emirates Stadium", locality: "London", country: "GB" },
    ],
    [
      "the fixture's venue with the club's town when it is the club's ground",
      "la-liga",
      "santiago bernabéu",
      "real-madrid",
      { name: "santiago bernabéu", locality: "Madrid", country: "ES" },
    ],
    [
      "a neutral venue without a town",
      "premier-league",
      "Wembley Stadium",
      "arsenal",
      { name: "Wembley Stadium", locality: null, country: "GB" },
    ],
    [
      "Monaco's ground in Monaco, not France",
      "ligue1",
      null,
      "monaco",
      { name: "Stade Louis II", locality: "Monaco", country: "MC" },
    ],
  ] as const)("gives %s", (_what, league, venue, home, expected) => {
    expect(matchPlace({ league, venue, home: { id: id(home) } })).toEqual(expected);
  });

  it("knows nothing of a club outside the registry", () => {
    expect(matchPlace({ league: "serie-a", venue: null, home: { id: 987654 } })).toBeNull();
  });
});
