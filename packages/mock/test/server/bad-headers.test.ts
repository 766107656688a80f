// Bad headers on every operation of every host: a documented 4xx naming the header, never a 5xx or an undocumented status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostSpec, loadSpecs, type OperationInfo, resolve } from "../../src/core/spec-index.js";
import type { HostName, RunningMock } from "../../src/types.js";
import { startTestMock } from "../helpers.js";

let mock: RunningMock;
let specs: Map<HostName, HostSpec>;
beforeAll(async () => {
  mock = await startTestMock();
  specs = await loadSpecs();
});
afterAll(() => mock.close());

/** Headers that pass each host's security, so the bad header itself is what gets refused. */
function credentials(host: HostName): Record<string, string> {
  const c = mock.credentials;
  const bearer: Partial<Record<HostName, string>> = {
    partner: c.partnerToken,
    accounts: c.accountsToken,
    payout: c.payoutToken,
    bbps: c.bbpsToken,
  };
  if (host === "otp") return { authorization: c.otpAuthorization, clienttype: c.otpClientType };
  return bearer[host] ? { authorization: `Bearer ${bearer[host]}` } : {};
}

function documentedTypes(spec: HostSpec, op: OperationInfo, status: number): string[] | undefined {
  const r = resolve(spec.doc, (op.raw.responses as Record<string, unknown>)[String(status)]) as
    | { content?: Record<string, unknown> }
    | undefined;
  return r ? Object.keys(r.content ?? {}) : undefined;
}

const mediaType = (op: OperationInfo) =>
  Object.keys((op.raw.requestBody as { content?: object } | undefined)?.content ?? {})[0] ??
  "application/json";

const BAD: [string, string, Record<string, string>][] = [
  ["an unparseable Content-Type", "content-type", { "content-type": "application/json, text/plain" }],
  [
    "a Content-Type with a broken parameter",
    "content-type",
    { "content-type": 'application/json; charset="' },
  ],
  ["Prefer with an unknown example", "prefer", { prefer: "example=no-such-example" }],
  ["Prefer with an undocumented code", "prefer", { prefer: "code=599" }],
  ["Prefer with a code that is not a number", "prefer", { prefer: "code=abc" }],
];

describe("bad headers get a documented 4xx naming the header", () => {
  const cases = () =>
    [...specs.values()].flatMap((spec) =>
      spec.operations.flatMap((op) =>
        BAD.map(([name, header, headers]) => ({ spec, op, name, header, headers })),
      ),
    );

  it("on every operation of every host", async () => {
    const failures: string[] = [];
    for (const { spec, op, name, header, headers } of cases()) {
      const path = op.template.replace(/\{[^}]+\}/g, "abc");
      const method = op.method.toUpperCase();
      const withBody = method !== "GET";
      const res = await fetch(mock.urls[spec.host] + path, {
        method,
        headers: {
          ...credentials(spec.host),
          ...(withBody && header !== "content-type" ? { "content-type": mediaType(op) } : {}),
          ...headers,
        },
        ...(withBody ? { body: "{}" } : {}),
      });
      const text = await res.text();
      const where = `${spec.host} ${op.operationId} with ${name}: ${res.status}`;
      const types = documentedTypes(spec, op, res.status);
      const type = res.headers.get("content-type")?.split(";")[0];
      const said = `${text} ${res.headers.get("x-pgi-mock-violations")} ${res.headers.get("x-pgi-mock-hint")}`;
      if (res.status >= 500) failures.push(`${where} is a 5xx`);
      else if (!types) failures.push(`${where} is not documented (${op.documentedStatuses.join(", ")})`);
      else if (text.length > 0 && !types.includes(type ?? ""))
        failures.push(`${where}: ${type} not documented`);
      else if (res.status !== 401 && !said.toLowerCase().includes(`header.${header}`))
        failures.push(`${where} does not name header.${header}`);
    }
    expect(failures).toEqual([]);
  });

  it("an Accept the operation cannot answer gets the documented type, not a 406 or 5xx", async () => {
    const res = await fetch(`${mock.urls.payout}/payout/v2/smartSend/status?linkId=x`, {
      headers: { accept: "text/html;q=x,,", prefer: "code=401" },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it("Prefer with an example of another status finds that status", async () => {
    const res = await fetch(`${mock.urls.payout}/payout/v2/smartSend/status?linkId=x`, {
      headers: { prefer: "example=accessDenied" },
    });
    expect(res.status).toBe(401);
  });
});
