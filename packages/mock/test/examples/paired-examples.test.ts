// Every named example pair of the specs, sent to a freshly reset embedded mock as a tool that builds one test per
// pair sends it (parameters put into the URL as they are, the mock's published credentials): the answer is the
// paired response example.
//
// What is compared: the status; the media type; and the body, value for value, except the fields listed in VARIES,
// which the mock draws from its random source or its clock on every call (a new OTP request uuid, a payment id, the
// time of a refusal). Those are compared by form only: the same JSON type and the same length as the example's.
// Objects must have exactly the example's keys, so a missing or extra field fails as much as a wrong value.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type ExamplePair, examplePairs, pairRequest } from "@pgi/specs/example-pairs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { HOST_NAMES, type HostName, type RunningMock } from "../../src/types.js";
import { seeded, startTestMock } from "../helpers.js";

const require = createRequire(import.meta.url);
const docs = new Map<HostName, Record<string, unknown>>(
  HOST_NAMES.map((h) => [h, parse(readFileSync(require.resolve(`@pgi/specs/dist/${h}.yaml`), "utf8"))]),
);

/** Fields the mock makes anew on each call, by operation (JSON paths, "$" for the whole body), with the reason. */
const VARIES: Record<string, Record<string, string>> = {
  sendOtp: { $: "a new OTP request identifier (random) per call" },
  validateToken: {
    $: "the fallback's new OTP request identifier (random)",
    timestamp: "the mock clock's time of the refusal",
  },
  resendOtp: { timestamp: "the mock clock's time of the refusal" },
  verifyOtp: { timestamp: "the mock clock's time of the refusal" },
  authorizeMandateTransaction: {
    "result.mihpayid": "the transaction id the mock issues (random)",
    "result.addedon": "the mock clock's time of the transaction",
  },
  initiateHostedCheckoutPayment: {
    "metaData.referenceId": "the reference the mock issues (random)",
    "metaData.intentURIData": "carries the payment id the mock issues (tr=...)",
    "result.paymentId": "the payment id the mock issues (random)",
    "result.mihpayid": "the transaction id the mock issues (random)",
    "result.addedon": "the mock clock's time of the transaction",
  },
  createSmartSendLink: {
    "data.link": "the link the mock issues (random)",
    "data.linkId": "the link identifier the mock issues (random)",
  },
};

let mock: RunningMock;
beforeAll(async () => {
  mock = await startTestMock({ random: seeded(23), fetch: async () => new Response("ok") });
});
afterAll(() => mock.close());

/** The credentials a tool is configured with for the operation's security (the mock publishes them). */
function credentials(
  host: HostName,
  doc: Record<string, unknown>,
  pair: ExamplePair,
): Record<string, string> {
  const op = ((doc.paths as Record<string, Record<string, { security?: Record<string, unknown>[] }>>)[
    pair.template
  ]?.[pair.method.toLowerCase()] ?? {}) as { security?: Record<string, unknown>[] };
  const schemes = ((doc.components as { securitySchemes?: Record<string, { type: string; name?: string }> })
    .securitySchemes ?? {}) as Record<string, { type: string; name?: string }>;
  const c = mock.credentials;
  const bearer: Partial<Record<HostName, string>> = {
    partner: c.partnerToken,
    accounts: c.accountsToken,
    payout: c.payoutToken,
    bbps: c.bbpsToken,
  };
  const required = (op.security ?? []).find((alt) => Object.keys(alt).length > 0) ?? {};
  const out: Record<string, string> = {};
  for (const name of Object.keys(required)) {
    const scheme = schemes[name];
    if (scheme?.type === "http" && bearer[host]) out.Authorization = `Bearer ${bearer[host]}`;
    if (scheme?.type === "apiKey" && scheme.name === "Authorization") out.Authorization = c.otpAuthorization;
  }
  return out;
}

/** Differences between an answer and the example, `varies` fields compared by form (type and length) only. */
function differences(
  actual: unknown,
  expected: unknown,
  varies: Record<string, string>,
  path = "$",
): string[] {
  const key = path === "$" ? "$" : path.slice(2);
  if (key in varies) {
    const same =
      typeof actual === typeof expected &&
      (typeof actual !== "string" || actual.length === (expected as string).length);
    return same
      ? []
      : [`${path}: ${JSON.stringify(actual)} is not of the form of ${JSON.stringify(expected)}`];
  }
  if (expected && typeof expected === "object" && !Array.isArray(expected)) {
    if (!actual || typeof actual !== "object" || Array.isArray(actual)) return [`${path}: not an object`];
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = new Set([...Object.keys(a), ...Object.keys(e)]);
    return [...keys].flatMap((k) =>
      !(k in a)
        ? [`${path}.${k}: missing`]
        : !(k in e)
          ? [`${path}.${k}: not in the example`]
          : differences(a[k], e[k], varies, `${path}.${k}`),
    );
  }
  return JSON.stringify(actual) === JSON.stringify(expected)
    ? []
    : [`${path}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`];
}

const cases = HOST_NAMES.flatMap((host) => {
  const { pairs } = examplePairs(docs.get(host));
  return pairs.map((pair) => [`${host} ${pair.operationId} ${pair.name}`, host, pair] as const);
});

describe("named example pairs against the embedded mock", () => {
  it("the specs pair every request example with a response example, all usable as they are", () => {
    const problems = HOST_NAMES.flatMap((h) => examplePairs(docs.get(h)).problems);
    expect(problems).toEqual([]);
    // Every host with request examples takes part, and so does every operation with a request example.
    expect(new Set(cases.map(([, host]) => host))).toEqual(new Set(HOST_NAMES));
    expect(cases.length).toBeGreaterThanOrEqual(28);
  });

  it.each(cases)("%s: the mock answers the paired response", async (_name, host, pair) => {
    mock.reset();
    const doc = docs.get(host) as Record<string, unknown>;
    const { path, headers, body } = pairRequest(pair);
    const documented = pair.responses[0];
    if (!documented) throw new Error(`no response example ${pair.name}`);
    const res = await fetch(`${mock.urls[host]}${path}`, {
      method: pair.method,
      headers: { ...credentials(host, doc, pair), ...headers, accept: documented.mediaType },
      ...(body !== undefined ? { body } : {}),
    });
    const text = await res.text();
    expect(
      { status: res.status, type: res.headers.get("content-type")?.split(";")[0] },
      `${pair.method} ${path}: ${text.slice(0, 300)} (hint: ${res.headers.get("x-pgi-mock-hint")})`,
    ).toEqual({ status: documented.status, type: documented.mediaType });
    const actual = documented.mediaType.includes("json") ? JSON.parse(text) : text;
    expect(differences(actual, documented.value, VARIES[pair.operationId] ?? {})).toEqual([]);
  });
});
