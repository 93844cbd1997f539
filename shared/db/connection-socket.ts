/**
 * The sockets a bounded postgres.js pool opens: each one watched for an answer that never comes
 * (StallWatchedSocket), so that a connection whose network has stalled is noticed within
 * answerMs, and the factory the driver calls to open them.
 */
import { Socket } from "node:net";
import { Duplex } from "node:stream";
import { DatabaseTimeoutError } from "./connection-timeouts";

/** The driver's parsed options the socket factory reads. */
export interface SocketTarget {
  host: string[];
  port: number[];
  path?: string | false;
}

/** Sockets to the server (TCP or Unix), each watched for answers that never come. */
export function watchedSocketFactory(
  answerMs: number,
  onStall: (socket: StallWatchedSocket) => void,
): (target: SocketTarget) => StallWatchedSocket {
  let next = 0;
  return (target) => {
    const inner = new Socket();
    const index = next++ % Math.max(target.host.length, 1);
    const host = target.host[index] ?? target.host[0];
    const port = target.port[index] ?? target.port[0];
    if (target.path) inner.connect(target.path);
    else inner.connect(port, host);
    return new StallWatchedSocket(
      inner,
      answerMs,
      target.path ? { host: target.path, port: undefined } : { host, port },
      onStall,
    );
  };
}

/**
 * A socket that calls `onStall` once when what it last sent has had no byte in answer within
 * `answerMs`. The driver reads and writes it like a socket (TLS included: Node's TLS then reads
 * and writes through it too, so the watchdog sees every byte). A connection that is idle (nothing
 * sent since the last answer) is never taken for stalled.
 */
export class StallWatchedSocket extends Duplex {
  readonly host: string;
  readonly port: number | undefined;
  #inner: Socket;
  #answerMs: number;
  #onStall: (socket: StallWatchedSocket) => void;
  #waitingSince = 0;
  #timer: NodeJS.Timeout | undefined;
  #stalled = false;
  #hadError = false;

  constructor(
    inner: Socket,
    answerMs: number,
    target: { host: string; port: number | undefined },
    onStall: (socket: StallWatchedSocket) => void,
  ) {
    super({ allowHalfOpen: false });
    this.#inner = inner;
    this.#answerMs = answerMs;
    this.#onStall = onStall;
    this.host = target.host;
    this.port = target.port;
    inner.on("connect", () => this.emit("connect"));
    inner.on("data", (chunk: Buffer) => {
      this.#answered();
      if (!this.push(chunk)) inner.pause();
    });
    inner.on("end", () => this.push(null));
    inner.on("error", (error) => this.destroy(error));
    inner.on("close", () => this.destroy());
  }

  get readyState(): Socket["readyState"] {
    return this.#inner.readyState;
  }

  setKeepAlive(enable?: boolean, initialDelay?: number): this {
    this.#inner.setKeepAlive(enable, initialDelay);
    return this;
  }

  setNoDelay(noDelay?: boolean): this {
    this.#inner.setNoDelay(noDelay);
    return this;
  }

  /** The error the queries of a stalled connection fail with. */
  stallError(): DatabaseTimeoutError {
    const where = `${this.host}${this.port ? `:${this.port}` : ""}`;
    return new DatabaseTimeoutError(
      "CONNECTION_STALLED",
      `the database sent no answer within ${this.#answerMs} ms (${where}); the connection was closed`,
    );
  }

  override _read(): void {
    this.#inner.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.#waitingSince === 0) {
      this.#waitingSince = performance.now();
      this.#arm(this.#answerMs);
    }
    this.#inner.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#inner.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    clearTimeout(this.#timer);
    this.#hadError = error !== null;
    this.#inner.destroy();
    callback(error);
  }

  // The driver reads a socket's 'close' argument (hadError) to back off between reconnects.
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === "close" && args.length === 0) return super.emit("close", this.#hadError);
    return super.emit(event, ...args);
  }

  #answered(): void {
    this.#waitingSince = 0;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(ms: number): void {
    clearTimeout(this.#timer);
    // Checked after the event loop's I/O: an answer that arrived while the process was busy
    // (a long synchronous computation) is read first, not mistaken for silence.
    this.#timer = setTimeout(() => setImmediate(() => this.#check()), ms);
    this.#timer.unref();
  }

  #check(): void {
    if (this.#waitingSince === 0 || this.destroyed || this.#stalled) return;
    const waited = performance.now() - this.#waitingSince;
    if (waited < this.#answerMs) return this.#arm(this.#answerMs - waited);
    this.#stalled = true;
    this.#onStall(this);
  }
}
