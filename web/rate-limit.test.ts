import { createServer, type Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { clientKey, createRateLimiter } from "./rate-limit";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(clock: { now: number }, trustProxy: string | false = false) {
  const app = express();
  app.set("trust proxy", trustProxy);
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

describe("clientKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:85a3:12::8a2e:370:7334", "2001:db8:85a3:12::/64"],
    ["2001:0db8:85a3:0012:ffff:ffff:ffff:ffff", "2001:db8:85a3:12::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::198.51.100.1", "64:ff9b:0:0::/64"],
    [undefined, "unknown"],
  ])("counts %s as %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe("IPv6 clients behind a trusted proxy", () => {
  it("share one budget across their /64, however they rotate the rest of the address", async () => {
    const clock = { now: 0 };
    const base = await serve(clock, "loopback");
    const from = (address: string) => fetch(base + "/", { headers: { "X-Forwarded-For": address } });
    const statuses = [];
    for (const address of [
      "2001:db8:aa:bb::1",
      "2001:db8:aa:bb::2",
      "2001:db8:aa:bb:abcd:1234:5678:9",
      "2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff",
    ]) {
      statuses.push((await from(address)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The neighbouring /64 is another subscriber, with its own budget.
    expect((await from("2001:db8:aa:bc::1")).status).toBe(200);
  });
});
