import { describe, expect, it } from "vitest";
import { requireRoutePage } from "./route-page.server";

const request = (path: string) => new Request(`http://localhost${path}`);

function thrown(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("requireRoutePage", () => {
  it("gives the canonical league and match pages their parsed route", () => {
    expect(requireRoutePage(request("/ligue-1-predictions"), "league")).toEqual({ page: "league", league: "ligue1" });
    expect(requireRoutePage(request("/la-liga-predictions/barcelona-vs-real-madrid-prediction"), "match")).toEqual({
      page: "match",
      by: "slug",
      league: "la-liga",
      homeSlug: "barcelona",
      awaySlug: "real-madrid",
    });
    expect(requireRoutePage(request("/match/42"), "match")).toEqual({ page: "match", by: "id", id: 42 });
  });

  it("answers an alias with a 301 to the canonical path, keeping the query", () => {
    const response = thrown(() => requireRoutePage(request("/leagues/premier-league?ref=x"), "league"));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/premier-league-predictions?ref=x");
    const match = thrown(() => requireRoutePage(request("/premier-league-predictions/arsenal-vs-chelsea"), "match"));
    expect(match.headers.get("Location")).toBe("/premier-league-predictions/arsenal-vs-chelsea-prediction");
  });

  it("is a 404 'Page Not Found' for a path of another page or of none", async () => {
    for (const path of ["/about", "/nowhere", "/premier-league-predictions/not-a-matchup"]) {
      const response = thrown(() => requireRoutePage(request(path), "league"));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Page Not Found");
    }
  });
});
