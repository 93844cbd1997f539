import { createServer, type Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(clock: { now: number }) {
  const app = express();
  app.use(
    createRateLimiter(
      [
        { name: "write", limit: 2, windowMs: 60_000, appliesTo: (req) => req.method === "POST" },
        { name: "read", limit: 3, windowMs: 60_000, appliesTo: () => true },
      ],
      () => clock.now,
    ),
  );
  app.all("*", (_req, res) => {
    res.send("ok");
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

describe("createRateLimiter", () => {
  it("answers 429 with Retry-After past the limit, and lets the client in again in the next window", async () => {
    const clock = { now: 1_000_000 };
    const base = await serve(clock);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(base + "/")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    clock.now += 20_000;
    const refused = await fetch(base + "/");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(await refused.text()).toBe("Too many requests. Try again in 40 seconds.");

    clock.now += 40_000;
    expect((await fetch(base + "/")).status).toBe(200);
  });

  it("keeps writes on their own tighter budget", async () => {
    const clock = { now: 0 };
    const base = await serve(clock);
    const writes = [];
    for (let i = 0; i < 3; i++) writes.push((await fetch(base + "/x", { method: "POST" })).status);
    expect(writes).toEqual([200, 200, 429]);
    expect((await fetch(base + "/")).status).toBe(200);
  });
});
