/**
 * The document render of the app's server entry, run by Remix's real request handler over a
 * build of one root route: a page rendered whole leaves nothing behind it. Remix's template
 * aborts a render after a delay with a timer it never clears, and that timer keeps the render's
 * whole state (its markup, its loader data) reachable for six seconds after the page is sent: at a
 * hundred renders a second, six hundred pages' worth of memory.
 */
import { createElement } from "react";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import * as entry from "./entry.server";

function Root() {
  return createElement(
    "html",
    { lang: "en" },
    createElement("head", null, createElement("title", null, "Entry test")),
    createElement("body", null, createElement("p", null, "Rendered by the server entry")),
  );
}

const build = {
  mode: "production",
  entry: { module: entry },
  routes: { root: { id: "root", path: "", module: { default: Root } } },
  assets: {
    entry: { module: "/build/entry.js", imports: [] },
    routes: { root: { id: "root", path: "", module: "/build/root.js", hasLoader: false, hasAction: false } },
    url: "/build/manifest.js",
    version: "1",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

const previewSessions = { isActive: async () => false };

describe("the server entry's document render", () => {
  const handle = createRequestHandler(build, "production");

  it("answers the page and keeps no timer once the whole page is rendered", async () => {
    const before = pendingTimers();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await handle(new Request("http://localhost/"), { previewSessions } as never);
        return { status: response.status, html: await response.text() };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.html).toContain("<p>Rendered by the server entry</p>");
    }
    expect(pendingTimers()).toBe(before);
  });

  it("renders the whole page before answering a crawler, and keeps no timer either", async () => {
    const before = pendingTimers();
    const response = await handle(
      new Request("http://localhost/", {
        headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      }),
      { previewSessions } as never,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>Entry test</title>");
    expect(pendingTimers()).toBe(before);
  });

  it("gives the page server the document's bytes, the same as the answer's body", async () => {
    const response = await handle(new Request("http://localhost/"), { previewSessions } as never);
    const rendered = entry.renderedDocument(response);
    expect(rendered).toBeInstanceOf(Uint8Array);
    const html = new TextDecoder().decode(rendered);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain("<p>Rendered by the server entry</p>");
    expect(await response.text()).toBe(html);
    // Any other answer (one Remix made itself) has none: the page server reads its body.
    expect(entry.renderedDocument(new Response("x"))).toBeUndefined();
  });
});
