import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatParlayDate, getSundayParlayView } from "./picks.server";
import { localContext, removeTemporaryDatasets, temporaryDataset } from "./test-context";

const seed = path.resolve(import.meta.dirname, "../../content/dataset.ndjson");

afterAll(removeTemporaryDatasets);

describe("the Sunday parlay of /picks", () => {
  it("dates the parlay the spec's way", () => {
    expect(formatParlayDate("2025-10-05")).toBe("October 5th, 2025");
    expect(formatParlayDate("2025-11-22")).toBe("November 22nd, 2025");
    expect(formatParlayDate("2026-03-11T10:00:00Z")).toBe("March 11th, 2026");
  });

  it("reads the seeded 5-team parlay with its legs linked to the match pages", async () => {
    const context = localContext({}, temporaryDataset(seed));
    const parlay = await getSundayParlayView(context, false);
    expect(parlay).not.toBeNull();
    expect(parlay!.title).toBe("Sunday 5-Team Cross-League Parlay");
    expect(parlay!.lastUpdated).toBe("October 5th, 2025");
    expect(parlay!.legs).toHaveLength(5);
    expect(new Set(parlay!.legs.map((leg) => leg.league)).size).toBe(5);
    for (const leg of parlay!.legs) {
      expect(leg.matchPageLink).toMatch(/^\/[a-z0-9-]+-predictions\/[a-z0-9-]+-vs-[a-z0-9-]+-prediction$/);
      expect(leg.confidence).toBeGreaterThan(0);
    }
  });

  it("is null when the content source has no parlay", async () => {
    expect(await getSundayParlayView(localContext({}, temporaryDataset([])), false)).toBeNull();
  });
});
