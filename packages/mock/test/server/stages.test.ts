// The request path's stages on their own: prepared bundles, the routing table, and what a behaviour is handed.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSpecDir, loadSpecs } from "../../src/core/spec-index.js";
import { buildRouteTable } from "../../src/server/route-table.js";
import { HOST_NAMES, type RunningMock } from "../../src/types.js";
import { call, startTestMock } from "../helpers.js";

const require = createRequire(import.meta.url);
const { getHttpOperationsFromSpec } = require("@stoplight/prism-http");

describe("prepared bundles (dist/specs/<host>.json)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "pgi-mock-specs-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("load to the same operations as the YAML, and a JSON that does not match its YAML is ignored", async () => {
    const { parse } = await import("yaml");
    for (const host of HOST_NAMES) {
      const text = await readFile(join(defaultSpecDir(), `${host}.yaml`), "utf8");
      await writeFile(join(dir, `${host}.yaml`), text);
      const doc = parse(text);
      const prismOperations = await getHttpOperationsFromSpec(structuredClone(doc));
      const sha256 = createHash("sha256").update(text).digest("hex");
      // otp's prepared file names another YAML: it must be ignored, not trusted.
      const stale = host === "otp" ? { sha256: "0".repeat(64), doc: {}, prismOperations: [] } : undefined;
      await writeFile(join(dir, `${host}.json`), JSON.stringify(stale ?? { sha256, doc, prismOperations }));
    }
    const fromYaml = await loadSpecs();
    const prepared = await loadSpecs(dir);
    for (const host of HOST_NAMES) {
      const a = fromYaml.get(host);
      const b = prepared.get(host);
      expect(b?.operations.map((o) => o.operationId)).toEqual(a?.operations.map((o) => o.operationId));
      expect(JSON.parse(JSON.stringify(b?.prismOperations))).toEqual(
        JSON.parse(JSON.stringify(a?.prismOperations)),
      );
      expect(b?.doc).toEqual(a?.doc);
    }
  });
});

describe("routing table", () => {
  it("routes static and templated paths, answers 405 with allow and 404 with the host's operations", async () => {
    const specs = await loadSpecs();
    const payout = buildRouteTable(specs.get("payout") as never);
    const found = payout("PUT", "/payout/v2/smartSend/expiry/LINK%201");
    expect(found.kind === "found" && [found.op.operationId, found.params]).toEqual([
      "extendSmartSendExpiry",
      { id: "LINK 1" },
    ]);
    const otp = buildRouteTable(specs.get("otp") as never);
    const wrong = otp("GET", "/otp/send");
    expect(wrong.kind === "unrouted" && [wrong.answer.status, wrong.answer.headers?.allow]).toEqual([
      405,
      "POST",
    ]);
    const unknown = otp("GET", "/nope");
    expect(unknown.kind === "unrouted" && unknown.answer.status).toBe(404);
  });
});

describe("what a behaviour is handed", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startTestMock();
  });
  afterAll(() => mock.close());

  it("query names in another case are not the documented parameters: a 400 naming them, never a 500", async () => {
    const res = await call(
      `${mock.urls.payout}/payout/merchant/smartSend/details?MERCHANTREFID=REF1&PAYOUTMERCHANTID=1111312`,
      { headers: { authorization: "Bearer pgi-test-payout-token" } },
    );
    expect(res.status).toBe(400);
    const fields = (JSON.parse(res.headers.get("x-pgi-mock-violations") ?? "[]") as { field: string }[]).map(
      (v) => v.field,
    );
    expect(fields).toEqual(["query.payoutMerchantId", "query.merchantRefId"]);
  });
});
