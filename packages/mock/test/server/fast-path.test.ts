// Differential test: the fast path's verdict (Prism's validateInput alone) equals prism.request's on every
// documented request example and on mutations of each (a required field dropped, a value replaced).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { loadSpecs, resolve } from "../../src/core/spec-index.js";

const require = createRequire(import.meta.url);
const { createInstance } = require("@stoplight/prism-http");
const { createLogger } = require("@stoplight/prism-core");
const { validateInput } = require("@stoplight/prism-http/dist/validator/index.js");

const config = {
  isProxy: false,
  mock: { dynamic: false },
  validateRequest: true,
  validateResponse: false,
  checkSecurity: false,
  errors: false,
};
const prism = createInstance(config, { logger: createLogger("t", { level: "silent" }) });

describe("fast path verdicts equal Prism's", async () => {
  const specs = await loadSpecs();
  const cases: { name: string; op: { prism: unknown }; input: unknown }[] = [];
  for (const spec of specs.values()) {
    for (const op of spec.operations) {
      const rb = resolve(spec.doc, op.raw.requestBody) as
        | { content?: Record<string, { examples?: Record<string, unknown> }> }
        | undefined;
      const path = op.template.replace(/\{[^}]+\}/g, "abc");
      const headers: Record<string, string> = {
        authorization: "Bearer t",
        clienttype: "WEB",
        pid: "1",
        payoutmerchantid: "1",
        uuid: "u",
      };
      const query = { complaintId: "C1", linkId: "L1", merchantRefId: "R1", payoutMerchantId: "1" };
      for (const [mediaType, media] of Object.entries(rb?.content ?? {})) {
        for (const [exName, ex] of Object.entries(media.examples ?? {})) {
          const value = (resolve(spec.doc, ex) as { value: Record<string, unknown> }).value;
          const variants: [string, Record<string, unknown>][] = [["as documented", value]];
          for (const key of Object.keys(value).slice(0, 4)) {
            const { [key]: _dropped, ...rest } = value;
            variants.push([`without ${key}`, rest]);
            variants.push([`${key} = "!!"`, { ...value, [key]: "!!" }]);
          }
          for (const [vName, body] of variants) {
            const form = mediaType === "application/x-www-form-urlencoded";
            const text = form
              ? new URLSearchParams(
                  Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
                ).toString()
              : JSON.stringify(body);
            cases.push({
              name: `${op.operationId} ${exName} ${vName}`,
              op,
              input: {
                method: op.method,
                url: { path, query },
                headers: {
                  ...headers,
                  "content-type": mediaType,
                  "content-length": String(Buffer.byteLength(text)),
                },
                body: form ? text : body,
              },
            });
          }
        }
      }
      if (!rb)
        cases.push({
          name: `${op.operationId} parameters`,
          op,
          input: { method: op.method, url: { path, query }, headers },
        });
    }
  }

  it(`agrees on ${cases.length} requests`, async () => {
    expect(cases.length).toBeGreaterThan(100);
    let valid = 0;
    for (const c of cases) {
      const fast = validateInput({ resource: c.op.prism, element: c.input })._tag === "Right";
      const full = await prism.request(c.input, [c.op.prism], config)();
      const prismValid =
        full._tag === "Right" &&
        full.right.validations.input.every((v: { severity: number }) => v.severity !== 0);
      expect(fast, c.name).toBe(prismValid);
      if (fast) valid++;
    }
    // Both verdicts occur, so the comparison is not vacuous.
    expect(valid).toBeGreaterThan(10);
    expect(valid).toBeLessThan(cases.length);
  });
});
