// Reads a request body under the proxy's deadlines: buffers it up to a size, then streams the rest to a sink.
import type { IncomingMessage } from "node:http";

/** Where a body goes once it is streamed (the upstream request). */
export interface BodySink {
  /** Takes a chunk; false asks the body to wait for `onDrain`. */
  write(chunk: Buffer): boolean;
  onDrain(resume: () => void): void;
  end(): void;
  /** The body will not be complete: the client went away, or it expired (`detail` says which deadline). */
  abort(detail: string, expired: boolean): void;
}

/** What {@link RequestBody.ready} found. */
export type BodyState = "whole" | "more" | "expired" | "gone";

/** Deadlines and the buffering bound of a {@link RequestBody}. */
export interface BodyOptions {
  /** Bytes buffered before the body has to be streamed. */
  prefetch: number;
  /** Longest pause between two chunks, ms. */
  idleMs: number;
  /** The whole body must arrive within this many ms of the start. */
  totalMs: number;
}

/**
 * A request body read under an idle and a total deadline. `ready()` resolves once it is whole, longer than
 * `prefetch` (`pipe` then streams it), cut off by a deadline (`expired` says which), or abandoned by the client.
 *
 * @example
 * const body = new RequestBody(req, { prefetch: 1 << 20, idleMs: 10_000, totalMs: 30_000 });
 * if ((await body.ready()) === "whole") forwardBuffered(body.bytes());
 */
export class RequestBody {
  /** Bytes received so far. */
  received = 0;
  /** Which deadline cut the body off, once one did. */
  expired?: string;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private state: "reading" | "ended" | "expired" | "gone" = "reading";
  private idle: NodeJS.Timeout;
  private readonly total: NodeJS.Timeout;
  private wake?: (state: BodyState) => void;
  private sink?: BodySink;

  constructor(
    private readonly req: IncomingMessage,
    private readonly options: BodyOptions,
  ) {
    this.idle = this.idleTimer();
    this.total = setTimeout(
      () => this.expire(`the request body did not arrive within ${options.totalMs} ms`),
      options.totalMs,
    );
    req.on("data", this.onData);
    req.once("end", this.onEnd);
    req.once("error", this.onGone);
    req.once("close", this.onGone);
  }

  /** Resolves once the body is whole, longer than the prefetch bound, expired or abandoned. */
  ready(): Promise<BodyState> {
    const now = this.now();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /** The bytes buffered (the whole body once `ready()` said "whole"). */
  bytes(): Buffer {
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
  }

  /** Streams what was buffered and every later chunk into `sink`, with backpressure, until the body ends. */
  pipe(sink: BodySink): void {
    for (const c of this.chunks) sink.write(c);
    this.chunks = [];
    if (this.state === "ended") sink.end();
    else if (this.state === "reading") this.sink = sink;
    else sink.abort(this.expired ?? "the client closed the connection", this.state === "expired");
  }

  private now(): BodyState | undefined {
    if (this.state === "ended") return "whole";
    if (this.state === "expired") return "expired";
    if (this.state === "gone") return "gone";
    return this.buffered > this.options.prefetch ? "more" : undefined;
  }

  private settle(state: BodyState): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.(state);
  }

  private idleTimer(): NodeJS.Timeout {
    const { idleMs } = this.options;
    return setTimeout(() => this.expire(`no byte of the request body arrived for ${idleMs} ms`), idleMs);
  }

  private stopTimers(): void {
    clearTimeout(this.idle);
    clearTimeout(this.total);
  }

  private readonly onData = (chunk: Buffer): void => {
    if (this.state !== "reading") return;
    this.received += chunk.length;
    this.idle.refresh();
    const sink = this.sink;
    if (!sink) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      if (this.buffered > this.options.prefetch) this.settle("more");
      return;
    }
    if (sink.write(chunk)) return;
    // The upstream is slower than the client: the client is not idle while we do not read.
    this.req.pause();
    clearTimeout(this.idle);
    sink.onDrain(() => {
      if (this.state !== "reading") return;
      this.idle = this.idleTimer(); // a cleared timer cannot be refreshed
      this.req.resume();
    });
  };

  private readonly onEnd = (): void => {
    if (this.state !== "reading") return;
    this.state = "ended";
    this.stopTimers();
    this.sink?.end();
    this.settle("whole");
  };

  private readonly onGone = (): void => {
    if (this.state !== "reading") return;
    this.state = "gone";
    this.stopTimers();
    this.sink?.abort("the client closed the connection", false);
    this.settle("gone");
  };

  private expire(detail: string): void {
    if (this.state !== "reading") return;
    this.state = "expired";
    this.expired = detail;
    this.stopTimers();
    this.req.pause();
    this.sink?.abort(detail, true);
    this.settle("expired");
  }
}
