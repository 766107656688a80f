// Bounded fuzz: random and mutated requests from the specs' examples must never get a 5xx or crash the mock.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSpecs, resolve } from "../src/core/spec-index.js";
import { HOST_NAMES, type HostName, type RunningMock } from "../src/types.js";
import { startTestMock } from "./helpers.js";

const RUNS = 10_000;
let mock: RunningMock;
interface Seed {
  host: HostName;
  method: string;
  path: string;
  mediaType?: string;
  body?: Record<string, unknown>;
}
const seeds: Seed[] = [];
const internalErrors: string[] = [];

beforeAll(async () => {
  mock = await startTestMock({
    log: (line) => {
      if (line.includes("internal-error")) internalErrors.push(line);
    },
  });
  for (const [host, spec] of await loadSpecs()) {
    for (const op of spec.operations) {
      const rb = resolve(spec.doc, op.raw.requestBody) as
        | { content?: Record<string, { examples?: Record<string, unknown> }> }
        | undefined;
      const path = op.template.replace(/\{[^}]+\}/g, "abc");
      const entries = Object.entries(rb?.content ?? {});
      if (entries.length === 0) seeds.push({ host, method: op.method.toUpperCase(), path });
      for (const [mediaType, media] of entries) {
        for (const ex of Object.values(media.examples ?? {})) {
          const value = (resolve(spec.doc, ex) as { value?: Record<string, unknown> }).value;
          if (value) seeds.push({ host, method: op.method.toUpperCase(), path, mediaType, body: value });
        }
      }
    }
  }
});
afterAll(() => mock.close());

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
  fc.constantFrom("", "{", "%%", "\u0000", "'; DROP TABLE", "9".repeat(400), '{"a":', "[]"),
);

const request = fc.record({
  seed: fc.nat(),
  mutation: fc.constantFrom("drop", "replace", "add", "raw", "content-type", "path", "method", "none"),
  key: fc.nat(),
  value: junk,
  text: fc.string({ maxLength: 200 }),
  header: fc.constantFrom(
    "application/json",
    "application/x-www-form-urlencoded",
    "text/plain",
    "",
    "application/xml",
  ),
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
  host: fc.constantFrom(...HOST_NAMES),
});

describe("fuzz", () => {
  it(`${RUNS} random and mutated requests: never a 5xx, never a crash, heap stays bounded`, async () => {
    const statuses = new Map<number, number>();
    const gc = (globalThis as { gc?: () => void }).gc;
    expect(gc, "run with --expose-gc (vitest.config.ts sets it)").toBeTypeOf("function");
    const heap = () => {
      gc?.();
      return process.memoryUsage().heapUsed;
    };
    // Steady state: measured after the first fifth of the run, when Prism's and ajv's caches are warm.
    let heapWarm = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        if (++run === RUNS / 5) heapWarm = heap();
        const seed = seeds[r.seed % seeds.length] as Seed;
        const body: Record<string, unknown> = { ...(seed.body ?? {}) };
        const keys = Object.keys(body);
        const key = keys.length ? (keys[r.key % keys.length] as string) : "x";
        let method = seed.method;
        let path = seed.path;
        let host = seed.host;
        let contentType = seed.mediaType;
        let raw: string | undefined;
        switch (r.mutation) {
          case "drop":
            delete body[key];
            break;
          case "replace":
            body[key] = r.value;
            break;
          case "add":
            body[`extra_${r.key}`] = r.value;
            break;
          case "raw":
            raw = r.text;
            break;
          case "content-type":
            contentType = r.header || undefined;
            break;
          case "path":
            path = `${path}/${encodeURIComponent(r.text.slice(0, 20))}`;
            host = r.host;
            break;
          case "method":
            method = r.method;
            break;
        }
        if (raw === undefined && seed.body) {
          raw =
            seed.mediaType === "application/x-www-form-urlencoded"
              ? new URLSearchParams(
                  Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
                ).toString()
              : JSON.stringify(body);
        }
        const res = await fetch(mock.urls[host] + path, {
          method,
          headers: {
            ...(contentType ? { "content-type": contentType } : {}),
            authorization: `Bearer ${mock.credentials.partnerToken}`,
            clienttype: "WEB",
            pid: "1111312",
          },
          ...(method === "GET" || method === "HEAD" ? {} : { body: raw ?? "" }),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, internalErrors.at(-1)).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: 20261123, endOnFailure: true },
    );
    const growthMb = (heap() - heapWarm) / 1024 / 1024;
    // Answers of every class were seen, so the mutations reach past routing into validation and behaviours.
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
    // 8,000 more requests after warm-up may not leave more than a few MB behind (state is per uuid/link/complaint).
    expect(growthMb).toBeLessThan(16);
  }, 600_000); // a bound for a loaded machine; about a minute alone
});
