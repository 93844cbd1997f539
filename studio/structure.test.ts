import { describe, expect, it } from "vitest";
import { groupByMatchweek } from "./structure";

describe("match previews by matchweek", () => {
  it("groups drafts and published previews by the site's matchweek of their kick-off, latest first", () => {
    expect(
      groupByMatchweek([
        { _id: "a", kickoff: "2026-02-07T15:00:00Z" },
        { _id: "drafts.a", kickoff: "2026-02-07T15:00:00Z" },
        { _id: "b", kickoff: "2026-02-13T19:30:00Z" },
        { _id: "c", kickoff: "2025-10-05T13:30:00Z" },
        { _id: "d", kickoff: null },
      ]),
    ).toEqual([
      { title: "2025/26 · Matchweek 29", ids: ["b"], order: "2526-29" },
      { title: "2025/26 · Matchweek 28", ids: ["a", "drafts.a"], order: "2526-28" },
      { title: "2025/26 · Matchweek 10", ids: ["c"], order: "2526-10" },
    ]);
  });
});
