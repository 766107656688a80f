import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PORTS } from "../start.js";
import { CliUsageError } from "./io.js";
import { mockStartOptions } from "./mock-options.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pgi-mock-options-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("mockStartOptions", () => {
  it("defaults: ports 4010-4016, time factor 1, no credentials", async () => {
    expect(await mockStartOptions({}, {})).toEqual({ ports: DEFAULT_PORTS, credentials: {}, timeFactor: 1 });
  });

  it("--port-base, then --port per host; PGI_MOCK_PORT_BASE when no --port-base", async () => {
    const a = await mockStartOptions(
      { "port-base": "5010", port: ["bbps=0"] },
      { PGI_MOCK_PORT_BASE: "6010" },
    );
    expect(a.ports).toEqual({
      otp: 5010,
      gateway: 5011,
      wallet: 5012,
      partner: 5013,
      accounts: 5014,
      payout: 5015,
      bbps: 0,
    });
    expect((await mockStartOptions({}, { PGI_MOCK_PORT_BASE: "6010" })).ports.payout).toBe(6015);
  });

  it("credentials from PGI_* variables, then from --credentials FILE", async () => {
    const file = join(dir, "creds.json");
    await writeFile(file, JSON.stringify({ PGI_SALT: "from-file", PGI_BBPS_TOKEN: "" }));
    const start = await mockStartOptions(
      { credentials: file, "time-factor": "0.01", hostname: "0.0.0.0" },
      { PGI_SALT: "from-env", PGI_PAYOUT_TOKEN: "payout-from-env" },
    );
    expect(start).toMatchObject({
      credentials: { salt: "from-file", payoutToken: "payout-from-env" },
      timeFactor: 0.01,
      hostname: "0.0.0.0",
    });
    expect(start.credentials).not.toHaveProperty("bbpsToken");
  });

  it.each([
    [{ "port-base": "0" }, {}, "--port-base 0: an integer 1-65529 (hosts take N..N+6)"],
    [{ "port-base": "65530" }, {}, "--port-base 65530: an integer 1-65529 (hosts take N..N+6)"],
    [{ "port-base": "4010.5" }, {}, "--port-base 4010.5: an integer 1-65529 (hosts take N..N+6)"],
    [{}, { PGI_MOCK_PORT_BASE: "abc" }, "PGI_MOCK_PORT_BASE abc: an integer 1-65529 (hosts take N..N+6)"],
    [
      { port: ["ledger=1"] },
      {},
      "--port ledger=1: HOST=N with HOST one of otp, gateway, wallet, partner, accounts, payout, bbps, N 0-65535",
    ],
    [
      { port: ["otp"] },
      {},
      "--port otp: HOST=N with HOST one of otp, gateway, wallet, partner, accounts, payout, bbps, N 0-65535",
    ],
    [{ port: ["otp=70000"] }, {}, "--port otp=70000: N must be an integer 0-65535"],
    [{ port: ["otp="] }, {}, "--port otp=: N must be an integer 0-65535"],
    [{ "time-factor": "-1" }, {}, "--time-factor -1: a number >= 0, e.g. 0.01"],
    [{ "time-factor": "fast" }, {}, "--time-factor fast: a number >= 0, e.g. 0.01"],
    [{ hostname: " " }, {}, "--hostname: an interface to listen on, e.g. 127.0.0.1 or 0.0.0.0"],
  ])("%j %j: %s", async (values, env, message) => {
    await expect(mockStartOptions(values, env)).rejects.toThrow(new CliUsageError(message));
  });

  it("a credentials file that is unreadable, not JSON or not an object: named, its text never quoted", async () => {
    const bad = join(dir, "bad.json");
    await writeFile(bad, '{"PGI_SALT": "real-secret-9q" oops');
    const list = join(dir, "list.json");
    await writeFile(list, '["real-secret-9q"]');
    for (const [file, why] of [
      [join(dir, "missing.json"), "cannot read (ENOENT)"],
      [bad, "not valid JSON"],
      [list, "not a JSON object"],
    ] as const) {
      const error = await mockStartOptions({ credentials: file }, {}).catch((e: Error) => e);
      expect(error).toBeInstanceOf(CliUsageError);
      expect((error as Error).message).toBe(
        `--credentials ${file}: ${why}; a JSON object keyed by PGI_* name`,
      );
    }
  });
});
