import { describe, expect, it } from "vitest";
import { MockNotReadyError, waitForHealth } from "./wait-for-health.js";

/** A fetch whose answer per URL is read from `status` (0: connection refused), counting calls. */
function fakeFetch(status: (url: string, call: number) => number) {
  const calls: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const s = status(url, calls.filter((c) => c === url).length);
    if (s === 0) throw new TypeError("fetch failed");
    return new Response("{}", { status: s });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const URLS = { otp: "http://127.0.0.1:1", payout: "http://127.0.0.1:2" };

describe("waitForHealth", () => {
  it("polls until every host answers 200, asking a ready host no more", async () => {
    const { fetch, calls } = fakeFetch((url, n) => (url.includes(":2") && n < 3 ? 0 : 200));
    await waitForHealth(URLS, { timeoutMs: 10_000, intervalMs: 1, fetch });
    expect(calls.filter((c) => c.includes(":1"))).toEqual(["http://127.0.0.1:1/__mock/health"]);
    expect(calls.filter((c) => c.includes(":2"))).toHaveLength(3);
  });

  it("a non-200 answer is not ready; after the bound it names the hosts still down", async () => {
    const { fetch } = fakeFetch((url) => (url.includes(":2") ? 503 : 200));
    const error = await waitForHealth(URLS, { timeoutMs: 20, intervalMs: 1, fetch }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(MockNotReadyError);
    expect((error as MockNotReadyError).down).toEqual(["payout (http://127.0.0.1:2)"]);
    expect((error as Error).message).toMatch(
      /^not ready after 0.02 s: no 200 from GET \/__mock\/health on payout/,
    );
  });

  it("stops early, without an error, once stopped() says so", async () => {
    const { fetch, calls } = fakeFetch(() => 0);
    let rounds = 0;
    await waitForHealth(URLS, { timeoutMs: 60_000, intervalMs: 1, fetch, stopped: () => ++rounds >= 2 });
    expect(calls).toHaveLength(4);
  });
});
