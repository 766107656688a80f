// Issue 13's done-when run: 20,000 fixture, refusal and seeded fuzz requests to the embedded mock, every answer
// checked against the spec of the host that sent it with the suite's own checks: 0 undocumented, 0 unrequested 5xx.
import { createClock, HOST_NAMES, type RunningMock, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkExchange } from "../../src/checking/check-exchange.js";
import { targetFromNames } from "../../src/config/targets.js";
import type { Exchange } from "../../src/model/finding.js";
import type { Target } from "../../src/model/target.js";
import { findOperation, loadSpecSet } from "../../src/spec/spec-set.js";
import { type CorpusRequest, fixtureRequests, generatedRequests, refusalRequests } from "./corpus.js";

const TOTAL = 20_000;
const SEED = 20_261_123;
const CONCURRENCY = 8;
/**
 * Hard bound on the sending loop: it stops (and the test fails) rather than hang. About a minute alone; the bound is
 * for two cores that other processes keep busy, where the same run takes several times longer.
 */
const DEADLINE_MS = 480_000;

const specs = loadSpecSet();
let mock: RunningMock;
let target: Target;

/** A seeded random source (Park-Miller) for the mock's ids and codes. */
function seeded(start: number): () => number {
  let state = start;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return (state - 1) / 2_147_483_646;
  };
}

beforeAll(async () => {
  mock = await startMock({
    ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
    clock: createClock({ realNow: () => Date.UTC(2026, 10, 23, 6) }),
    timeFactor: 0,
    random: seeded(SEED),
    // Callbacks and webhooks go nowhere: the run is offline.
    fetch: async () => new Response("ok"),
  });
  target = targetFromNames("the embedded mock", mock.env);
  target.isMock = true;
});
afterAll(() => mock?.close());

interface Tally {
  sent: number;
  statuses: Map<number, number>;
  exempt: number;
  serverErrors: string[];
  failures: string[];
}

/** Sends one request and checks its answer; findings that fail go to the tally with the request's origin. */
async function exchange(r: CorpusRequest, tally: Tally): Promise<void> {
  const res = await fetch(r.url, {
    method: r.method,
    headers: r.headers,
    ...(r.body !== undefined ? { body: r.body } : {}),
  });
  const body = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  tally.sent++;
  tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
  if (res.status >= 500) tally.serverErrors.push(`${r.origin} -> ${res.status} ${body.slice(0, 200)}`);
  const path = new URL(r.url).pathname;
  const op = findOperation(specs, r.method, path, r.host);
  if (!op) {
    // A path or method that belongs to no operation of this host is part of no contract: its 404/405 is exempt.
    // Any other answer to it is a failure.
    if (res.status === 404 || res.status === 405) tally.exempt++;
    else tally.failures.push(`${r.origin} -> ${res.status} for a path or method of no operation`);
    return;
  }
  const ex: Exchange = {
    request: {
      method: r.method,
      url: r.url,
      headers: r.headers,
      ...(r.body !== undefined ? { body: r.body } : {}),
    },
    response: { status: res.status, headers, body },
  };
  const secrets = { salt: mock.credentials.salt, walletSecret: mock.credentials.walletSecret };
  for (const f of checkExchange(specs, op, ex, secrets)) {
    if (f.ok || f.warning) continue;
    tally.failures.push(
      `${r.origin} -> ${res.status}: ${f.check} ${f.pointer ?? ""} expected ${f.expected ?? "?"}, got ${f.actual ?? "?"}`,
    );
  }
}

async function sendAll(corpus: CorpusRequest[], tally: Tally): Promise<void> {
  const stopAt = performance.now() + DEADLINE_MS;
  let next = 0;
  const worker = async () => {
    while (next < corpus.length && performance.now() < stopAt) {
      const r = corpus[next++] as CorpusRequest;
      try {
        await exchange(r, tally);
      } catch (error) {
        tally.failures.push(`${r.origin} -> no answer: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

describe("the mock's own answers are in its contract", () => {
  it("the checks used here flag answers outside the contract (a control for the run below)", () => {
    const op = findOperation(specs, "POST", "/otp/send", "otp");
    if (!op) throw new Error("no sendOtp operation in the otp spec");
    const request = { method: "POST", url: "http://127.0.0.1/otp/send", headers: {} };
    const failed = (status: number, type: string, body: string) =>
      checkExchange(specs, op, { request, response: { status, headers: { "content-type": type }, body } })
        .filter((f) => !f.ok && !f.warning)
        .map((f) => f.check);
    expect(failed(418, "application/json", "{}")).toEqual(["status_code_documented"]);
    expect(failed(400, "text/html", "<p>no</p>")).toEqual(["content_type_documented"]);
    expect(failed(503, "application/json", "{}")).toContain("not_a_server_error");
    const link = findOperation(specs, "POST", "/payout/v2/smartSend/link", "payout");
    if (!link) throw new Error("no create-link operation in the payout spec");
    const answer = { status: 200, headers: { "content-type": "application/json" }, body: '{"code": []}' };
    const schema = checkExchange(specs, link, { request, response: answer }).filter((f) => !f.ok);
    expect(schema.map((f) => f.check)).toContain("response_schema");
  });

  it(`${TOTAL.toLocaleString("en")} fixture, refusal and seeded fuzz requests: 0 undocumented, 0 unrequested 5xx`, async () => {
    const fixtures = fixtureRequests(specs, target);
    const refusals = refusalRequests(specs, target);
    const generated = generatedRequests(specs, target, TOTAL - fixtures.length - refusals.length, SEED);
    const corpus = [...fixtures, ...refusals, ...generated];
    const tally: Tally = { sent: 0, statuses: new Map(), exempt: 0, serverErrors: [], failures: [] };
    await sendAll(corpus, tally);

    const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `mock answers: ${tally.sent} sent (${fixtures.length} fixtures, ${refusals.length} refusal paths, ` +
        `${generated.length} generated; seed ${SEED}), ${tally.exempt} exempt 404/405 of no operation, ` +
        `${tally.serverErrors.length} 5xx, ${tally.failures.length} failed findings; statuses ${statuses.join(", ")}`,
    );
    expect(tally.sent, "every request was sent before the deadline").toBe(TOTAL);
    expect(tally.serverErrors.slice(0, 10)).toEqual([]);
    expect(tally.failures.slice(0, 20)).toEqual([]);
    // The corpus reaches past routing: successes, refusals and each shared refusal status were all seen.
    for (const status of [200, 400, 401, 413, 415])
      expect(tally.statuses.get(status) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
