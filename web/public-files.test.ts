import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePublicFiles } from "./public-files";

let dir: string;
let server: Server;
let base: string;
/** What reached the handler after the public files, by path. */
const handedOn: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "public-files-"));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  mkdirSync(path.join(dir, "social"));
  writeFileSync(path.join(dir, "social", "card.png"), "png");
  mkdirSync(path.join(dir, "build"));
  writeFileSync(path.join(dir, "build", "entry.js"), "js");
  const app = express();
  app.use(compression());
  app.use(servePublicFiles(dir));
  app.all("*", (req, res) => {
    handedOn.push(req.path);
    res.status(404).send("page");
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe("servePublicFiles", () => {
  it("serves public/'s files with an hour's max-age, and a file added to one of its folders at once", async () => {
    const favicon = await fetch(`${base}/favicon.svg`);
    expect([favicon.status, await favicon.text(), favicon.headers.get("cache-control")]).toEqual([
      200,
      "<svg/>",
      "public, max-age=3600",
    ]);
    writeFileSync(path.join(dir, "social", "later.png"), "later");
    const later = await fetch(`${base}/social/later.png`);
    expect([later.status, await later.text()]).toEqual([200, "later"]);
    expect(handedOn).toEqual([]);
  });

  it("hands pages, data requests, missing files and the build folder on to what follows", async () => {
    const targets = [
      "/",
      "/premier-league-predictions",
      "/_root.data",
      "/social/missing.png",
      "/build/entry.js",
      "/favicon.svg.bak",
    ];
    for (const target of targets) {
      const answer = await fetch(base + target);
      expect([target, answer.status, await answer.text()]).toEqual([target, 404, "page"]);
    }
    expect(handedOn).toEqual(targets);
  });
});
