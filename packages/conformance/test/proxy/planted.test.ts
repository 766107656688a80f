import { paymentResponse, sign } from "@pgi/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetFromNames } from "../../src/config/targets.js";
import type { Target } from "../../src/model/target.js";
import { buildRequest } from "../../src/requests/build-request.js";
import { requestBody } from "../../src/spec/request-body.js";
import { deref } from "../../src/spec/spec-set.js";
import {
  exchanges,
  failedChecks,
  fakeUpstream,
  getSpecs,
  json,
  proxyFor,
  SECRETS,
  secretValues,
  type TestProxy,
} from "./helpers.js";

type Json = Record<string, unknown>;
const specs = getSpecs();
const op = (id: string) => {
  const found = specs.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
/** A documented answer example of an operation. */
const documented = (id: string, status: string, name: string): Json => {
  const o = op(id);
  const doc = specs.docs.get(o.host);
  const res = deref(doc, (o.raw.responses as Json)[status]) as {
    content: Record<string, { examples: Json }>;
  };
  const media = Object.values(res.content)[0];
  return structuredClone((deref(doc, media?.examples[name]) as { value: Json }).value);
};

/** What the fake upstream answers next. */
let next: { status: number; body: unknown } = { status: 200, body: {} };
let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
let proxy: TestProxy;
let lines: string[];
let target: Target;

beforeAll(async () => {
  upstream = await fakeUpstream((_req, _body, res) => json(res, next.status, next.body));
  target = targetFromNames("a fake upstream", {
    PGI_GATEWAY_URL: upstream.url,
    PGI_WALLET_URL: upstream.url,
    PGI_MERCHANT_KEY: "Jx7Kq2",
    PGI_SALT: SECRETS.salt,
    PGI_WALLET_MID: "MERCH1001",
    PGI_WALLET_SECRET: SECRETS.walletSecret,
  });
  ({ proxy, lines } = await proxyFor(target));
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

/** Sends the first request example of `id`, signed with the target's secrets, through the proxy. */
async function send(id: string, change: (fields: Json) => void = () => {}) {
  const o = op(id);
  const example = requestBody(specs, o)?.examples[0]?.[1] as Json;
  const built = buildRequest(specs, o, target, { body: example });
  const fields = built.fields as Json;
  change(fields);
  const body = new URLSearchParams(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  ).toString();
  const url = new URL(built.url);
  const before = proxy.exchanges.length;
  const res = await fetch(`${proxy.urls[o.host]}${url.pathname}${url.search}`, {
    method: built.method,
    headers: built.headers,
    body,
  });
  await res.arrayBuffer();
  const all = await exchanges(proxy, before + 1);
  const last = all[before];
  if (!last) throw new Error("the exchange was not judged");
  return { exchange: last, fields, status: res.status };
}

/** The registered mandate answer, its result re-signed for the request the proxy forwarded. */
function mandateAnswer(request: Json, tweak: (result: Json, answer: Json) => void = () => {}): Json {
  const answer = documented("authorizeMandateTransaction", "200", "registered");
  const result = answer.result as Json;
  result.key = request.key;
  result.txnid = request.txnid;
  result.amount = request.amount;
  result.hash = sign(
    "payment-response",
    paymentResponse.fieldsFor(result, request as Record<string, string>) as never,
    SECRETS.salt,
  ).digest;
  tweak(result, answer);
  return answer;
}

/** Sends a mandate authorization through the proxy while the upstream answers `answer(request)`. */
async function mandate(answer: (request: Json) => { status: number; body: unknown }) {
  const o = op("authorizeMandateTransaction");
  const example = requestBody(specs, o)?.examples[0]?.[1] as Json;
  const fields = buildRequest(specs, o, target, { body: example }).fields as Json;
  next = answer(fields);
  return send("authorizeMandateTransaction");
}

describe("planted breaks in answers are reported under their check", () => {
  it("a correct answer passes, with its request hash and result.hash both recomputed", async () => {
    const { exchange } = await mandate((req) => ({ status: 200, body: mandateAnswer(req) }));
    expect(failedChecks(exchange)).toEqual([]);
    const passed = exchange.verdict.findings.filter((f) => f.ok).map((f) => f.check);
    expect(passed).toEqual(
      expect.arrayContaining(["request_signature", "response_signature", "response_schema"]),
    );
  });

  it.each([
    [
      "wrong type",
      (r: Json) => {
        r.mihpayid = 403993715; // a number where the schema wants a string
      },
      "response_schema",
      /\/result\/mihpayid/,
    ],
    [
      "missing field",
      (_r: Json, a: Json) => {
        delete a.metaData;
      },
      "response_schema",
      /^\/metaData$/,
    ],
    [
      "wrong result hash",
      (r: Json) => {
        r.hash = sign(
          "payment-response",
          paymentResponse.fieldsFor({ ...r, amount: "1" }) as never,
          SECRETS.salt,
        ).digest;
      },
      "response_signature",
      /\/result\/hash/,
    ],
  ] as const)("%s", async (_name, tweak, check, pointer) => {
    const { exchange } = await mandate((req) => ({ status: 200, body: mandateAnswer(req, tweak) }));
    expect(failedChecks(exchange)).toContain(check);
    const finding = exchange.verdict.findings.find((f) => f.check === check && !f.ok);
    expect(finding?.pointer).toMatch(pointer);
  });

  it("a wrong result hash carries the diagnosis and the pre-image with the salt masked", async () => {
    const { exchange } = await mandate((req) => ({
      status: 200,
      body: mandateAnswer(req, (r) => {
        r.hash = sign(
          "payment-response",
          paymentResponse.fieldsFor({ ...r, amount: "1" }) as never,
          SECRETS.salt,
        ).digest;
      }),
    }));
    const finding = exchange.verdict.findings.find((f) => f.check === "response_signature");
    expect(finding?.message).toMatch(
      /diagnosis: the received digest is reproduced when amount is written as "1" instead of "1.00"/,
    );
    expect(finding?.message).toMatch(/pre-image \(secret masked\): <SALT>\|success\|/);
  });

  it("undocumented status", async () => {
    const { exchange } = await mandate(() => ({ status: 418, body: { teapot: true } }));
    expect(failedChecks(exchange)).toEqual(["status_code_documented"]);
  });

  it("wrong wallet checksum, with the diagnosis and the secret masked", async () => {
    const answer = documented("generateWalletToken", "200", "success");
    const { messagecode, status, statuscode } = answer as Record<string, string>;
    // Signed over another statusdescription than the one sent: the checksum cannot verify.
    answer.checksum = sign(
      "wallet-response-checksum",
      { messagecode, status, statuscode, statusdescription: "Token generated" } as never,
      SECRETS.walletSecret,
    ).digest;
    next = { status: 200, body: answer };
    const { exchange } = await send("generateWalletToken");
    expect(failedChecks(exchange)).toEqual(["response_signature"]);
    const finding = exchange.verdict.findings.find((f) => f.check === "response_signature");
    expect(finding?.pointer).toBe("/checksum");
    expect(finding?.message).toMatch(
      /pre-image \(secret masked\): '501''SUCCESS''0''Token generated successfully'/,
    );
  });
});

describe("a wrongly signed request", () => {
  it("is reported under request_signature with the construction that reproduces its hash", async () => {
    const { exchange, status } = await (async () => {
      const o = op("authorizeMandateTransaction");
      const example = requestBody(specs, o)?.examples[0]?.[1] as Json;
      next = {
        status: 200,
        body: mandateAnswer(buildRequest(specs, o, target, { body: example }).fields as Json),
      };
      return send("authorizeMandateTransaction", (fields) => {
        // The merchant hashed amount "1" but sent "1.00".
        fields.hash = sign(
          "mandate-authorization",
          { ...(fields as Record<string, string>), amount: "1" } as never,
          SECRETS.salt,
        ).digest;
      });
    })();
    expect(status).toBe(200); // without --enforce the request is forwarded anyway
    expect(failedChecks(exchange)).toEqual(["request_signature"]);
    const finding = exchange.verdict.findings.find((f) => f.check === "request_signature");
    expect(finding?.pointer).toBe("request body /hash");
    expect(finding?.message).toMatch(
      /the received digest is reproduced when amount is written as "1" instead of "1.00"/,
    );
    expect(finding?.message).toMatch(/<SALT>/);
    const printed = lines.join("\n");
    expect(printed).toMatch(/^FAIL gateway authorizeMandateTransaction 200 \d+\.\dms$/m);
    expect(printed).toMatch(
      /^ {4}request_signature at request body \/hash: expected sha512 .*; got does not verify$/m,
    );
    expect(printed).toMatch(
      /^ {6}diagnosis: the received digest is reproduced when amount is written as "1"/m,
    );
  });

  it("nothing it printed contains a secret", () => {
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of secretValues()) expect(lines.join("\n")).not.toContain(secret);
  });
});
