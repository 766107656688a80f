// Request and response examples are paired by name, and every example survives being sent as it is: what tools
// that build one test per named example pair (and put example values into URLs unescaped) need of the specs.
import { describe, expect, it } from "vitest";
import { examplePairs, pairRequest } from "../scripts/example-pairs.mjs";
import { HOSTS, loadBundle } from "./helpers.js";

describe("example pairs of the bundles", () => {
  it.each(HOSTS)(
    "%s: every request example has its response example, and every example is usable as sent",
    (host) => {
      const { pairs, problems } = examplePairs(loadBundle(host));
      expect(problems).toEqual([]);
      expect(pairs.length).toBeGreaterThan(0);
      for (const pair of pairs) {
        // One status per pair: a tool must know which answer to expect.
        expect(new Set(pair.responses.map((r) => r.status)).size).toBe(1);
      }
    },
  );

  it("every operation with a request example takes part in a pair", () => {
    const paired = new Set(HOSTS.flatMap((h) => examplePairs(loadBundle(h)).pairs.map((p) => p.operationId)));
    expect([...paired].sort()).toEqual(
      [
        "validateToken",
        "sendOtp",
        "resendOtp",
        "verifyOtp",
        "authorizeMandateTransaction",
        "initiateHostedCheckoutPayment",
        "generateWalletToken",
        "registerWebhook",
        "generateMergedDocumentForEsign",
        "verifySignInOtp",
        "createSmartSendLink",
        "getSmartSendDetails",
        "getSmartSendStatus",
        "extendSmartSendExpiry",
        "cancelSmartSendLink",
        "checkComplaintStatus",
        "checkComplaintStatusPost",
      ].sort(),
    );
  });
});

describe("the pair checker itself (a control: it flags what tools would trip on)", () => {
  const doc = (op: Record<string, unknown>, parameters: unknown[] = []) => ({
    paths: { "/things/{id}": { parameters, get: { operationId: "getThing", ...op } } },
  });
  const id = (examples: Record<string, string>) => ({
    name: "id",
    in: "path",
    required: true,
    examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }])),
  });
  const answers = (byStatus: Record<string, string[]>) => ({
    responses: Object.fromEntries(
      Object.entries(byStatus).map(([status, names]) => [
        status,
        {
          content: {
            "application/json": { examples: Object.fromEntries(names.map((n) => [n, { value: {} }])) },
          },
        },
      ]),
    ),
  });

  it.each([
    [
      "a request example with no response example",
      doc(answers({ 200: ["other"] }), [id({ found: "a1" })]),
      /has no response example found/,
    ],
    [
      "a name under two statuses",
      doc(answers({ 200: ["found"], 404: ["found"] }), [id({ found: "a1" })]),
      /several statuses/,
    ],
    ["a path value with a slash", doc(answers({ 200: ["found"] }), [id({ found: "a/1" })]), /not URL-safe/],
    [
      "a query value with a plus",
      doc(answers({ 200: ["found"] }), [
        id({ found: "a1" }),
        { name: "q", in: "query", examples: { found: { value: "a+b" } } },
      ]),
      /query q example found "a\+b" is not URL-safe/,
    ],
  ])("%s", (_name, spec, problem) => {
    expect(examplePairs(spec).problems.join("\n")).toMatch(problem);
  });

  it("a required parameter without the pair's name is flagged (a tool would leave it out)", () => {
    const spec = {
      paths: {
        "/things": {
          post: {
            operationId: "makeThing",
            parameters: [{ name: "pid", in: "header", required: true, examples: { other: { value: "1" } } }],
            requestBody: { content: { "application/json": { examples: { made: { value: { a: 1 } } } } } },
            ...answers({ 200: ["made"] }),
          },
        },
      },
    };
    expect(examplePairs(spec).problems).toEqual([
      "POST /things (makeThing): required header pid has no example made: a tool would leave it out",
    ]);
  });

  it("builds the request a tool sends: values into the URL as they are, JSON-valued form fields serialised", () => {
    const request = pairRequest({
      operationId: "x",
      method: "PUT",
      template: "/links/{id}",
      name: "n",
      params: [
        { in: "path", name: "id", value: "abc-1" },
        { in: "query", name: "ref", value: "R1" },
        { in: "header", name: "pid", value: "1111312" },
      ],
      body: { mediaType: "application/x-www-form-urlencoded", value: { a: "1 2", info: { k: "v" } } },
      responses: [],
    });
    expect(request).toEqual({
      path: "/links/abc-1?ref=R1",
      headers: { pid: "1111312", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1+2&info=%7B%22k%22%3A%22v%22%7D",
    });
  });
});
