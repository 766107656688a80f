// HAR validation and the proxy judge a request with the same checks: the same exchanges, fed to both, get the same
// request verdicts (checks, pointers, expected and actual values), good requests and broken ones alike.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CREDENTIALS } from "@pgi/mock";
import { afterAll, describe, expect, it } from "vitest";
import { HOSTS } from "../../src/config/configuration.js";
import { validateHar } from "../../src/har/validate-har.js";
import type { Finding } from "../../src/model/finding.js";
import type { Target } from "../../src/model/target.js";
import { judgeRequest } from "../../src/proxy/judge.js";
import { type BuiltRequest, buildRequest } from "../../src/requests/build-request.js";
import { requestBody } from "../../src/spec/request-body.js";
import { loadSpecSet, type Operation } from "../../src/spec/spec-set.js";

const specs = loadSpecSet();
const target: Target = {
  name: "recorded",
  urls: Object.fromEntries(HOSTS.map((h, i) => [h, `http://127.0.0.1:${5010 + i}`])),
  credentials: { ...DEFAULT_CREDENTIALS },
  isMock: false,
};

/** Every documented request example, as built, and mutations of it that break one request rule each. */
function requests(): { label: string; op: Operation; req: BuiltRequest }[] {
  const out: { label: string; op: Operation; req: BuiltRequest }[] = [];
  for (const op of specs.operations) {
    const examples = requestBody(specs, op)?.examples ?? [["documented parameters", undefined] as const];
    for (const [name, body] of examples) {
      const req = buildRequest(specs, op, target, body ? { body: body as Record<string, unknown> } : {});
      out.push({ label: `${op.operationId} ${name}`, op, req });
      out.push({ label: `${op.operationId} ${name} without headers`, op, req: { ...req, headers: {} } });
      if (req.body !== undefined) {
        const wrongHash = req.body.replace(/(hash|checksum)=[0-9a-f]+/, "$1=" + "0".repeat(128));
        out.push({ label: `${op.operationId} ${name} wrong digest`, op, req: { ...req, body: wrongHash } });
        out.push({
          label: `${op.operationId} ${name} cut body`,
          op,
          req: { ...req, body: req.body.slice(0, 20) },
        });
      }
    }
  }
  return out;
}

const verdict = (findings: Finding[]) =>
  findings
    .filter((f) => f.check === "request_valid" || f.check === "request_signature")
    .map((f) => ({ check: f.check, ok: f.ok, pointer: f.pointer, expected: f.expected, actual: f.actual }));

describe("validate FILE.har and the proxy: one set of request checks", () => {
  const dir = mkdtempSync(join(tmpdir(), "pgi-same-verdicts-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cases = requests();

  it("gives every request the same verdict", async () => {
    const entries = cases.map(({ req }) => ({
      request: {
        method: req.method,
        url: req.url,
        headers: Object.entries(req.headers).map(([name, value]) => ({ name, value })),
        ...(req.body !== undefined ? { postData: { text: req.body } } : {}),
      },
      response: { status: 200, headers: [], content: { mimeType: "application/json", text: "{}" } },
    }));
    const file = join(dir, "requests.har");
    writeFileSync(file, JSON.stringify({ log: { version: "1.2", entries } }));
    const har = await validateHar(specs, file, target);
    expect(har.results).toHaveLength(cases.length);
    let broken = 0;
    cases.forEach(({ label, op, req }, i) => {
      const bytes = Buffer.from(req.body ?? "");
      const proxied = judgeRequest({ specs, credentials: target.credentials }, op, {
        method: req.method,
        url: req.url,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: { bytes, size: bytes.length, complete: true },
      });
      const recorded = verdict(har.results[i]?.findings ?? []);
      expect(recorded, label).toEqual(verdict(proxied));
      if (recorded.some((f) => !f.ok)) broken++;
    });
    // The mutations must really break something, or the comparison would only ever compare passes.
    expect(broken).toBeGreaterThan(cases.length / 2);
  });
});
