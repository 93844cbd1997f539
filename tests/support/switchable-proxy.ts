/**
 * A TCP proxy in front of PostgreSQL for outage tests, switched between three states:
 * - `pass`: every byte goes through;
 * - `refuse`: every connection is dropped and new ones are closed at once (a database that is down);
 * - `blackhole`: new connections are accepted and never answered, and open ones stop carrying
 *   anything either way (a database the network silently stopped reaching: the sockets stay
 *   open and writes succeed, no answer ever comes). What is held back is delivered, in order,
 *   when the proxy passes again, as TCP would after a network recovers; or, with
 *   `set("pass", { strand: true })`, the connections caught in the blackhole stay in it for good
 *   (a firewall or NAT that forgot them) and only new connections pass.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

export type ProxyState = "pass" | "refuse" | "blackhole";

export interface SwitchableProxy {
  port: number;
  /** `url` (a postgres:// URL) with its host and port replaced by the proxy's. */
  via(url: string): string;
  state(): ProxyState;
  set(state: ProxyState, options?: { strand?: boolean }): void;
  /** Connections open through the proxy now. */
  connections(): number;
  /** Of those, the ones left in the blackhole by `set("pass", { strand: true })`. */
  stranded(): number;
  close(): Promise<void>;
}

interface Link {
  stranded: boolean;
  client: Socket;
  upstream: Socket | null;
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function switchableProxy(target: string): Promise<SwitchableProxy> {
  const { hostname, port } = new URL(target);
  let state: ProxyState = "pass";
  const links = new Set<Link>();

  const drop = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  };

  const openUpstream = (link: Link) => {
    const upstream = connect(Number(port || 5432), hostname);
    link.upstream = upstream;
    upstream.on("data", (chunk: Buffer) => {
      if (state === "pass" && !link.stranded) link.client.write(chunk);
      else link.toClient.push(chunk);
    });
    upstream.on("error", () => undefined);
    upstream.on("close", () => drop(link));
  };

  const flush = (link: Link) => {
    if (!link.upstream) openUpstream(link);
    for (const chunk of link.toUpstream.splice(0)) link.upstream!.write(chunk);
    for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
  };

  const server: Server = createServer((client) => {
    if (state === "refuse") return void client.destroy();
    const link: Link = { stranded: false, client, upstream: null, toUpstream: [], toClient: [] };
    links.add(link);
    client.on("data", (chunk: Buffer) => {
      if (state === "pass" && link.upstream && !link.stranded) link.upstream.write(chunk);
      else link.toUpstream.push(chunk);
    });
    client.on("error", () => undefined);
    client.on("close", () => drop(link));
    if (state === "pass") openUpstream(link);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxyPort = (server.address() as { port: number }).port;

  return {
    port: proxyPort,
    via(url) {
      const viaProxy = new URL(url);
      viaProxy.host = `127.0.0.1:${proxyPort}`;
      return viaProxy.toString();
    },
    state: () => state,
    set(next, options = {}) {
      if (next === "pass" && state === "blackhole" && options.strand) for (const link of links) link.stranded = true;
      state = next;
      if (next === "refuse") for (const link of [...links]) drop(link);
      if (next === "pass") for (const link of links) if (!link.stranded) flush(link);
    },
    connections: () => links.size,
    stranded: () => [...links].filter((link) => link.stranded).length,
    async close() {
      for (const link of [...links]) drop(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
