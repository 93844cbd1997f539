/**
 * Log lines gathered into batches before they reach the stdout writer (pino's sonic-boom).
 *
 * sonic-boom counts, on every line it is given, the UTF-8 bytes of the whole batch it is still
 * gathering (`Buffer.byteLength` of a string it has just appended to, which V8 copies flat
 * first): with a batch of up to 64 KB that costs several microseconds per line, a fifth of the
 * time the web server spends answering a cached page. Here a line costs an array push and its
 * own length; the writer gets one string per batch.
 *
 * A batch is handed on when it reaches `batchBytes`, or `flushEveryMs` after its first line. When
 * the process (or the thread) is about to exit, every batcher hands on what it holds and has the
 * writer write it synchronously, before pino's own exit hook ends the writer.
 */
import type { DestinationStream } from "pino";

/** The writer behind the batcher: pino.destination's sonic-boom. */
export interface BatchSink extends DestinationStream {
  flushSync(): void;
  flush(callback: (error?: Error | null) => void): void;
}

export interface LineBatcherOptions {
  /** A batch is handed on once it holds this many characters. */
  batchBytes: number;
  /** …or this long after its first line. */
  flushEveryMs: number;
}

const live = new Set<LineBatcher>();
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  // Prepended: these run before the exit hooks pino registered for its writers (which end them).
  process.prependListener("beforeExit", () => {
    for (const batcher of live) batcher.flush();
  });
  process.prependListener("exit", () => {
    for (const batcher of live) batcher.flushSync();
  });
}

export class LineBatcher implements DestinationStream {
  private lines: string[] = [];
  private length = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly sink: BatchSink,
    private readonly options: LineBatcherOptions,
  ) {
    hookExit();
    live.add(this);
  }

  write(line: string): void {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= this.options.batchBytes) this.handOver();
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.handOver(), this.options.flushEveryMs);
      this.timer.unref();
    }
  }

  /**
   * Hands the batch to the writer, which writes it asynchronously; with a callback (pino's
   * `logger.flush`), called once the writer has written everything it holds.
   */
  flush(callback?: (error?: Error | null) => void): void {
    this.handOver();
    if (callback) this.sink.flush(callback);
  }

  private handOver(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.lines.length === 0) return;
    const batch = this.lines.length === 1 ? this.lines[0] : this.lines.join("");
    this.lines = [];
    this.length = 0;
    this.sink.write(batch);
  }

  /** Hands the batch on and has the writer write everything it holds now (at exit). */
  flushSync(): void {
    try {
      this.handOver();
      this.sink.flushSync();
    } catch {
      // The writer is closed or stdout is gone: nothing more can be written.
    }
  }
}
