// Starting a shared sandbox: one clear line (password masked) and exit 2 when Redis cannot be reached or the options
// do not fit; --workers N serves every port from N processes, restarts one that dies, and stops cleanly.
import { execFile, execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, healthy, type MockInstance, startInstance, until } from "./mock-instance.js";
import { startReceiver } from "./receiver.js";
import { freePort, TestRedis } from "./redis-server.js";

const BIN = fileURLToPath(new URL("../../bin/pgi-mock.js", import.meta.url));
let redis: TestRedis;
beforeAll(async () => {
  redis = await TestRedis.start();
}, 60_000);
afterAll(async () => {
  await redis?.destroy();
});

/** Runs the CLI to its end (bounded to 30 s): exit code and both outputs. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [BIN, "--port-base", String(await freePort()), ...args],
      {
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
        timeout: 30_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const children = (pid: number) =>
  execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);

describe("start-up", () => {
  it("Redis unreachable: one line naming the URL with its password masked, exit 2", async () => {
    const port = await freePort();
    const r = await run(["--redis", `redis://:hunter2-secret@127.0.0.1:${port}/1`]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toEqual([
      `pgi-mock: the shared sandbox's Redis at redis://:****@127.0.0.1:${port}/1 is unavailable (cannot connect: connect ECONNREFUSED 127.0.0.1:${port})`,
    ]);
    expect(r.stderr + r.stdout).not.toContain("hunter2");
  });

  it.each([
    [
      ["--workers", "2"],
      /^pgi-mock: --workers: 2 workers need --redis URL .*each worker would keep its own state \(see --help\)$/m,
    ],
    [["--namespace", "x"], /^pgi-mock: --namespace: only applies with --redis URL/m],
    [["--redis", "mysql://db"], /^pgi-mock: --redis: mysql:\/\/db: use redis:\/\/HOST:PORT\[\/DB\]/m],
    [
      ["--redis", "redis://127.0.0.1:1", "--namespace", "a/b"],
      /^pgi-mock: --namespace: "a\/b" is not a namespace name/m,
    ],
    [
      ["--redis", "redis://127.0.0.1:1", "--idle-expiry", "soon"],
      /^pgi-mock: --idle-expiry: soon is not a duration/m,
    ],
    [
      ["--redis", "redis://127.0.0.1:1", "--workers", "0"],
      /^pgi-mock: --workers: an integer from 1 to 64, got 0/m,
    ],
  ])("%j is a usage error naming the option (exit 2)", async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe("--workers", () => {
  let m: MockInstance | undefined;
  afterAll(async () => {
    await m?.kill();
  });

  it("two workers serve every port; a killed worker is replaced; the delivery's retry is made once; SIGTERM stops all", async () => {
    m = await startInstance({
      redis: redis.url,
      namespace: "workers",
      timeFactor: 0.1,
      extraArgs: ["--workers", "2"],
    });
    const primary = m.child.pid as number;
    expect(await until(() => children(primary).length === 2, 10_000)).toBe(true);
    const [first] = children(primary);
    process.kill(first as number, "SIGKILL");
    expect(
      await until(
        () => children(primary).length === 2 && !children(primary).includes(first as number),
        15_000,
      ),
    ).toBe(true);
    expect(await until(() => healthy((m as MockInstance).urls), 10_000)).toBe(true);
    expect(m.err()).toMatch(new RegExp(`worker ${first} exited \\(SIGKILL\\); starting another`));

    const rx = await startReceiver(() => [500]);
    try {
      await call(`${m.urls.partner}/api/v1/partners/register_webhook`, {
        headers: {
          authorization: "Bearer pgi-test-partner-token",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          webhook_url: rx.url,
          reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
        }).toString(),
      });
      await call(`${m.urls.partner}/__mock/merchants/m-workers/status`, {
        body: { event_name: "E", current_status: "Approved" },
      });
      type Listed = { deliveries: { state: string }[] };
      const state = async () =>
        ((await call(`${(m as MockInstance).urls.partner}/__mock/deliveries`)).body as Listed).deliveries[0]
          ?.state;
      expect(await until(async () => (await state()) === "delivered", 20_000)).toBe(true);
      expect(rx.got.map((g) => g.status)).toEqual([500, 200]);
    } finally {
      await rx.close();
    }
    const workers = children(primary);
    expect(await m.stop()).toBe(0);
    expect(workers.every((pid) => !isAlive(pid))).toBe(true);
  }, 90_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
