import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import { answerStudioCors, studioOrigins } from "./studio-cors";

const STUDIO = "http://localhost:3333";
const HOSTED = "https://first-kick-picks.sanity.studio";
let server: Server;
let base: string;

beforeAll(async () => {
  const origins = studioOrigins(parseEnv({ STUDIO_ORIGIN: STUDIO, SANITY_STUDIO_URL: `${HOSTED}/` }));
  // The page cache answers with writeHead and a list of headers: CORS headers set before it stay.
  server = createServer((req, res) => {
    if (answerStudioCors(req, res, origins)) return;
    res.writeHead(200, ["content-type", "application/json", "cache-control", "public, max-age=60", "etag", '"abc"']);
    res.end("[]");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("CORS for the Studio", () => {
  it("allows the configured Studio origins to read /api/, with the page's own caching", async () => {
    for (const origin of [STUDIO, HOSTED]) {
      const response = await fetch(`${base}/api/editor/fixtures/premier-league`, { headers: { Origin: origin } });
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe(origin);
      expect(response.headers.get("Access-Control-Expose-Headers")).toBe("ETag");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    }
  });

  it("answers an allowed origin's preflight of a read, and nothing else", async () => {
    const preflight = await fetch(`${base}/api/standings/premier-league`, {
      method: "OPTIONS",
      headers: { Origin: STUDIO, "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("GET, HEAD");
    expect(preflight.headers.get("Vary")).toBe("Origin");
    const write = await fetch(`${base}/api/content/match-updates`, {
      method: "OPTIONS",
      headers: { Origin: STUDIO, "Access-Control-Request-Method": "POST" },
    });
    expect(write.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("gives another origin, a page outside /api/ or a write no CORS header", async () => {
    const other = await fetch(`${base}/api/matches`, { headers: { Origin: "https://evil.example" } });
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const page = await fetch(`${base}/premier-league-predictions`, { headers: { Origin: STUDIO } });
    expect(page.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const post = await fetch(`${base}/api/matches`, { method: "POST", headers: { Origin: STUDIO } });
    expect(post.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
