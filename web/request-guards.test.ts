import { createServer, type Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, refusedTarget } from "./request-guards";

describe("refusedTarget", () => {
  it.each([
    ["/%5C", 400],
    ["/league/%5c%2F", 400],
    ["/%E0%A4%A", 400],
    ["/a%0Ab", 400],
    ["/a\\b", 400],
    ["/a\u0007b", 400],
    ["*", 400],
    ["premier-league", 400],
    [`/${"x".repeat(3000)}`, 414],
  ])("refuses %s with %i", (url, status) => {
    expect(refusedTarget(url)?.status).toBe(status);
  });

  it.each(["/", "/premier-league-predictions/arsenal-vs-chelsea-prediction", "/search?q=%5C", "/caf%C3%A9"])(
    "lets %s through",
    (url) => {
      expect(refusedTarget(url)).toBeNull();
    },
  );

  it("lets Remix's route discovery ask for a page's links in one long request, up to its own 7,680-character limit", () => {
    const paths = Array.from(
      { length: 120 },
      (_, i) => `p=${encodeURIComponent(`/premier-league-predictions/club-${i}-vs-club-${i + 1}-prediction`)}`,
    );
    const manifest = `/__manifest?${paths.join("&")}&version=0123abcd`;
    expect(manifest.length).toBeGreaterThan(7_000);
    expect(refusedTarget(manifest)).toBeNull();
    expect(refusedTarget(`/algo-results?${paths.join("&")}`)?.status).toBe(414);
    expect(refusedTarget(`/__manifest?${"p=x&".repeat(3000)}`)?.status).toBe(414);
  });
});

describe("errorAnswer", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function answerOf(error: unknown, path = "/page"): Promise<{ status: number; body: string; logged: string[] }> {
    const logged: string[] = [];
    const app = express();
    app.get("*", () => {
      throw error;
    });
    app.use(errorAnswer((m) => logged.push(m)));
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: response.status, body: await response.text(), logged };
  }

  it("keeps a middleware's 4xx and shows neither message nor stack", async () => {
    const error = Object.assign(new Error("Failed to decode param '/work/secret/path'"), { status: 400 });
    const { status, body, logged } = await answerOf(error);
    expect(status).toBe(400);
    expect(body).toContain("Bad Request");
    expect(body).not.toContain("/work/secret");
    expect(body).not.toContain("at ");
    expect(logged).toEqual([]);
  });

  it("answers anything else with a 500 apology, JSON under /api, and logs the stack", async () => {
    const { status, body, logged } = await answerOf(new TypeError("boom in /work/main/web/x.ts:12"), "/api/thing");
    expect(status).toBe(500);
    expect(JSON.parse(body)).toEqual({ error: "Something went wrong on our side. Please try again." });
    expect(logged[0]).toContain("TypeError: boom");
  });
});
