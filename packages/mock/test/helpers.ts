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

import { loadSpecs, resolve } from "../src/core/spec-index.js";
import type { HostName } from "../src/types.js";

/** A documented request example of an operation, by name (from the bundle). */
export async function requestExample(
  host: HostName,
  operationId: string,
  name: string,
): Promise<Record<string, unknown>> {
  const spec = (await loadSpecs()).get(host);
  const op = spec?.operations.find((o) => o.operationId === operationId);
  if (!spec || !op) throw new Error(`no operation ${operationId} in ${host}`);
  const body = resolve(spec.doc, op.raw.requestBody) as {
    content: Record<string, { examples: Record<string, unknown> }>;
  };
  const media = Object.values(body.content)[0];
  const example = resolve(spec.doc, media?.examples[name]) as { value: Record<string, unknown> } | undefined;
  if (!example) throw new Error(`no example ${name} for ${operationId}`);
  return structuredClone(example.value);
}

/** Form-encodes a flat object of strings. */
export const form = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

/** A seeded random source (Park-Miller), so ids and codes repeat across runs. */
export function seeded(start: number): () => number {
  let state = start;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return (state - 1) / 2_147_483_646;
  };
}
