// Attack: a real upstream answers about 1 MB of gzip that inflates to 1 GiB. The proxy (its own process) forwards it
// unchanged, reports it as not checked, its memory stays bounded, and ordinary requests keep being answered.
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildProxy, childProxy } from "./attack-helpers.js";
import { fakeUpstream, json } from "./helpers.js";

/**
 * Gzip members of 1 MiB of zeros each (gunzip reads every member), as many as fit under the capture limit: 1 MB on
 * the wire, about 1 GiB inflated.
 */
const member = gzipSync(Buffer.alloc(1024 * 1024));
const BOMB = Buffer.concat(Array.from({ length: Math.floor(1_048_000 / member.length) }, () => member));
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
let proxy: ChildProxy;
const report = join(tmpdir(), `pgi-proxy-bomb-${process.pid}.json`);

beforeAll(async () => {
  upstream = await fakeUpstream((req, _body, res) => {
    if (req.url === "/AuthorizeTransaction.php") {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(BOMB);
    } else json(res, 200, { ok: true });
  });
  proxy = await childProxy({ PGI_GATEWAY_URL: upstream.url }, ["--reporter", "json", "--out", report]);
}, 60_000);
afterAll(async () => {
  await proxy?.stop();
  await upstream.close();
  await rm(report, { force: true });
});

/** A POST through the proxy; resolves with the status, the raw answer bytes, their content-coding and the time. */
function post(path: string): Promise<{ status: number; body: Buffer; encoding?: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(`${proxy.urls.gateway}${path}`, { method: "POST", agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          ...(res.headers["content-encoding"] ? { encoding: res.headers["content-encoding"] } : {}),
          ms: performance.now() - t0,
        }),
      );
    });
    req.setTimeout(60_000, () => req.destroy(new Error("no answer within 60 s")));
    req.on("error", reject);
    req.end("key=Jx7Kq2");
  });
}

describe("an inflate bomb from the upstream", () => {
  it("is forwarded unchanged and reported as not checked; memory stays bounded; others are answered", async () => {
    // Both operations' validators compiled before anything is timed; the first bomb is not timed either.
    await post("/_payment");
    await post("/AuthorizeTransaction.php");
    const before = proxy.memory();
    const bombs = Promise.all([post("/AuthorizeTransaction.php"), post("/AuthorizeTransaction.php")]);
    let settled = false;
    void bombs.finally(() => {
      settled = true;
    });
    const latencies: number[] = [];
    const end = Date.now() + 60_000;
    while ((!settled || latencies.length < 20) && Date.now() < end) {
      const r = await post("/_payment");
      expect(r.status).toBe(200);
      latencies.push(r.ms);
    }
    const answers = await bombs;
    const after = proxy.memory();
    console.log(`ordinary requests during the bombs, ms: ${latencies.map((l) => l.toFixed(0)).join(" ")}`);
    latencies.sort((a, b) => a - b);
    console.log(
      `inflate bomb: proxy RSS ${before.rssMiB.toFixed(0)} MiB before, peak ${after.peakMiB.toFixed(0)} MiB, ${after.rssMiB.toFixed(0)} MiB after; ${latencies.length} ordinary requests meanwhile, p50 ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.encoding).toBe("gzip");
      expect(a.body.length).toBe(BOMB.length);
      expect(sha(a.body)).toBe(sha(BOMB));
    }
    // Generous bounds: the inflated answer alone is 1024 MiB.
    expect(after.peakMiB - before.rssMiB).toBeLessThan(256);
    expect(after.rssMiB).toBeLessThan(before.rssMiB + 256);
    expect(await proxy.stop()).toBe(1); // the requests themselves are incomplete: they fail their request checks
    const run = JSON.parse(await readFile(report, "utf8")) as {
      results: {
        operation: string;
        findings: { check: string; ok: boolean; warning?: boolean; message?: string }[];
      }[];
    };
    const checked = run.results.filter((r) => r.operation === "authorizeMandateTransaction");
    expect(checked).toHaveLength(3);
    for (const r of checked) {
      expect(r.findings.filter((f) => !f.ok && !f.warning && f.check.startsWith("response"))).toEqual([]);
      expect(r.findings.find((f) => f.warning)?.message).toMatch(
        /inflates past the capture limit of 1048576 bytes and was forwarded unchecked/,
      );
    }
  }, 120_000);
});
