// Every signed example in the specs verifies under the mock's published test credentials and replays as documented.
import { DEFAULT_CREDENTIALS, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTS } from "../../src/config/configuration.js";
import { requestBody } from "../../src/spec/request-body.js";
import { signedExamples } from "../../src/spec/signed-examples.js";
import { loadSpecSet } from "../../src/spec/spec-set.js";

const specs = loadSpecSet();
const all = signedExamples(specs, DEFAULT_CREDENTIALS);

describe("signed examples", () => {
  it("finds every kind: request hashes, checksums, result hashes, callback hashes", () => {
    expect(all.length).toBeGreaterThanOrEqual(19);
    expect(new Set(all.map((e) => e.scheme))).toEqual(
      new Set([
        "mandate-authorization",
        "upi-mandate-registration",
        "payment-request",
        "payment-response",
        "wallet-checksum",
        "wallet-response-checksum",
      ]),
    );
  });
  it.each(all.map((e) => [`${e.host} ${e.pointer}`, e] as const))("%s verifies", (_where, e) => {
    expect(e.identity).toBeUndefined();
    expect(e.written).toBe(e.expected);
  });
});

describe("documented request examples sent verbatim to the mock", () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock({ ports: Object.fromEntries(HOSTS.map((h) => [h, 0])) });
  });
  afterAll(() => mock.close());

  const signed = specs.operations.flatMap((op) =>
    (requestBody(specs, op)?.examples ?? [])
      .filter(([, v]) => v && typeof v === "object" && ("hash" in v || "checksum" in v))
      .map(([name, v]) => [`${op.operationId} ${name}`, op, v as Record<string, unknown>] as const),
  );
  it("covers every signed request example", () => expect(signed.length).toBeGreaterThanOrEqual(7));
  it.each(signed)("%s: its hash or checksum is accepted", async (_name, op, value) => {
    const form = new URLSearchParams(
      Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    );
    const res = await fetch(`${mock.env[`PGI_${op.host.toUpperCase()}_URL`]}${op.path}`, {
      method: op.method,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
    });
    const text = await res.text();
    expect(res.headers.get("x-pgi-mock-hint") ?? "").not.toMatch(/hash|checksum/);
    expect(text).not.toMatch(/checksum does not match|E1101/);
  });
});
