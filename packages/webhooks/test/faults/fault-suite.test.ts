// The fault suite: two receiver processes on one real Redis, 1,000 events each delivered to both at once plus a late
// duplicate, under SIGKILL, failed releases, a Redis kill and restart, a Redis freeze, aborted and slow bodies.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { webhookSignature } from "@pgi/signing";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, TestRedis } from "../redis/redis-server.js";
import { abortedUpload, type Chain, deliver, ReceiverProcess, slowUnsignedBody } from "./harness.js";

const SECRET = "fault-suite-secret";
const FACTOR = 1 / 20; // the 3/9/27/81/243 s schedule becomes 150/450/1350/4050/12150 ms
const dir = mkdtempSync(join(tmpdir(), "pgi-faults-"));
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let runs = 0;

/** Event `seq` signed as the sender sends it (mid carries the sequence number for the receivers' logs). */
function event(seq: number) {
  return webhookSignature.sign(
    {
      previous_status: "Pending",
      current_status: "Approved",
      change_timestamp: 1754978400 + seq,
      mid: seq,
      merchant_uuid: `11eb-de10-${runs}`,
      event_name: "Website status update",
      error: "NA",
      remarks: "NA",
    },
    SECRET,
  );
}

/** Starts Redis and two receivers (a and b) logging to one file each; all are stopped after the file's tests. */
async function cluster(aof: boolean, aEnv: Record<string, string> = {}) {
  runs++;
  const redis = await TestRedis.start({ aof });
  cleanup.push(() => redis.destroy());
  const log = (name: string) => join(dir, `run${runs}-${name}.log`);
  const env = (name: string) => ({
    NAME: name,
    LOG: log(name),
    SECRET,
    REDIS_URL: redis.url,
    PREFIX: `run${runs}:`,
    CLAIM_LEASE_MS: "5000",
    STORE_TIMEOUT_MS: "500",
    WORK_MS: "5",
  });
  const a = new ReceiverProcess(await freePort(), { ...env("a"), ...aEnv });
  const b = new ReceiverProcess(await freePort(), env("b"));
  cleanup.push(
    () => a.kill(),
    () => b.kill(),
  );
  await Promise.all([a.start(), b.start()]);
  /** How many times each event was processed, from both receivers' logs. */
  const processed = (events: number) => {
    const counts = new Array<number>(events).fill(0);
    for (const name of ["a", "b"]) {
      let text = "";
      try {
        text = readFileSync(log(name), "utf8");
      } catch {}
      for (const line of text.split("\n")) if (line) counts[Number(line.split(" ")[0])]! += 1;
    }
    return counts;
  };
  return { redis, a, b, processed };
}

/** A delivery chain of event `seq`. */
type Tagged = Chain & { seq: number };
const tag =
  (seq: number) =>
  (chain: Chain): Tagged => ({ ...chain, seq });

/**
 * Lost (never processed), doubled (processed more than once), unacknowledged (no chain of the event got a 200), and
 * the worst answer of all chains. A single chain may give up on an event another chain delivered: the two chains
 * sent at the same moment retry at the same moments, so their last attempts can meet (one gets 409 in_progress).
 */
function tally(counts: number[], chains: Tagged[]) {
  const acknowledged = new Set(chains.filter((c) => c.delivered).map((c) => c.seq));
  const attempts = chains.flatMap((c) => c.attempts);
  const statuses: Record<number, number> = {};
  for (const a of attempts) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    lost: counts.filter((c) => c === 0).length,
    doubled: counts.filter((c) => c > 1).length,
    worstMs: Math.round(Math.max(...attempts.filter((a) => a.status !== 0).map((a) => a.ms))),
    unacknowledged: counts.length - acknowledged.size,
    undelivered: chains.filter((c) => !c.delivered).length,
    /** The answers each undelivered chain got (first five), to tell what held it up. */
    gaveUp: chains
      .filter((c) => !c.delivered)
      .slice(0, 5)
      .map((c) => c.attempts.map((a) => `${a.status}@${Math.round(a.ms)}ms`).join(" ")),
    attempts: attempts.length,
    statuses,
  };
}

/** How many of each error the receivers' logger hooks reported ("callback_failed", "store_unavailable claim", ...). */
function reported(receivers: ReceiverProcess[]) {
  const counts: Record<string, number> = {};
  for (const line of receivers.flatMap((r) => r.lines)) {
    if (line.startsWith("error ")) counts[line.slice(6).trim()] = (counts[line.slice(6).trim()] ?? 0) + 1;
  }
  return counts;
}

describe("fault suite: two receiver processes, one real Redis", () => {
  it("1,000 events under SIGKILL, failed releases, Redis killed (AOF) and frozen, aborted and slow bodies: 0 lost, 0 doubled", async () => {
    const EVENTS = 1_000;
    const deadline = performance.now() + 160_000; // about 25 s alone; the bound is for a loaded machine
    const { redis, a, b, processed } = await cluster(true, { FAIL_EVERY: "50", KILL_AFTER: "300" });
    const ports = [a.port, b.port];
    const pick = (seq: number) => (k: number) => ports[(seq + k) % 2] as number;

    // Receiver a blocks inside a callback once no processed event is unrecorded; SIGKILL it there, restart it.
    let restarted: () => void = () => {};
    const killed = new Promise<void>((r) => (restarted = r));
    a.onLine = (line) => {
      if (line.startsWith("hang")) void a.kill().then(() => a.start({ KILL_AFTER: "-1" }).then(restarted));
    };
    const faults: Promise<unknown>[] = [
      sleep(1_800).then(async () => {
        redis.pause(); // unreachable for a second: every store call in flight times out
        await sleep(1_000);
        redis.resume();
      }),
      sleep(3_300).then(async () => {
        await redis.down(); // SIGKILL
        await redis.up(); // reloads its append-only file
      }),
      ...Array.from({ length: 40 }, (_, i) =>
        sleep(i * 100).then(() => abortedUpload(ports[i % 2] as number, event(i).digest)),
      ),
    ];
    // Slow unsigned bodies (2 s each; under and over the key limit) to b at once, and to a once it is back.
    const slow = Array.from({ length: 8 }, (_, i) =>
      (i % 2 ? sleep(500) : killed).then(() =>
        slowUnsignedBody(ports[i % 2] as number, i < 4 ? 900 : 5_000, 32, 60),
      ),
    );
    const chains: Promise<Tagged>[] = [];
    for (let seq = 0; seq < EVENTS; seq++) {
      const { body, digest } = event(seq);
      // Delivered to both receivers at the same moment, then once more later (a late duplicate).
      chains.push(deliver(body, digest, FACTOR, pick(seq), deadline).then(tag(seq)));
      chains.push(deliver(body, digest, FACTOR, pick(seq + 1), deadline).then(tag(seq)));
      chains.push(sleep(1_500).then(() => deliver(body, digest, FACTOR, pick(seq), deadline).then(tag(seq))));
      await sleep(4);
    }
    const done = await Promise.all(chains);
    const slowStatuses = await Promise.all(slow);
    await Promise.all(faults);
    await killed;
    const t = tally(processed(EVENTS), done);
    const kill = a.lines.find((l) => l.startsWith("hang")) ?? "";
    console.log(
      `fault suite (Redis AOF appendfsync always): events ${EVENTS}, lost ${t.lost}, processed twice ${t.doubled}, ` +
        `worst answer ${t.worstMs} ms; attempts ${t.attempts} ${JSON.stringify(t.statuses)}, unacknowledged events ${t.unacknowledged}, chains given up ` +
        `${t.undelivered} ${JSON.stringify(t.gaveUp)}; receiver killed mid-callback (${kill}), release failures ${a.count("release-failed")}, ` +
        `slow unsigned bodies ${JSON.stringify(slowStatuses)}; reported ${JSON.stringify(reported([a, b]))}`,
    );
    expect(kill).toMatch(/^hang [1-9]\d* 0$/); // killed inside a callback, with no processed event unrecorded
    expect(a.count("release-failed")).toBeGreaterThan(0);
    expect(slowStatuses.every((s) => s === 400 || s === 401)).toBe(true);
    expect(t.lost).toBe(0);
    expect(t.doubled).toBe(0);
    expect(t.unacknowledged).toBe(0);
    expect(t.worstMs).toBeLessThan(30_000);
  }, 240_000);
});

describe("fault suite: what Redis persistence decides", () => {
  it.each([
    ["AOF appendfsync always", true, 0],
    ["no persistence", false, 150],
  ])(
    "Redis killed and restarted with %s: late duplicates after it are processed again only without persistence",
    async (label, aof, wantDoubled) => {
      const EVENTS = 150;
      const { redis, a, b, processed } = await cluster(aof);
      const ports = [a.port, b.port];
      const pick = (seq: number) => (k: number) => ports[(seq + k) % 2] as number;
      const chains: Promise<Tagged>[] = [];
      for (let seq = 0; seq < EVENTS; seq++) {
        const { body, digest } = event(seq);
        chains.push(
          deliver(body, digest, FACTOR, pick(seq)).then(tag(seq)),
          deliver(body, digest, FACTOR, pick(seq + 1)).then(tag(seq)),
        );
      }
      const first = await Promise.all(chains);
      await redis.down(); // SIGKILL
      await redis.up();
      const late = await Promise.all(
        Array.from({ length: EVENTS }, (_, seq) =>
          deliver(event(seq).body, event(seq).digest, FACTOR, pick(seq)).then(tag(seq)),
        ),
      );
      const t = tally(processed(EVENTS), [...first, ...late]);
      console.log(
        `fault suite (Redis ${label}, killed and restarted between deliveries and late duplicates): events ${EVENTS}, ` +
          `lost ${t.lost}, processed twice ${t.doubled}, worst answer ${t.worstMs} ms`,
      );
      expect(t.lost).toBe(0);
      expect(t.unacknowledged).toBe(0);
      expect(late.every((c) => c.delivered)).toBe(true);
      // Without persistence the restart forgets every done marker: each late duplicate is processed again.
      expect(t.doubled).toBe(wantDoubled);
      expect(t.worstMs).toBeLessThan(30_000);
    },
    60_000,
  );
});
