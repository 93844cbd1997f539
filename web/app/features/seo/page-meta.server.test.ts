import { describe, expect, it } from "vitest";
import { data } from "@remix-run/node";
import { withPageMeta } from "./page-meta.server";

describe("withPageMeta", () => {
  it("adds the head tags to a loader's data and keeps its status and headers", () => {
    const init = { status: 200, headers: { "Cache-Control": "public, max-age=0" } };
    const answer = withPageMeta(data({ title: "About" }, init), [{ title: "About | First Kick Picks" }]);
    expect(answer.data).toEqual({ title: "About", meta: [{ title: "About | First Kick Picks" }] });
    expect(answer.init).toEqual(init);
  });
});
