// Attack: a long session with --har and --reporter json, the proxy in its own process: its memory stays flat over
// hundreds of exchanges with 512 KiB answers, and the HAR and the report still hold every exchange.
import { readFile, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildProxy, childProxy } from "./attack-helpers.js";
import { fakeUpstream, json } from "./helpers.js";

const WARM = 60;
const MEASURED = 240;
const ANSWER = JSON.stringify({ pad: "x".repeat(512 * 1024) });

let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
let proxy: ChildProxy;
const har = join(tmpdir(), `pgi-proxy-memory-${process.pid}.har`);
const report = join(tmpdir(), `pgi-proxy-memory-${process.pid}.json`);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  upstream = await fakeUpstream((_req, _body, res) => json(res, 200, ANSWER));
  proxy = await childProxy({ PGI_GATEWAY_URL: upstream.url }, [
    "--har",
    har,
    "--reporter",
    "json",
    "--out",
    report,
  ]);
}, 60_000);
afterAll(async () => {
  agent.destroy();
  await proxy?.stop();
  await upstream.close();
  await rm(har, { force: true });
  await rm(report, { force: true });
});

function post(i: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${proxy.urls.gateway}/bulk/${i}`, { method: "POST", agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
    req.on("error", reject);
    req.end(`n=${i}&pad=${"y".repeat(1024)}`);
  });
}

/** Waits until the proxy printed `n` exchange lines (bounded), so every exchange was recorded. */
async function printed(n: number) {
  const end = Date.now() + 30_000;
  while ((proxy.out().match(/^(PASS|FAIL) /gm) ?? []).length < n && Date.now() < end)
    await new Promise((r) => setTimeout(r, 10));
}

describe("--har over many exchanges", () => {
  it("keeps the proxy's memory flat and writes every exchange", async () => {
    for (let i = 0; i < WARM; i++) expect(await post(i)).toBe(200);
    await printed(WARM);
    const warm = proxy.memory();
    for (let i = WARM; i < WARM + MEASURED; i++) expect(await post(i)).toBe(200);
    await printed(WARM + MEASURED);
    const after = proxy.memory();
    const perExchange = ((after.rssMiB - warm.rssMiB) * 1024) / MEASURED;
    console.log(
      `--har: proxy RSS ${warm.rssMiB.toFixed(0)} MiB after ${WARM} exchanges, ${after.rssMiB.toFixed(0)} MiB after ${WARM + MEASURED} (${perExchange.toFixed(1)} KiB per exchange; each answer 512 KiB)`,
    );
    // Holding the captured bodies would add 120 MiB here; a flat proxy stays well under 48 MiB of drift.
    expect(after.rssMiB - warm.rssMiB).toBeLessThan(48);
    expect(await proxy.stop()).toBe(1); // every exchange is to an undocumented path
    const written = JSON.parse(await readFile(har, "utf8")) as {
      log: {
        version: string;
        entries: { request: { url: string }; response: { content: { text: string } } }[];
      };
    };
    expect(written.log.version).toBe("1.2");
    expect(written.log.entries).toHaveLength(WARM + MEASURED);
    expect(written.log.entries.at(-1)?.request.url).toMatch(new RegExp(`/bulk/${WARM + MEASURED - 1}$`));
    expect(written.log.entries[0]?.response.content.text).toBe(ANSWER);
    const run = JSON.parse(await readFile(report, "utf8")) as { results: unknown[]; failed: number };
    expect(run.results).toHaveLength(WARM + MEASURED);
    expect(run.failed).toBe(WARM + MEASURED);
  }, 180_000);
});

describe("without --har or --reporter, over many exchanges", () => {
  it("keeps the proxy's heap flat (it keeps counts, not exchanges)", async () => {
    const signed = await fakeUpstream((_req, _body, res) => json(res, 200, { status: 1, msg: "ok" }));
    const measured = await childProxy({ PGI_GATEWAY_URL: signed.url, PGI_SALT: "a-salt" }, [], {
      measured: true,
    });
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const body = `key=Jx7Kq2&txnid=T1&amount=1.00&productinfo=p&firstname=A&email=a%40b.in&hash=${"0".repeat(128)}`;
    const send = () =>
      new Promise<void>((resolve, reject) => {
        const req = request(
          `${measured.urls.gateway}/AuthorizeTransaction.php`,
          {
            method: "POST",
            agent: keepAlive,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve());
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    try {
      const N = 4000;
      for (let i = 0; i < 300; i++) await send();
      const before = await measured.heap();
      for (let i = 0; i < N; i++) await send();
      const end = Date.now() + 30_000;
      while ((measured.out().match(/^FAIL /gm) ?? []).length < 300 + N && Date.now() < end)
        await new Promise((r) => setTimeout(r, 10));
      const after = await measured.heap();
      console.log(
        `no --har: proxy heap ${before.toFixed(1)} MiB after 300 exchanges, ${after.toFixed(1)} MiB after ${300 + N} (${(((after - before) * 1024 * 1024) / N).toFixed(0)} bytes per exchange)`,
      );
      // Keeping each exchange's verdict would add about 3 KiB per exchange here (12 MiB).
      expect(after - before).toBeLessThan(4);
      expect(await measured.stop()).toBe(1);
      expect(measured.out().trimEnd().split("\n").at(-1)).toBe(`0 passed, ${300 + N} failed`);
    } finally {
      keepAlive.destroy();
      await measured.stop();
      await signed.close();
    }
  }, 180_000);
});
