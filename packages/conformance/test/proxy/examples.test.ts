import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RunningMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli.js";
import { runProxyCommand } from "../../src/commands/proxy.js";
import { HOSTS } from "../../src/config/configuration.js";
import { getSpecs, secretValues, startSecretMock } from "./helpers.js";

const EXAMPLES = fileURLToPath(new URL("../../../../examples/", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));

/** Each example with what it prints when it worked (as in examples/test). */
const RUNS: [string, RegExp][] = [
  ["otp", /verify: OTP verified successfully; token: Token validated successfully/],
  ["mandate", /mandate registered: true \(mihpayid \d{18}\)/],
  ["upi-mandate", /UPI intent: pending/],
  ["wallet", /wallet: SUCCESS 0 token issued/],
  ["partner", /webhook: Webhook registered successfully; agreement: Generated; sign-in scopes: user_profile/],
  ["payout", /: ACTIVE; cancel: Smart send link cancelled/],
  ["bbps", /complaint: CAPTURED/],
];

let mock: RunningMock;
let env: Record<string, string>;
const out: string[] = [];
const err: string[] = [];
let stop: () => void;
let exit: Promise<number>;
let dir: string;

beforeAll(async () => {
  ({ mock } = await startSecretMock());
  env = mock.env;
  dir = await mkdtemp(join(tmpdir(), "pgi-proxy-"));
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  exit = runProxyCommand(
    [
      "--target",
      "env",
      "--port-base",
      "0",
      "--har",
      join(dir, "session.har"),
      "--reporter",
      "json",
      "--out",
      join(dir, "report.json"),
    ],
    { out: (l) => out.push(l), err: (l) => err.push(l), env, stop: stopped },
    getSpecs(),
  );
  const until = Date.now() + 90_000; // a bound for a loaded machine; ready in about a second alone
  while (!out.some((l) => l.includes("ready")) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 10));
});
afterAll(async () => {
  stop(); // the proxy stops here if a test failed before stopping it
  await exit;
  await mock.close();
});

/** The proxy's URL per configuration name, read from what it printed. */
const proxyUrls = () =>
  Object.fromEntries(
    HOSTS.map((h) => {
      const line = out.find((l) => l.trimStart().startsWith(`${h} `)) ?? "";
      return [`PGI_${h.toUpperCase()}_URL`, line.trim().split(/\s+/)[1] ?? ""];
    }),
  );

describe("the examples run unchanged through the proxy in front of the mock", () => {
  it("prints ready, forwards every example's traffic, and its summary lists every exchange", async () => {
    expect(out.some((l) => l.includes("ready"))).toBe(true);
    const urls = proxyUrls();
    for (const [name, expected] of RUNS) {
      const { stdout } = await promisify(execFile)(TSX, [join(EXAMPLES, `${name}.ts`)], {
        // The mock serves masked values for non-default secrets, so the examples get them from the environment.
        env: { PATH: process.env.PATH ?? "", ...env, ...urls, PGI_EXAMPLES_USE_MOCK: "1" },
        timeout: 60_000,
      });
      expect(stdout, name).toMatch(expected);
    }
    stop();
    expect(await exit).toBe(0);
    const lines = out.filter((l) => /^(PASS|FAIL) /.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(14);
    expect(lines.filter((l) => l.startsWith("FAIL"))).toEqual([]);
    for (const l of lines)
      expect(l).toMatch(/^PASS (otp|gateway|wallet|partner|accounts|payout|bbps) \w+ \d{3} \d+\.\dms$/);
    expect(out.at(-1)).toBe(`${lines.length} passed, 0 failed`);
    const summary = out.slice(out.findIndex((l) => l.startsWith("Contract proxy in front of")));
    for (const op of [
      "sendOtp",
      "verifyOtp",
      "validateToken",
      "authorizeMandateTransaction",
      "initiateHostedCheckoutPayment",
      "generateWalletToken",
      "registerWebhook",
      "generateMergedDocumentForEsign",
      "verifySignInOtp",
      "createSmartSendLink",
      "getSmartSendDetails",
      "extendSmartSendExpiry",
      "cancelSmartSendLink",
      "checkComplaintStatus",
    ])
      expect(summary.join("\n"), op).toContain(` ${op} `);
    const report = JSON.parse(await readFile(join(dir, "report.json"), "utf8"));
    expect(report.passed).toBe(lines.length);
    expect(report.results).toHaveLength(lines.length);
  }, 120_000);

  /** Runs `validate` on the HAR in this process with `values` as the environment. */
  const validate = async (values: Record<string, string>) => {
    for (const name of Object.keys(process.env)) if (name.startsWith("PGI_")) vi.stubEnv(name, undefined);
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    const printed: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...a) => void printed.push(a.join(" ")));
    try {
      return { code: await main(["validate", join(dir, "session.har")]), text: printed.join("\n") };
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
  };

  it("the HAR it wrote passes `validate` with the same credentials, and fails it with another salt", async () => {
    const har = JSON.parse(await readFile(join(dir, "session.har"), "utf8"));
    expect(har.log.version).toBe("1.2");
    const entries = har.log.entries.length;
    const same = await validate(env);
    expect(same.code).toBe(0);
    expect(same.text).toMatch(new RegExp(`${entries} passed, 0 failed, 0 skipped$`));
    // The hashes were kept intact: with another salt the gateway's result.hash no longer verifies.
    const other = await validate({ ...env, PGI_SALT: "another-salt-entirely" });
    expect(other.code).toBe(1);
    expect(other.text).toMatch(/response_signature at \/result\/hash/);
  });

  it("no secret appears in what it printed, the HAR or the report", async () => {
    const written = [
      out.join("\n"),
      err.join("\n"),
      await readFile(join(dir, "session.har"), "utf8"),
      await readFile(join(dir, "report.json"), "utf8"),
    ].join("\n");
    expect(written).toContain("Bearer ****");
    for (const secret of secretValues()) expect(written).not.toContain(secret);
  });
});
