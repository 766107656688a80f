// Issue 23, as an attack: 50,000 merchant status changes to a receiver that fails every attempt, retries pending in
// real time. Pending deliveries stay at stateLimits.maxPendingDeliveries, every call beyond is refused with 429 (no
// status changed, nothing dropped), and the mock process's RSS stays bounded. The mock runs alone in a child process.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STATE_LIMITS } from "../../src/core/bounded-store.js";
import type { HostName } from "../../src/types.js";
import { type Receiver, startReceiver } from "../shared-sandbox/receiver.js";

const CHILD = fileURLToPath(new URL("./mock-process.mjs", import.meta.url));
const CHANGES = 50_000;
const CONCURRENCY = 16;
let child: ChildProcess;
let urls: Record<HostName, string>;
let rx: Receiver;

function next<T>(type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type?: string }) => {
      if (m?.type !== type) return;
      child.off("exit", onExit);
      child.off("message", onMessage);
      resolve(m as T);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the mock process exited (${code}) before "${type}"`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

const rssMb = async () => {
  const reply = next<{ rss: number }>("rss");
  child.send({ type: "rss" });
  return (await reply).rss / 1024 / 1024;
};

beforeAll(async () => {
  // Every attempt fails: the receiver answers 500, so each delivery stays pending for its whole retry schedule.
  rx = await startReceiver(() => Array.from({ length: 10 }, () => 500));
  child = fork(CHILD, [], {
    execArgv: ["--expose-gc"],
    // Real time: the retries of an accepted delivery wait 3, 9, 27, ... s, far longer than the attack.
    env: { PATH: process.env.PATH ?? "", PGI_MOCK_TIME_FACTOR: "1" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  ({ urls } = await next<{ urls: Record<HostName, string> }>("ready"));
}, 60_000);
afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await rx?.close();
});

describe("50,000 failing webhook deliveries (issue 23)", () => {
  it("pending deliveries and RSS stay bounded; the calls beyond the bound get a clear 429", async () => {
    const reg = await fetch(`${urls.partner}/api/v1/partners/register_webhook`, {
      method: "POST",
      headers: {
        authorization: "Bearer pgi-test-partner-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        webhook_url: rx.url,
        reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
      }),
    });
    expect(reg.status).toBe(200);
    const before = await rssMb();
    const counts = new Map<number, number>();
    const details = new Set<string>();
    let sent = 0;
    let maxPending = 0;
    let maxRss = before;
    const started = Date.now();
    const pendingNow = async () => {
      const state = (await (await fetch(`${urls.partner}/__mock/state`)).json()) as {
        partner: { counts: { pendingDeliveries: number } };
      };
      return state.partner.counts.pendingDeliveries;
    };
    const worker = async () => {
      while (sent < CHANGES) {
        const i = sent++;
        const res = await fetch(`${urls.partner}/__mock/merchants/attack-${i}/status`, {
          method: "POST",
          body: JSON.stringify({ event_name: "Bank verification status update", current_status: "Approved" }),
        });
        const body = (await res.json()) as { detail?: string };
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        if (res.status === 429 && body.detail) details.add(body.detail);
        if (i % 5_000 === 4_999) {
          maxPending = Math.max(maxPending, await pendingNow());
          maxRss = Math.max(maxRss, await rssMb());
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    maxPending = Math.max(maxPending, await pendingNow());
    const after = await rssMb();
    maxRss = Math.max(maxRss, after);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `webhook attack: ${CHANGES} status changes in ${seconds.toFixed(1)} s: ${JSON.stringify(Object.fromEntries(counts))}; ` +
        `pending at most ${maxPending}; ${rx.got.length} attempts received; RSS ${before.toFixed(0)} -> ` +
        `${after.toFixed(0)} MB (peak ${maxRss.toFixed(0)} MB)`,
    );
    const max = DEFAULT_STATE_LIMITS.maxPendingDeliveries;
    expect(maxPending).toBeLessThanOrEqual(max);
    expect((counts.get(202) ?? 0) + (counts.get(429) ?? 0)).toBe(CHANGES);
    expect(counts.get(202)).toBeLessThanOrEqual(max + rx.got.length);
    expect(counts.get(429)).toBeGreaterThan(CHANGES - 2 * max);
    expect([...details]).toEqual([
      `${max} webhook deliveries are pending (stateLimits.maxPendingDeliveries); no status was changed and no webhook started. Wait until some are delivered or failed (GET /__mock/deliveries), or POST /__mock/reset`,
    ]);
    // 1,000 pending deliveries with their jobs: tens of MB at most (issue 23 measured 1 GB for 50,000).
    expect(maxRss - before).toBeLessThan(100);
  }, 240_000);
});
