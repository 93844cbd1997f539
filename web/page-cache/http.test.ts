/**
 * The page server's two promises under load, with Remix's real request handler over a build of
 * one resource route whose loader the test holds open: a request that arrives while a page is
 * rendered again is answered at once from the previous page, and a cold miss renders once
 * however many requests wait for it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import helmet from "helmet";
import { afterEach, describe, expect, it } from "vitest";
import type { VersionVector } from "@shared/db/data-versions";
import type { AppContext } from "../app/load-context";
import {
  BACKGROUND_RENDER_MAX_PAUSE_MS,
  BACKGROUND_RENDER_MIN_SHARE,
  createPageServer,
  pauseAfterRender,
  VISITORS_RECENT_MS,
  type PageServer,
} from "./http";
import { JSON_ANSWER_CSP } from "./answer-headers";
import { PageCache } from "./page-cache";
import { RERENDER_GRACE_MS, staleWindowMs } from "./stale-window";

const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** What an answer whose URL names its version sends (Remix's route manifest, a club badge). */
const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A loader that answers "render N of /path" once the test lets it go. */
function heldLoader() {
  let renders = 0;
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  return {
    get renders() {
      return renders;
    },
    /** How long each render keeps the event loop busy, as a page's render does. */
    busyMs: 0,
    /** Appended to each page's text (a page long enough to be compressed). */
    padding: "",
    /** When each render began and ended (performance.now()). */
    spans: [] as { path: string; began: number; ended: number }[],
    /** Renders from now on wait for `open()`. */
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    open() {
      release();
      gate = Promise.resolve();
    },
    async loader({ request }: { request: Request }) {
      renders += 1;
      const n = renders;
      await gate;
      const began = performance.now();
      while (performance.now() - began < this.busyMs);
      this.spans.push({ path: new URL(request.url).pathname, began, ended: performance.now() });
      const path = new URL(request.url).pathname;
      return new Response(`render ${n} of ${path}${this.padding}`, {
        headers: {
          "content-type": "text/plain; charset=utf-8",
          "cache-control": path.startsWith("/versioned-") ? IMMUTABLE_CACHE_CONTROL : PAGE_CACHE_CONTROL,
        },
      });
    },
  };
}

function buildWith(loader: (args: { request: Request }) => Promise<Response>): ServerBuild {
  return {
    mode: "production",
    entry: {
      module: {
        default: () => new Response("no documents in this build", { status: 500 }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/$page": { id: "routes/$page", parentId: "root", path: ":page", module: { loader } },
    },
    assets: { entry: { module: "/build/entry.js", imports: [] }, routes: {}, url: "/build/manifest.js", version: "1" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {} as ServerBuild["future"],
    isSpaMode: false,
  } as unknown as ServerBuild;
}

interface Harness {
  url: string;
  cache: PageCache;
  pages: PageServer;
  loader: ReturnType<typeof heldLoader>;
  bump(): void;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function harness(backgroundRenderPatienceMs?: number): Promise<Harness> {
  let versions: VersionVector = { data: 1, live: 1, content: 1 };
  const loader = heldLoader();
  const cache = new PageCache({ maxBytes: 1024 * 1024, maxAgeMs: 60_000, versions: () => versions });
  const pages = createPageServer({
    build: buildWith((args) => loader.loader(args)),
    mode: "production",
    cache,
    // The route reads nothing of the context.
    services: {} as Omit<AppContext, "timing">,
    csp: { analyticsSources: [], frameAncestors: [] },
    versions: () => versions,
    siteOrigin: "https://site.example",
    backgroundRenderPatienceMs,
  });
  const app = express();
  app.all("*", (req, res, next) => void pages.remixHandler(req, res, next));
  const server = createServer((req, res) => {
    if (!pages.serveFromCache(req, res)) app(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cache,
    pages,
    loader,
    bump: () => {
      versions = { ...versions, data: versions.data + 1 };
    },
  };
}

const outcomeOf = (response: Response) => /cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];

/** Resolves once `condition` holds, checking every few milliseconds (at most 5 s). */
async function until(condition: () => boolean): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5_000) throw new Error("condition not met within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("the page server under load", () => {
  it("renders a cold miss once for many requests waiting for it", async () => {
    const { url, loader } = await harness();
    loader.hold();
    const waiting = Array.from({ length: 20 }, () => fetch(`${url}/home`));
    await until(() => loader.renders === 1);
    // Give the other 19 time to arrive: none starts a render of its own.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loader.renders).toBe(1);
    loader.open();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(await Promise.all(answers.map((answer) => answer.text())))).toEqual(new Set(["render 1 of /home"]));
    expect(answers.map(outcomeOf)).toEqual(Array(20).fill("miss"));
    expect(outcomeOf(await fetch(`${url}/home`))).toBe("hit");
    expect(loader.renders).toBe(1);
  });

  it("answers from the previous page at once while one background render replaces it", async () => {
    const { url, loader, bump, cache } = await harness();
    expect(await (await fetch(`${url}/league`)).text()).toBe("render 1 of /league");

    bump();
    loader.hold();
    // The render after the change is held open: requests meanwhile get the previous page.
    const during = await Promise.all(Array.from({ length: 10 }, () => fetch(`${url}/league`)));
    for (const answer of during) {
      expect(answer.status).toBe(200);
      expect(outcomeOf(answer)).toBe("rerender");
      expect(answer.headers.get("age")).toMatch(/^\d+$/);
      // Never kept by a caching proxy in front (it would outlive the new page); the page's own policy stays.
      expect(answer.headers.get("surrogate-control")).toBe("no-store");
      expect(answer.headers.get("cache-control")).toBe(PAGE_CACHE_CONTROL);
      expect(await answer.text()).toBe("render 1 of /league");
    }
    expect(loader.renders).toBe(2);
    expect(cache.stats().rerenders).toBe(10);

    loader.open();
    // Until the background render is stored, the previous page again; then the new one, from memory.
    let next = await fetch(`${url}/league`);
    while (outcomeOf(next) === "rerender") {
      expect(await next.text()).toBe("render 1 of /league");
      next = await fetch(`${url}/league`);
    }
    expect(outcomeOf(next)).toBe("hit");
    expect(await next.text()).toBe("render 2 of /league");
    expect(loader.renders).toBe(2);
  });

  it("keeps an immutable answer current through every change, and names no data a proxy would purge it by", async () => {
    const { url, loader, bump, pages } = await harness();
    const first = await fetch(`${url}/versioned-b09ffec7`);
    expect([outcomeOf(first), await first.text()]).toEqual(["miss", "render 1 of /versioned-b09ffec7"]);
    expect(first.headers.get("surrogate-key")).toBeNull();
    expect(first.headers.get("cache-tag")).toBeNull();
    // A page beside it does depend on the data: it is rendered again, the immutable answer is not.
    const page = await fetch(`${url}/league`);
    expect(page.headers.get("surrogate-key")).toBe("data content");
    // Both read since they were rendered: a change would have both rendered again if out of date.
    expect(outcomeOf(await fetch(`${url}/league`))).toBe("hit");
    expect(outcomeOf(await fetch(`${url}/versioned-b09ffec7`))).toBe("hit");
    bump();
    await pages.rerenderReadPages();
    const again = await fetch(`${url}/versioned-b09ffec7`);
    expect([outcomeOf(again), await again.text()]).toEqual(["hit", "render 1 of /versioned-b09ffec7"]);
    expect(outcomeOf(await fetch(`${url}/league`))).toBe("hit");
    expect(loader.renders).toBe(3);
  });

  it("renders out-of-date pages again one at a time, the ones visitors ask for first", async () => {
    const { url, loader, bump, pages } = await harness();
    for (const path of ["/a", "/b", "/c", "/d"]) await fetch(`${url}${path}`);
    await fetch(`${url}/d`);
    expect(loader.renders).toBe(4);

    bump();
    loader.hold();
    // The pass over the pages read since they were rendered ("/d") starts, and is held.
    const pass = pages.rerenderReadPages();
    await until(() => loader.renders === 5);
    // Three pages asked for meanwhile: each answered from its previous page, none rendered yet.
    const during = await Promise.all(["/a", "/b", "/c"].map((path) => fetch(`${url}${path}`)));
    expect(during.map(outcomeOf)).toEqual(["rerender", "rerender", "rerender"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loader.renders).toBe(5);

    loader.open();
    await pass;
    expect(loader.renders).toBe(8);
    const after = await Promise.all(["/a", "/b", "/c", "/d"].map((path) => fetch(`${url}${path}`)));
    expect(after.map(outcomeOf)).toEqual(["hit", "hit", "hit", "hit"]);
    // "/d" first (its pass had started), then the pages asked for, in the order they were asked.
    expect(await Promise.all(after.map((answer) => answer.text()))).toEqual([
      "render 6 of /a",
      "render 7 of /b",
      "render 8 of /c",
      "render 5 of /d",
    ]);
  });

  it("pauses between background renders while visitors are answered, and not when nobody asks", async () => {
    const { url, loader, bump, pages } = await harness();
    for (const path of ["/a", "/b", "/c", "/a", "/b", "/c", "/cached"]) await fetch(`${url}${path}`);
    loader.busyMs = 30;
    const gapsAfter = (since: number) => {
      const spans = loader.spans.filter((span) => span.began >= since);
      return spans.slice(1).map((span, i) => span.began - spans[i].ended);
    };

    // Nobody asks for a while, nor while "/a", "/b" and "/c" are rendered again: one after another.
    await new Promise((resolve) => setTimeout(resolve, VISITORS_RECENT_MS + 20));
    bump();
    let since = performance.now();
    await pages.rerenderReadPages();
    const idle = gapsAfter(since);
    expect(idle).toHaveLength(2);
    for (const gap of idle) expect(gap).toBeLessThan(30);

    // A visitor asks all along (another page): after a 30 ms render, a pause of 30 ms at least.
    for (const path of ["/a", "/b", "/c"]) await fetch(`${url}${path}`);
    let asking = true;
    let asked = 0;
    const visitor = (async () => {
      while (asking) {
        await fetch(`${url}/cached`);
        asked++;
      }
    })();
    await until(() => asked > 3);
    bump();
    since = performance.now();
    await pages.rerenderReadPages();
    asking = false;
    await visitor;
    const busy = gapsAfter(since);
    // "/a", "/b", "/c", and "/cached" when its visitor's request came first.
    expect(busy.length).toBeGreaterThanOrEqual(2);
    for (const gap of busy) expect(gap).toBeGreaterThanOrEqual(29);
  });

  it("lets a background render that hangs hold up the next one for its patience only", async () => {
    const { url, loader, bump } = await harness(100);
    await fetch(`${url}/a`);
    await fetch(`${url}/b`);
    bump();
    loader.hold();
    expect(outcomeOf(await fetch(`${url}/a`))).toBe("rerender");
    expect(outcomeOf(await fetch(`${url}/b`))).toBe("rerender");
    expect(loader.renders).toBe(3);
    // "/a" hangs: "/b" starts once the patience is over.
    await until(() => loader.renders === 4);
    loader.open();
  });

  it("renders the pages read since the change before anyone asks, and leaves unread ones", async () => {
    const { url, loader, bump, pages } = await harness();
    await fetch(`${url}/read`);
    await fetch(`${url}/unread`);
    await fetch(`${url}/read`);
    expect(loader.renders).toBe(2);

    bump();
    await pages.rerenderReadPages();
    // "/read" was read after it was stored; "/unread" only rendered.
    expect(loader.renders).toBe(3);
    const read = await fetch(`${url}/read`);
    expect(outcomeOf(read)).toBe("hit");
    expect(await read.text()).toBe("render 3 of /read");
    const unread = await fetch(`${url}/unread`);
    expect(outcomeOf(unread)).toBe("rerender");
    expect(await unread.text()).toBe("render 2 of /unread");
  });

  it("compresses a page rendered in the background for browsers before anyone asks", async () => {
    const { url, loader, bump, pages, cache } = await harness();
    loader.padding = " and a line of the page".repeat(100);
    const browser = { "accept-encoding": "gzip, deflate, br" };
    await fetch(`${url}/long`, { headers: browser });
    await fetch(`${url}/long`, { headers: browser });
    bump();
    await pages.rerenderReadPages();
    const entry = cache.lookup("- /long")!;
    expect(entry.body.toString()).toMatch(/^render 2 of \/long and a line/);
    expect(Object.keys(entry.encoded)).toEqual(["br"]);
    const hit = await fetch(`${url}/long`, { headers: browser });
    expect(outcomeOf(hit)).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBe("br");
    expect(await hit.text()).toBe(entry.body.toString());
  });

  it("answers JSON with the same headers on a miss as from the cache, none of them a document's", async () => {
    const cache = new PageCache({
      maxBytes: 1024 * 1024,
      maxAgeMs: 60_000,
      versions: () => ({ data: 1, live: 1, content: 1 }),
    });
    const pages = createPageServer({
      build: buildWith(async ({ request }) => {
        const headers = { "cache-control": "public, max-age=0, s-maxage=15" };
        if (new URL(request.url).pathname === "/text") return new Response("a page", { headers });
        return Response.json({ minute: 67 }, { headers });
      }),
      mode: "production",
      cache,
      services: {} as Omit<AppContext, "timing">,
      csp: { analyticsSources: [], frameAncestors: [] },
      versions: () => ({ data: 1, live: 1, content: 1 }),
      siteOrigin: "https://site.example",
    });
    // As the site's server: the security middleware sets a page's headers before the page is known.
    const app = express();
    app.use(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }));
    app.all("*", (req, res, next) => void pages.remixHandler(req, res, next));
    const server = createServer((req, res) => {
      if (!pages.serveFromCache(req, res)) app(req, res);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live`;

    // Any other answer keeps them.
    const text = await fetch(url.replace(/\/live$/, "/text"));
    expect([text.status, text.headers.get("x-frame-options")]).toEqual([200, "SAMEORIGIN"]);
    const miss = await fetch(url);
    const hit = await fetch(url);
    expect([outcomeOf(miss), outcomeOf(hit)]).toEqual(["miss", "hit"]);
    const namesOf = (answer: Response) =>
      [...answer.headers.keys()].filter(
        (name) => !["server-timing", "date", "keep-alive", "connection"].includes(name),
      );
    expect(namesOf(miss)).toEqual(namesOf(hit));
    for (const answer of [miss, hit]) {
      expect(await answer.json()).toEqual({ minute: 67 });
      expect(answer.headers.get("content-security-policy")).toBe(JSON_ANSWER_CSP);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      for (const name of ["x-frame-options", "cross-origin-opener-policy", "x-xss-protection", "origin-agent-cluster"])
        expect(answer.headers.get(name), name).toBeNull();
    }
  });

  it("takes how long a page may stand in for itself from its Cache-Control", () => {
    expect(staleWindowMs(PAGE_CACHE_CONTROL)).toBe(360_000 + RERENDER_GRACE_MS);
    expect(staleWindowMs("public, max-age=0, s-maxage=10, stale-while-revalidate=20")).toBe(35_000);
    // The live score: its shared lifetime is the live tick's interval, and a render on top.
    expect(staleWindowMs("public, max-age=0, s-maxage=15")).toBe(20_000);
    expect(staleWindowMs("no-store")).toBe(0);
    expect(staleWindowMs("private, max-age=60")).toBe(0);
  });

  describe("the pause between two background renders while visitors are answered", () => {
    /**
     * Keeps the event loop busy in turns of `busyMs` with only a turn of the loop between them, as
     * a queue of visitors would. (Not on an interval timer: on a loaded machine its timers fire
     * late, and the loop then looked idle for a third of the time instead of a fifth.)
     */
    function visitorsKeepingBusy(busyMs: number): () => void {
      let stopped = false;
      const turn = () => {
        if (stopped) return;
        const until = performance.now() + busyMs;
        while (performance.now() < until);
        setImmediate(turn);
      };
      setImmediate(turn);
      return () => {
        stopped = true;
      };
    }

    async function pauseMs(tookMs: number, atMostMs?: number): Promise<number> {
      const started = performance.now();
      await pauseAfterRender(tookMs, atMostMs);
      return performance.now() - started;
    }

    it("lasts as long as the render when visitors leave the loop mostly idle (renders take half)", async () => {
      const paused = await pauseMs(40);
      expect(paused).toBeGreaterThanOrEqual(39);
      expect(paused).toBeLessThan(40 / BACKGROUND_RENDER_MIN_SHARE - 40);
    });

    it("leaves visitors who keep the loop busy all but its minimum share to renders", async () => {
      const stop = visitorsKeepingBusy(8);
      try {
        // Renders get BACKGROUND_RENDER_MIN_SHARE: a 40 ms render is followed by 40 × 0.85 / 0.15 ≈ 227 ms.
        const paused = await pauseMs(40);
        expect(paused).toBeGreaterThanOrEqual(
          (40 * (1 - BACKGROUND_RENDER_MIN_SHARE)) / BACKGROUND_RENDER_MIN_SHARE - 5,
        );
      } finally {
        stop();
      }
    });

    it("pauses no longer than the pages still waiting can spare, and not at all when they cannot", async () => {
      const stop = visitorsKeepingBusy(8);
      try {
        expect(await pauseMs(40, 0)).toBeLessThan(5);
        const paused = await pauseMs(40, 60);
        expect(paused).toBeGreaterThanOrEqual(59);
        expect(paused).toBeLessThan(150);
      } finally {
        stop();
      }
    });

    it("never pauses longer than its limit, even after a render that hung", async () => {
      const stop = visitorsKeepingBusy(8);
      try {
        const paused = await pauseMs(10_000);
        expect(paused).toBeGreaterThanOrEqual(BACKGROUND_RENDER_MAX_PAUSE_MS - 5);
        expect(paused).toBeLessThan(BACKGROUND_RENDER_MAX_PAUSE_MS + 500);
      } finally {
        stop();
      }
    });
  });
});
