// A green run must mean "this target works with these credentials": one wrong credential fails its host's operations.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { CREDENTIAL_ENV, DEFAULT_CREDENTIALS, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTS } from "../../src/config/configuration.js";
import { targetFromNames } from "../../src/config/targets.js";
import type { RunResult } from "../../src/model/results.js";
import type { Host, Target } from "../../src/model/target.js";
import { jsonReport } from "../../src/report/json.js";
import { junitReport } from "../../src/report/junit.js";
import { terminalReport } from "../../src/report/terminal.js";
import { loadSpecSet } from "../../src/spec/spec-set.js";
import { runSuite } from "../../src/suite/runner.js";

const specs = loadSpecSet();
let mock: Awaited<ReturnType<typeof startMock>>;
/** The mock's URLs and test credentials by configuration name, as `--target env` would read them. */
let names: Record<string, string>;

beforeAll(async () => {
  mock = await startMock({ ports: Object.fromEntries(HOSTS.map((h) => [h, 0])), timeFactor: 0.01 });
  names = { ...mock.env };
  for (const [field, name] of Object.entries(CREDENTIAL_ENV)) {
    names[name] = (DEFAULT_CREDENTIALS as Record<string, string>)[field] ?? "";
  }
});
afterAll(() => mock.close());

/** A wrong value with quotes and a dollar sign, so masking and quoting are both exercised. */
const WRONG = `wr'o"ng$x-1`;

const envTarget = (overrides: Record<string, string>): Target =>
  targetFromNames("the mock through --target env", { ...names, ...overrides });

const failedOps = (r: RunResult) =>
  new Set(r.results.filter((x) => x.findings.some((f) => !f.ok && !f.warning)).map((x) => x.operation));

/** Each credential of the issue, the host it belongs to, and operations that must fail with it wrong. */
const CASES: [string, Host, string[], string][] = [
  [
    "PGI_SALT",
    "gateway",
    ["authorizeMandateTransaction", "initiateHostedCheckoutPayment"],
    "signature_accepted",
  ],
  ["PGI_WALLET_SECRET", "wallet", ["generateWalletToken"], "signature_accepted"],
  [
    "PGI_PARTNER_TOKEN",
    "partner",
    ["registerWebhook", "generateMergedDocumentForEsign"],
    "credentials_accepted",
  ],
  ["PGI_ACCOUNTS_TOKEN", "accounts", ["verifySignInOtp"], "credentials_accepted"],
  [
    "PGI_PAYOUT_TOKEN",
    "payout",
    ["createSmartSendLink", "getSmartSendDetails", "extendSmartSendExpiry", "cancelSmartSendLink"],
    "credentials_accepted",
  ],
  ["PGI_BBPS_TOKEN", "bbps", ["checkComplaintStatus", "checkComplaintStatusPost"], "credentials_accepted"],
  ["PGI_OTP_AUTHORIZATION", "otp", ["validateToken"], "credentials_accepted"],
];

describe("the suite against the mock with one credential wrong", () => {
  it("passes with every credential right (the control)", async () => {
    const r = await runSuite(specs, envTarget({}), { retryWaitMs: 3_000 });
    expect([r.failed, r.skipped]).toEqual([0, 0]);
    expect(r.passed).toBeGreaterThan(100);
  });

  it.each(CASES)("%s wrong: %s's operations that use it fail and name it", async (name, host, ops, check) => {
    const r = await runSuite(specs, envTarget({ [name]: WRONG }), { hosts: [host], retryWaitMs: 3_000 });
    expect(r.failed).toBeGreaterThan(0);
    const failed = failedOps(r);
    for (const op of ops) expect(failed).toContain(op);
    const positives = r.results.filter(
      (x) => ops.includes(x.operation) && /^(example|documented)/.test(x.name),
    );
    expect(positives.length).toBeGreaterThan(0);
    for (const p of positives) {
      const bad = p.findings.filter((f) => !f.ok && !f.warning);
      expect(bad.map((f) => f.check)).toContain(check);
      expect(bad.map((f) => f.message ?? "").join(" ")).toContain(name);
    }
    for (const text of [terminalReport(r), jsonReport(r), junitReport(r)]) {
      expect(text).toContain(name);
      expect(text).not.toContain(WRONG);
      expect(text).not.toContain("wr'o");
    }
  });

  it("a signature refusal shows the pre-image with the salt masked", async () => {
    const r = await runSuite(specs, envTarget({ PGI_SALT: WRONG }), {
      hosts: ["gateway"],
      retryWaitMs: 3_000,
    });
    const finding = r.results
      .flatMap((x) => x.findings)
      .find((f) => f.check === "signature_accepted" && !f.ok);
    expect(finding?.message).toMatch(/pre-image .*\|<SALT>/);
  });

  it("a reproduce line copied from a failing run gets the same status when pasted into a shell", async () => {
    const r = await runSuite(specs, envTarget({ PGI_PAYOUT_TOKEN: WRONG, PGI_SALT: WRONG }), {
      hosts: ["payout", "gateway"],
      retryWaitMs: 3_000,
    });
    const failing = r.results.filter(
      (x) => x.curl && x.status && x.findings.some((f) => !f.ok && !f.warning),
    );
    const picks = [
      failing.find((x) => x.operation === "createSmartSendLink"),
      failing.find((x) => x.operation === "authorizeMandateTransaction"),
    ];
    for (const pick of picks) {
      expect(pick?.curl).toBeDefined();
      expect(pick?.curl).not.toContain(WRONG);
      // Asynchronously: the mock answering the pasted line runs in this process.
      const { stdout: status } = await promisify(execFile)(
        "bash",
        ["-c", `${pick?.curl} -o /dev/null -w '%{http_code}'`],
        {
          env: {
            PATH: process.env.PATH ?? "",
            PGI_PAYOUT_TOKEN: WRONG,
            PGI_SALT: WRONG,
            PGI_MERCHANT_KEY: names.PGI_MERCHANT_KEY ?? "",
          },
        },
      );
      expect(Number(status)).toBe(pick?.status);
    }
  });
});

describe("nothing checked is not a pass", () => {
  it("a target with no host configured runs nothing and lists every host with its reason", async () => {
    const r = await runSuite(specs, targetFromNames("empty", {}));
    expect(r.passed + r.failed).toBe(0);
    expect(r.skippedHosts?.map((s) => s.host)).toEqual([...HOSTS]);
    expect(terminalReport(r)).toMatch(/Skipped hosts:\n(.|\n)*SKIP payout: PGI_PAYOUT_URL, PGI_PAYOUT_TOKEN/);
  });
});

describe("--host selects flows too", () => {
  it("a bbps-only run has no flow and no other host", async () => {
    const r = await runSuite(specs, envTarget({}), { hosts: ["bbps"] });
    expect(new Set(r.results.map((x) => x.host))).toEqual(new Set(["bbps"]));
  });
  it("a payout run has the payout flow only", async () => {
    const r = await runSuite(specs, envTarget({}), { hosts: ["payout"] });
    const flows = r.results.filter((x) => x.host === "flows").map((x) => x.name);
    expect(flows).toEqual(["smart send create → details → status → extend → cancel → status"]);
  });
});

describe("progress and coverage", () => {
  it("the progress total equals the final count; coverage and JUnit times are reported", async () => {
    const seen: [number, number][] = [];
    const r = await runSuite(specs, envTarget({}), {
      hosts: ["payout", "bbps"],
      onProgress: (done, total) => seen.push([done, total]),
    });
    const count = r.passed + r.failed + r.skipped;
    expect(seen.at(-1)).toEqual([count, count]);
    expect(new Set(seen.map(([, t]) => t))).toEqual(new Set([count]));
    const row = r.coverage?.find((c) => c.operationId === "createSmartSendLink");
    expect(row?.statuses.exercised).toContain("200");
    expect(row?.examples).toEqual({ exercised: 1, documented: 1 });
    expect(row?.flows.length).toBe(1);
    expect(JSON.parse(jsonReport(r)).coverage).toHaveLength(r.coverage?.length ?? -1);
    expect(junitReport(r)).toMatch(/<testcase [^>]* time="\d+\.\d{3}">/);
    expect(terminalReport(r)).toMatch(/payout\s+createSmartSendLink\s+\d+\/\d+\s+1\/1\s+1/);
  });
});
