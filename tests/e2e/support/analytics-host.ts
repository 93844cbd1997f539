/**
 * A local stand-in for the tag-manager host: serves a tiny gtag.js at /gtag/js that reads the
 * page's command queue (window.dataLayer) the way the real tag does, and sends every event as a
 * hit to {server_container_url}/g/collect; records every request it receives.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface AnalyticsHit {
  /** The event name: page_view, page_load... */
  en: string;
  tid: string;
  /** page_location, page_path, page_title */
  dl: string;
  dp: string;
  dt: string;
  /** performance.now() in the page when the hit was sent, in ms. */
  t: number;
}

export interface AnalyticsHost {
  origin: string;
  /** Path and query of every request, in order. */
  requests: string[];
  hits(): AnalyticsHit[];
  close(): Promise<void>;
}

const GTAG_STUB = `(function () {
  var src = new URL(document.currentScript.src);
  var id = src.searchParams.get("id");
  var endpoint = src.origin;
  function send(name, params) {
    params = params || {};
    var query = new URLSearchParams({
      tid: id,
      en: name,
      dl: params.page_location || location.href,
      dp: params.page_path || location.pathname,
      dt: params.page_title || document.title,
      t: String(Math.round(performance.now()))
    });
    fetch(endpoint + "/g/collect?" + query, { mode: "no-cors", keepalive: true });
  }
  function handle(command) {
    if (command[0] === "config" && command[2] && command[2].server_container_url) endpoint = command[2].server_container_url;
    if (command[0] === "event") send(command[1], command[2]);
  }
  var queue = (window.dataLayer = window.dataLayer || []);
  for (var i = 0; i < queue.length; i++) handle(queue[i]);
  var push = queue.push;
  queue.push = function () {
    for (var j = 0; j < arguments.length; j++) handle(arguments[j]);
    return push.apply(queue, arguments);
  };
})();
`;

export async function startAnalyticsHost(): Promise<AnalyticsHost> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === "/gtag/js") {
      response
        .writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" })
        .end(GTAG_STUB);
    } else if (url.pathname === "/g/collect") {
      response.writeHead(204).end();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    hits: () =>
      requests
        .filter((request) => request.startsWith("/g/collect?"))
        .map((request) => {
          const query = new URLSearchParams(request.slice("/g/collect?".length));
          return {
            en: query.get("en") ?? "",
            tid: query.get("tid") ?? "",
            dl: query.get("dl") ?? "",
            dp: query.get("dp") ?? "",
            dt: query.get("dt") ?? "",
            t: Number(query.get("t")),
          };
        }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
