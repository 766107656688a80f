import { describe, expect, it } from "vitest";
import { MAX_TIMER_MS, planRetry, retryAfter } from "./deadline.js";
import { ClientMisuseError } from "./errors.js";
import { createBbpsClient } from "./factories.js";
import type { LogEntry, RetryPolicy } from "./options.js";

const NOW = Date.parse("2026-11-23T10:00:00Z");
const withHeader = (value: string) => new Response(null, { status: 503, headers: { "retry-after": value } });

describe("retryAfter reads seconds or an HTTP date, never a negative wait", () => {
  it.each([
    { header: "2", want: { ms: 2000, header: "2" } },
    { header: "0", want: { ms: 0, header: "0" } },
    {
      header: "Mon, 23 Nov 2026 11:00:00 GMT",
      want: { ms: 3_600_000, header: "Mon, 23 Nov 2026 11:00:00 GMT" },
    },
    { header: "Mon, 23 Nov 2026 09:00:00 GMT", want: { ms: 0, header: "Mon, 23 Nov 2026 09:00:00 GMT" } },
    { header: "-5", want: undefined },
    { header: "1.5", want: undefined },
    { header: "soon", want: undefined },
  ])("Retry-After: $header", ({ header, want }) => {
    expect(retryAfter(withHeader(header), NOW)).toEqual(want);
  });
});

describe("planRetry", () => {
  const base = { backoffMs: 150, maxDelayMs: 5000, now: 0, deadline: 30_000, timeoutMs: 30_000 };

  it("waits what the server asked for when it fits maxDelayMs and the budget", () => {
    expect(planRetry({ ...base, retryAfter: { ms: 2000, header: "2" } })).toEqual({
      retry: true,
      delayMs: 2000,
    });
    expect(planRetry(base)).toEqual({ retry: true, delayMs: 150 });
  });

  it("does not retry when the server asks for more than maxDelayMs, and says what it asked for", () => {
    expect(planRetry({ ...base, retryAfter: { ms: 3_600_000, header: "3600" } })).toEqual({
      retry: false,
      reason: "the server asked to wait 3600 s (Retry-After: 3600), more than retry.maxDelayMs (5000 ms)",
    });
  });

  it("does not start an attempt after the call's budget", () => {
    expect(planRetry({ ...base, retryAfter: { ms: 4000, header: "4" }, now: 27_000 })).toEqual({
      retry: false,
      reason:
        "the server asked to wait 4 s (Retry-After: 4), past the call's budget (timeoutMs 30000 ms, 3000 ms left)",
    });
    expect(planRetry({ ...base, backoffMs: 800, now: 29_500 })).toMatchObject({ retry: false });
  });

  it("never hands setTimeout more than it can hold", () => {
    const huge = { ...base, maxDelayMs: 2 ** 40, deadline: 2 ** 45, timeoutMs: 2 ** 45 };
    expect(planRetry({ ...huge, retryAfter: { ms: 2 ** 33, header: String(2 ** 33 / 1000) } })).toEqual({
      retry: true,
      delayMs: MAX_TIMER_MS,
    });
  });
});

/** A bbps client whose answers come from `answer`, on a fake clock that only sleeping moves. */
function scripted(answer: (n: number) => Response, retry: Partial<RetryPolicy>, timeoutMs?: number) {
  let clock = NOW;
  const waits: number[] = [];
  const logs: LogEntry[] = [];
  let calls = 0;
  const client = createBbpsClient({
    baseUrl: "http://b.test",
    credentials: { token: "retry-test-token" },
    fetch: (async () => answer(++calls)) as typeof globalThis.fetch,
    logger: (e) => void logs.push(e),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    retry: {
      retries: 5,
      random: () => 1,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      ...retry,
    },
  });
  const call = () =>
    client.GET("/gateway-nbc/v1/nbc/checkComplaintStatus", { params: { query: { complaintId: "C1" } } });
  return { call, waits, logs, calls: () => calls };
}

describe("a GET's retries stay within maxDelayMs and the call's budget", () => {
  it("an HTTP date an hour ahead is not waited for: the 503 is returned and the log says what was asked", async () => {
    const s = scripted(() => withHeader("Mon, 23 Nov 2026 11:00:00 GMT"), {});
    const { response } = await s.call();
    expect(response.status).toBe(503);
    expect(s.calls()).toBe(1);
    expect(s.waits).toEqual([]);
    expect(s.logs.find((e) => e.type === "error")?.message).toBe(
      "checkComplaintStatus: answered 503, not retried: the server asked to wait 3600 s (Retry-After: Mon, 23 Nov 2026 11:00:00 GMT), more than retry.maxDelayMs (5000 ms)",
    );
  });

  it("a negative Retry-After is ignored: the backoff is used, not an immediate retry", async () => {
    const s = scripted((n) => (n === 1 ? withHeader("-5") : new Response("{}", { status: 200 })), {
      baseDelayMs: 400,
    });
    expect((await s.call()).response.status).toBe(200);
    expect(s.waits).toEqual([400]);
  });

  it("stops retrying when the next wait would end past timeoutMs, the whole call's budget", async () => {
    const s = scripted(() => withHeader("4"), {}, 10_000);
    const { response } = await s.call();
    expect(response.status).toBe(503);
    expect(s.calls()).toBe(3);
    expect(s.waits).toEqual([4000, 4000]);
    expect(s.logs.at(-2)?.message).toMatch(
      /not retried: the server asked to wait 4 s \(Retry-After: 4\), past the call's budget \(timeoutMs 10000 ms, 2000 ms left\)$/,
    );
  });

  it("a network failure is retried within the budget, then thrown with why it was not retried again", async () => {
    let clock = 0;
    let calls = 0;
    const b = createBbpsClient({
      baseUrl: "http://b.test",
      credentials: { token: "retry-test-token" },
      timeoutMs: 1000,
      fetch: (async () => {
        calls++;
        throw new Error("connect ECONNREFUSED");
      }) as typeof globalThis.fetch,
      retry: {
        retries: 10,
        baseDelayMs: 400,
        random: () => 1,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
        },
      },
    });
    const failure = await b
      .GET("/gateway-nbc/v1/nbc/checkComplaintStatus", { params: { query: { complaintId: "C1" } } })
      .catch((e: Error) => e);
    expect(calls).toBe(2); // waits 400, then 800 would end at 1200 > 1000
    expect((failure as Error).message).toMatch(
      /ECONNREFUSED.*not retried: the next attempt would start in 800 ms/,
    );
  });

  it("a timeoutMs beyond setTimeout's range does not fire at once", async () => {
    const b = createBbpsClient({
      baseUrl: "http://b.test",
      credentials: { token: "retry-test-token" },
      timeoutMs: 2 ** 40,
      // Answers after 30 ms unless aborted first, as a real fetch does.
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve(new Response("{}", { status: 200 })), 30);
          init.signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(init.signal?.reason);
          });
        })) as typeof globalThis.fetch,
    });
    const { response } = await b.GET("/gateway-nbc/v1/nbc/checkComplaintStatus", {
      params: { query: { complaintId: "C1" } },
    });
    expect(response.status).toBe(200);
  });
});

describe("options the transport cannot honour are refused by name", () => {
  it.each([
    { options: { timeoutMs: -1 }, want: /^timeoutMs: a finite number of milliseconds above 0, got -1$/ },
    { options: { timeoutMs: Number.NaN }, want: /^timeoutMs: .* got NaN$/ },
    { options: { retry: { retries: 1.5 } }, want: /^retry.retries: an integer from 0, got 1.5$/ },
    { options: { retry: { retries: 1, maxDelayMs: -3 } }, want: /^retry.maxDelayMs: .* got -3$/ },
  ])("$options", ({ options, want }) => {
    let error: unknown;
    try {
      createBbpsClient(options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClientMisuseError);
    expect((error as Error).message).toMatch(want);
  });
});
