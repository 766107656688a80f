// Bounds the requests forwarded at once to each upstream origin; the rest wait in a bounded queue, for a bounded time.

/** Frees a slot (calling it twice frees it once). */
export type Release = () => void;

interface Waiter {
  grant: (got: Release | string) => void;
  timer: NodeJS.Timeout;
}

interface Origin {
  active: number;
  waiting: Waiter[];
}

/** Bounds of {@link UpstreamSlots}. */
export interface SlotOptions {
  /** Requests forwarded at once per origin. */
  connections: number;
  /** Requests waiting per origin; one more is refused at once. */
  queueLimit: number;
  /** How long a request waits, ms. */
  queueTimeoutMs: number;
}

/**
 * Per-origin slots: `acquire` resolves with a release function, or with the reason it could not get one (the queue
 * is full, or no slot freed within the timeout). Idle origins are forgotten, so any number of relay destinations
 * costs no memory once served.
 *
 * @example
 * const slots = new UpstreamSlots({ connections: 64, queueLimit: 1024, queueTimeoutMs: 10_000 });
 * const got = slots.tryAcquire(url.host) ?? (await slots.acquire(url.host));
 * if (typeof got === "string") answer503(got); else try { await forward(); } finally { got(); }
 */
export class UpstreamSlots {
  private readonly origins = new Map<string, Origin>();
  private closed = false;

  constructor(private readonly options: SlotOptions) {}

  /** A slot at once, or undefined when every slot of `origin` is taken. */
  tryAcquire(origin: string): Release | undefined {
    let o = this.origins.get(origin);
    if (!o) {
      o = { active: 0, waiting: [] };
      this.origins.set(origin, o);
    }
    if (o.active >= this.options.connections || this.closed) return undefined;
    o.active++;
    return this.releaser(origin, o);
  }

  /** Waits for a slot of `origin`; resolves with why there is none when the queue is full or the wait timed out. */
  acquire(origin: string): Promise<Release | string> {
    const now = this.tryAcquire(origin);
    if (now) return Promise.resolve(now);
    const o = this.origins.get(origin) as Origin;
    const { connections, queueLimit, queueTimeoutMs } = this.options;
    if (this.closed) return Promise.resolve("the proxy is closing");
    if (o.waiting.length >= queueLimit)
      return Promise.resolve(
        `all ${connections} connections to ${origin} are busy and ${queueLimit} request(s) already waiting`,
      );
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          o.waiting.splice(o.waiting.indexOf(waiter), 1);
          this.forget(origin, o);
          resolve(`all ${connections} connections to ${origin} were busy for ${queueTimeoutMs} ms`);
        }, queueTimeoutMs),
      };
      o.waiting.push(waiter);
    });
  }

  /** Refuses every waiting request and every later one. */
  close(): void {
    this.closed = true;
    for (const o of this.origins.values())
      for (const w of o.waiting.splice(0)) {
        clearTimeout(w.timer);
        w.grant("the proxy is closing");
      }
  }

  private releaser(origin: string, o: Origin): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = o.waiting.shift();
      if (next && !this.closed) {
        clearTimeout(next.timer);
        next.grant(this.releaser(origin, o));
        return;
      }
      o.active--;
      this.forget(origin, o);
    };
  }

  private forget(origin: string, o: Origin): void {
    if (o.active === 0 && o.waiting.length === 0) this.origins.delete(origin);
  }
}
