/**
 * A local stand-in for football-data.co.uk in tests: serves a directory of CSV files over HTTP
 * laid out like the site (/mmz4281/{season}/{code}.csv, /fixtures.csv), and can be switched to
 * answer the way a failing origin does.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type OriginBehaviour = "ok" | "error-500" | "garbage" | "slow";

export interface CsvOrigin {
  /** The base URL of the season files (…/mmz4281). */
  baseUrl: string;
  behaviour: OriginBehaviour;
  /** When set, only paths ending with it behave as `behaviour`; the rest are served normally. */
  only: string | null;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

/** The project's own test files. */
export const FIXTURES_DIR = fileURLToPath(new URL("../providers/football-data-csv/fixtures/", import.meta.url));
export const FIXTURES_SEASONS_DIR = path.join(FIXTURES_DIR, "mmz4281");

export async function startCsvOrigin(root: string = FIXTURES_DIR): Promise<CsvOrigin> {
  const sockets = new Set<import("node:net").Socket>();
  const origin = { behaviour: "ok" as OriginBehaviour, only: null as string | null, requests: [] as string[] };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    origin.requests.push(url.pathname);
    const behaviour = origin.only === null || url.pathname.endsWith(origin.only) ? origin.behaviour : "ok";
    if (behaviour === "error-500") {
      response.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
      return;
    }
    if (behaviour === "garbage") {
      response.writeHead(200, { "content-type": "text/html" }).end("<html><body>Maintenance</body></html>");
      return;
    }
    if (behaviour === "slow") return; // never answers; the client's timeout must fire
    const file = path.join(root, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ""));
    try {
      const body = await readFile(file);
      response.writeHead(200, { "content-type": "text/csv" }).end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(origin, {
    baseUrl: `http://127.0.0.1:${port}/mmz4281`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** A base URL nothing listens on. */
export async function unreachableBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mmz4281`;
}
