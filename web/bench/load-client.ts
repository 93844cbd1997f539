/**
 * The HTTP/1.1 client of the web benchmark's load generators (load.ts, closed loop and fixed
 * rate): keep-alive connections over raw sockets, each request's bytes built once per path, each
 * read landing in one reused buffer, each answer parsed only as far as the benchmark needs
 * (status, Content-Length or chunked framing, Server-Timing).
 *
 * Measured on one core against a trivial server on the other, with 20-60 KB answers: Node's own
 * client (http.get through an Agent) cost the generator about 95 µs of CPU per request, so at
 * 8,000 requests a second it took 70% of its core and its p99 rose past 300 ms; at 12,000 it
 * took 98%. This client takes about 23 µs per request (28% of the core at 12,000 a second), most
 * of it the kernel copying the answers. autocannon, used before for the closed loop, held its
 * core at 98% while the site and the static server each used 40-55% of theirs.
 *
 * At most `connections` requests are in flight; a request asked for while every connection is
 * busy waits in line, in order, and the caller times it from when it was due.
 */
import net from "node:net";

export interface LoadAnswer {
  status: number;
  /** The Server-Timing header, when the server sent one. */
  serverTiming: string | undefined;
}

export interface LoadClientOptions {
  origin: string;
  connections: number;
  /** The request headers of a path (names and values), besides Host and Connection. */
  headersOf: (path: string) => Record<string, string>;
}

interface Pending {
  path: string;
  done: (answer: LoadAnswer | null, at: number) => void;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");
/** A response head longer than this is not one (guards the parser against a runaway stream). */
const MAX_HEAD_BYTES = 64 * 1024;
const READ_BUFFER_BYTES = 64 * 1024;

/**
 * One keep-alive connection with at most one request in flight. Parses just enough of each
 * answer to know where it ends.
 */
class Connection {
  private readonly socket: net.Socket;
  private current: Pending | null = null;
  private head: Buffer | null = null;
  private status = 0;
  private serverTiming: string | undefined = undefined;
  private closeAfter = false;
  /** Body bytes still to come (Content-Length framing). */
  private bodyLeft = 0;
  private chunked = false;
  /** Chunked framing: bytes of the current chunk and its CRLF still to skip. */
  private chunkLeft = 0;
  private chunkLine: Buffer | null = null;
  private lastChunk = false;
  private inBody = false;
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly onIdle: (connection: Connection) => void,
    private readonly onGone: (connection: Connection) => void,
  ) {
    // Reads land in one buffer per connection, parsed before the next read: no allocation per read
    // (a new Buffer for each read of a 60 KB page made the generator spend a tenth of its time in GC).
    const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    this.socket = net.connect({
      host,
      port,
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (bytes: number, buffer: Uint8Array) => {
          this.read(Buffer.from(buffer.buffer, buffer.byteOffset, bytes));
          return true;
        },
      },
    });
    this.socket.on("error", () => this.fail());
    this.socket.on("close", () => this.fail());
  }

  send(pending: Pending, bytes: Buffer): void {
    this.current = pending;
    this.head = null;
    this.inBody = false;
    this.socket.write(bytes);
  }

  destroy(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private fail(): void {
    if (this.closed && this.current === null) return;
    this.closed = true;
    const pending = this.current;
    this.current = null;
    this.socket.destroy();
    if (pending) pending.done(null, performance.now());
    this.onGone(this);
  }

  private read(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      if (this.current === null) {
        // Bytes nobody asked for: the connection is out of step.
        this.fail();
        return;
      }
      if (!this.inBody) {
        const used = this.readHead(data, at);
        if (used < 0) return;
        at = used;
        continue;
      }
      at = this.chunked ? this.readChunked(data, at) : this.readBody(data, at);
      if (at < 0) return;
    }
  }

  /** Reads head bytes from `data` at `at`; the offset after the head, or -1 when more is needed. */
  private readHead(data: Buffer, at: number): number {
    const joined = this.head ? Buffer.concat([this.head, data.subarray(at)]) : data.subarray(at);
    const end = joined.indexOf(HEADER_END);
    if (end < 0) {
      if (joined.length > MAX_HEAD_BYTES) this.fail();
      else this.head = Buffer.from(joined);
      return -1;
    }
    const consumedFromData = end + HEADER_END.length - (this.head ? this.head.length : 0);
    this.head = null;
    this.parseHead(joined.toString("latin1", 0, end));
    this.inBody = true;
    if (!this.chunked && this.bodyLeft === 0) this.complete();
    return at + consumedFromData;
  }

  private parseHead(text: string): void {
    const lines = text.split("\r\n");
    this.status = Number(lines[0].slice(9, 12)) || 0;
    this.serverTiming = undefined;
    this.closeAfter = false;
    this.chunked = false;
    this.chunkLeft = 0;
    this.chunkLine = null;
    this.lastChunk = false;
    let length = 0;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      const colon = line.indexOf(":");
      if (colon < 0) continue;
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === "content-length") length = Number(value) || 0;
      else if (name === "server-timing")
        this.serverTiming = this.serverTiming === undefined ? value : `${this.serverTiming}, ${value}`;
      else if (name === "transfer-encoding") this.chunked = /\bchunked\b/i.test(value);
      else if (name === "connection") this.closeAfter = /\bclose\b/i.test(value);
    }
    // 1xx, 204 and 304 answers have no body, whatever their headers say.
    const bodiless = this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200);
    if (bodiless) this.chunked = false;
    this.bodyLeft = bodiless || this.chunked ? 0 : length;
  }

  private readBody(data: Buffer, at: number): number {
    const take = Math.min(this.bodyLeft, data.length - at);
    this.bodyLeft -= take;
    if (this.bodyLeft === 0) this.complete();
    return at + take;
  }

  /** Skips chunked framing: size line, data and CRLF per chunk, until the zero-size chunk and its CRLF. */
  private readChunked(data: Buffer, at: number): number {
    while (at < data.length) {
      if (this.chunkLeft > 0) {
        const take = Math.min(this.chunkLeft, data.length - at);
        this.chunkLeft -= take;
        at += take;
        if (this.chunkLeft === 0 && this.lastChunk) {
          this.complete();
          return at;
        }
        continue;
      }
      const joined = this.chunkLine ? Buffer.concat([this.chunkLine, data.subarray(at)]) : data.subarray(at);
      const end = joined.indexOf(CRLF);
      if (end < 0) {
        if (joined.length > MAX_HEAD_BYTES) {
          this.fail();
          return -1;
        }
        this.chunkLine = Buffer.from(joined);
        return data.length;
      }
      at += end + CRLF.length - (this.chunkLine ? this.chunkLine.length : 0);
      this.chunkLine = null;
      const size = Number.parseInt(joined.toString("latin1", 0, end), 16);
      if (!Number.isFinite(size) || size < 0) {
        this.fail();
        return -1;
      }
      // Each chunk's data is followed by CRLF; the zero-size chunk (no trailers) by CRLF alone.
      this.lastChunk = size === 0;
      this.chunkLeft = size + CRLF.length;
    }
    return at;
  }

  private complete(): void {
    const pending = this.current;
    this.current = null;
    this.inBody = false;
    if (pending) pending.done({ status: this.status, serverTiming: this.serverTiming }, performance.now());
    if (this.closeAfter) {
      this.closed = true;
      this.socket.destroy();
      this.onGone(this);
      return;
    }
    this.onIdle(this);
  }
}

/** A pool of at most `connections` keep-alive connections, sending queued requests in order. */
export class LoadClient {
  private readonly host: string;
  private readonly port: number;
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly queue: Pending[] = [];
  private queueHead = 0;
  private readonly requestBytes = new Map<string, Buffer>();
  private stopped = false;

  constructor(private readonly options: LoadClientOptions) {
    const url = new URL(options.origin);
    if (url.protocol !== "http:") throw new Error(`the load client speaks plain HTTP only: ${options.origin}`);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  /** Sends GET `path` as soon as a connection is free; `done` gets the answer (null: no answer) and the time it ended. */
  get(path: string, done: Pending["done"]): void {
    if (this.stopped) return;
    this.queue.push({ path, done });
    this.pump();
  }

  close(): void {
    this.stopped = true;
    for (const connection of this.all) connection.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private bytesOf(path: string): Buffer {
    let bytes = this.requestBytes.get(path);
    if (!bytes) {
      const headers = Object.entries(this.options.headersOf(path))
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("");
      bytes = Buffer.from(
        `GET ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n${headers}Connection: keep-alive\r\n\r\n`,
        "latin1",
      );
      this.requestBytes.set(path, bytes);
    }
    return bytes;
  }

  private pump(): void {
    while (this.queueHead < this.queue.length) {
      let connection = this.idle.pop();
      while (connection && connection.closed) connection = this.idle.pop();
      if (!connection) {
        if (this.all.size >= this.options.connections) return;
        connection = new Connection(
          this.host,
          this.port,
          (c) => {
            if (this.stopped) return;
            this.idle.push(c);
            this.pump();
          },
          (c) => {
            this.all.delete(c);
            if (!this.stopped) this.pump();
          },
        );
        this.all.add(connection);
      }
      const pending = this.queue[this.queueHead];
      this.queue[this.queueHead] = undefined as unknown as Pending;
      this.queueHead += 1;
      if (this.queueHead > 4096 && this.queueHead * 2 > this.queue.length) {
        this.queue.splice(0, this.queueHead);
        this.queueHead = 0;
      }
      connection.send(pending, this.bytesOf(pending.path));
    }
  }
}
