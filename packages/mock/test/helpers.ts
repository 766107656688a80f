// Test helpers: a mock on free ports with a manual clock.
import { createClock } from "../src/core/clock.js";
import { startMock } from "../src/start.js";
import { HOST_NAMES, type MockOptions, type RunningMock } from "../src/types.js";

export const START = Date.UTC(2026, 10, 23, 6, 0, 0);

/** Starts the mock on free ports with a manual clock (time moves only through advance()). */
export async function startTestMock(options: MockOptions = {}): Promise<RunningMock> {
  return startMock({
    ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
    clock: createClock({ realNow: () => START }),
    timeFactor: 0,
    ...options,
  });
}

export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | object } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const body = typeof init.body === "object" ? JSON.stringify(init.body) : init.body;
  const headers = {
    ...(typeof init.body === "object" ? { "content-type": "application/json" } : {}),
    ...init.headers,
  };
  const res = await fetch(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}
