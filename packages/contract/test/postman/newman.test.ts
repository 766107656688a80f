// Every collection runs with newman against a fresh mock (started in-process on free ports): 0 failures, every
// request accepted by the mock as valid, answers' hashes verified; the receivers' collection against a local
// endpoint that verifies each signature with @pgi/signing. Wrong secrets make the same runs fail.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HOST_NAMES, type RequestLogEntry, startMock } from "@pgi/mock";
import { verify } from "@pgi/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections, environmentFor } from "./collections.js";
import { assertionLines, runNewman } from "./run-newman.js";

const { files } = collections();
const seen: RequestLogEntry[] = [];
let mock: Awaited<ReturnType<typeof startMock>>;

beforeAll(async () => {
  mock = await startMock({
    ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
    onRequest: (e) => seen.push(e),
  });
});
afterAll(async () => {
  await mock?.close();
});

describe("the collection against the mock", () => {
  it("runs with 0 failures; every call is valid for the mock; hashes and checksums verify", async () => {
    seen.length = 0;
    const summary = await runNewman(files.collection, environmentFor(files.environment, mock.urls));
    const lines = assertionLines(summary);
    console.log(
      `newman: ${summary.run.stats.requests.total} requests, ${summary.run.stats.assertions.total} assertions\n${lines.join("\n")}`,
    );
    expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    const calls = seen.filter((e) => e.verdict !== "control");
    const items = (files.collection.item as { item: unknown[] }[]).reduce((n, f) => n + f.item.length, 0);
    expect(calls).toHaveLength(items);
    expect(calls.filter((e) => e.verdict !== "valid").map((e) => `${e.host} ${e.path} ${e.verdict}`)).toEqual(
      [],
    );
    const verified = lines.filter((l) => / verifies with .*: passed$/.test(l));
    expect(verified.map((l) => l.split(" › ")[1])).toEqual(
      expect.arrayContaining([
        "answer result.hash verifies with payment-response: passed",
        "answer checksum verifies with wallet-response-checksum: passed",
      ]),
    );
    expect(verified.length).toBeGreaterThanOrEqual(3);
  });

  it("fails with a wrong salt: the mock refuses the hashes and the answers do not verify", async () => {
    const summary = await runNewman(
      files.collection,
      environmentFor(files.environment, mock.urls, { PGI_SALT: "not-the-salt" }),
      { folder: "Payment gateway" },
    );
    expect(summary.run.failures.length).toBeGreaterThan(0);
  });
});

describe("the receivers' collection against a verifying endpoint", () => {
  let server: Server;
  let url = "";
  const got: { kind: string; valid: boolean }[] = [];
  let webhookSecret = "";
  let salt = "";

  beforeAll(async () => {
    const env = files.environment as { values: { key: string; value: string }[] };
    webhookSecret = env.values.find((v) => v.key === "PGI_WEBHOOK_SECRET")!.value;
    salt = env.values.find((v) => v.key === "PGI_SALT")!.value;
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        let valid = false;
        let kind = "unknown";
        try {
          if (String(req.headers["content-type"]).includes("json")) {
            kind = "webhook";
            valid = verify("webhook-signature", body, String(req.headers.authorization), webhookSecret);
          } else {
            kind = "callback";
            const fields = Object.fromEntries(new URLSearchParams(body));
            valid = verify("payment-response", fields as never, String(fields.hash), salt);
          }
        } catch {
          valid = false;
        }
        got.push({ kind, valid });
        res.writeHead(valid ? 200 : 400).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pgi`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("every webhook and callback arrives signed as the gateway signs it (0 failures)", async () => {
    got.length = 0;
    const summary = await runNewman(files.receivers, files.environment, {
      envVar: [{ key: "receiverUrl", value: url }],
    });
    expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    expect(got.map((g) => g.kind).sort()).toEqual(["callback", "webhook"]);
    expect(got.every((g) => g.valid)).toBe(true);
  });

  it("a wrong webhook secret is refused by the endpoint and fails the run", async () => {
    got.length = 0;
    const env = environmentFor(files.environment, {}, { PGI_WEBHOOK_SECRET: "other" });
    const summary = await runNewman(files.receivers, env, { envVar: [{ key: "receiverUrl", value: url }] });
    expect(got.find((g) => g.kind === "webhook")?.valid).toBe(false);
    expect(summary.run.failures.length).toBeGreaterThan(0);
  });
});
