// 20,000 OTP sends and 5,000 links, then the clock past their lifetimes and retention: state and RSS back near empty.
// The RSS is the mock's own: it runs alone in a child process (with --expose-gc), so the test runner's heap,
// vitest's bookkeeping and the load generator's sockets do not count.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STATE_LIMITS } from "../../src/core/bounded-store.js";
import type { HostName } from "../../src/types.js";
import { call, START } from "../helpers.js";

const CHILD = fileURLToPath(new URL("./mock-process.mjs", import.meta.url));
let child: ChildProcess;
let urls: Record<HostName, string>;

/** The child's next message of `type`. */
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

beforeAll(async () => {
  child = fork(CHILD, [], {
    // The young generation starts at the size V8 grows it to under this load anyway (measured on Node 20:
    // new_space 16 -> 32 MB, old space unchanged), so the growth measured is what the mock keeps, not V8's
    // sizing of a nursery that forced collections never shrink. The final RSS is the same either way.
    execArgv: ["--expose-gc", "--min-semi-space-size=32"],
    env: { PATH: process.env.PATH ?? "", PGI_MOCK_START: String(START) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  ({ urls } = await next<{ urls: Record<HostName, string> }>("ready"));
});
afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
});

/** The mock process's RSS and heap in MB, after forced collections in that process. */
const memoryMb = async () => {
  const reply = next<{ rss: number; heapUsed: number }>("rss");
  child.send({ type: "rss" });
  const { rss, heapUsed } = await reply;
  return { rss: rss / 1024 / 1024, heap: heapUsed / 1024 / 1024 };
};

async function sendOtps(n: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const res = await fetch(`${urls.otp}/otp/send`, {
        method: "POST",
        headers: { "content-type": "application/json", clienttype: "WEB" },
        body: JSON.stringify({ mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`otp send answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

let linkSeq = 0;
async function createLinks(n: number): Promise<void> {
  const expiryDate = new Date(START + 86_400_000).toISOString();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const res = await fetch(`${urls.payout}/payout/v2/smartSend/link`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: "Bearer pgi-test-payout-token",
          pid: "1111312",
        },
        body: JSON.stringify({
          amount: "1",
          merchantRefId: `MEM${++linkSeq}`,
          custName: "DIVIK",
          custMobile: "9868888568",
          description: "memory",
          expiryDate,
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`create link answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Past a day (the links' expiry) plus the retention: every record has lived its life. */
const pastEverything = async () => {
  const seconds = (86_400_000 + DEFAULT_STATE_LIMITS.retentionMs + 60_000) / 1000;
  const res = await call(`${urls.otp}/__mock/clock/advance`, { body: { seconds } });
  if (res.status !== 200) throw new Error(`clock advance answered ${res.status}`);
};

describe("bounded state", () => {
  it("20,000 OTP sends and 5,000 links leave state and RSS near their empty size", async () => {
    // Warm-up: Prism's, ajv's and the HTTP stack's caches fill once.
    await sendOtps(4_000);
    await createLinks(1_000);
    await pastEverything();
    const emptyState = (await call(`${urls.otp}/__mock/state`)).text.length;
    const before = await memoryMb();

    await sendOtps(20_000);
    await createLinks(5_000);
    const full = (await call(`${urls.otp}/__mock/state`)).json() as {
      otp: { counts: { requests: number; sentOtps: number } };
      payout: { counts: { links: number } };
    };
    expect(full.otp.counts.requests).toBe(DEFAULT_STATE_LIMITS.maxRecords);
    expect(full.otp.counts.sentOtps).toBeLessThanOrEqual(1_000);
    expect(full.payout.counts.links).toBe(5_000);

    await pastEverything();
    const after = await call(`${urls.otp}/__mock/state`);
    const state = after.json() as typeof full;
    expect(state.otp.counts).toEqual({ requests: 0, sentOtps: 0 });
    expect(state.payout.counts).toEqual({ links: 0 });
    expect(after.text.length).toBeLessThan(emptyState + 200);
    const after_ = await memoryMb();
    const growth = { rss: after_.rss - before.rss, heap: after_.heap - before.heap };
    console.log(
      `bounded state: the mock process grew ${growth.rss.toFixed(1)} MB RSS (${before.rss.toFixed(0)} -> ` +
        `${after_.rss.toFixed(0)} MB), ${growth.heap.toFixed(1)} MB heap, after 20,000 OTPs and 5,000 links`,
    );
    expect(growth.rss).toBeLessThan(20);
    // The live heap is the state itself: back to within a few MB of its start.
    expect(growth.heap).toBeLessThan(5);
  }, 600_000); // a bound for a loaded machine; about a minute alone
});
