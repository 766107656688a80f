// Readiness of a running mock: every host's GET /__mock/health answers 200, polled with a time bound.
import type { HostName } from "../types.js";
import { MockStartError } from "./io.js";

export interface WaitOptions {
  /** How long to keep trying, in ms. */
  timeoutMs: number;
  /** Pause between rounds, in ms (default 100). */
  intervalMs?: number;
  /** Gives up early (without an error) when it returns true, e.g. after Ctrl-C. */
  stopped?: () => boolean;
  /** Injected for tests. */
  fetch?: typeof globalThis.fetch;
}

/** Thrown when a host did not answer its health check in time; names the hosts still down. */
export class MockNotReadyError extends MockStartError {
  override readonly name = "MockNotReadyError";
  constructor(
    readonly down: readonly string[],
    timeoutMs: number,
  ) {
    super(`not ready after ${timeoutMs / 1000} s: no 200 from GET /__mock/health on ${down.join(", ")}`);
  }
}

/**
 * Resolves once every URL's `/__mock/health` answers 200; rejects with MockNotReadyError after `timeoutMs`.
 *
 * @example
 * const mock = await startMock();
 * await waitForHealth(mock.urls, { timeoutMs: 60_000 });
 */
export async function waitForHealth(
  urls: Readonly<Partial<Record<HostName, string>>>,
  options: WaitOptions,
): Promise<void> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const until = Date.now() + options.timeoutMs;
  let down = Object.entries(urls) as [string, string][];
  for (;;) {
    const answers = await Promise.all(
      down.map(([, url]) =>
        fetchImpl(`${url}/__mock/health`, { signal: AbortSignal.timeout(5_000) }).then(
          async (res) => {
            await res.body?.cancel();
            return res.status === 200;
          },
          () => false,
        ),
      ),
    );
    down = down.filter((_, i) => !answers[i]);
    if (down.length === 0 || options.stopped?.()) return;
    if (Date.now() >= until)
      throw new MockNotReadyError(
        down.map(([host, url]) => `${host} (${url})`),
        options.timeoutMs,
      );
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}
