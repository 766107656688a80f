// Every curl sample runs against a mock started in-process (free ports) and gets a documented, unrefused
// answer; every TypeScript sample type-checks against @pgi/client.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type HostName, hosts } from "@pgi/client";
import { type RunningMock, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { codeSamples, MOCK_URLS } from "../src/code-samples.js";
import { SPECS_DIST_DIR } from "../src/paths.js";
import { deref, type Json, operationsOf } from "../src/spec-walk.js";

const run = promisify(execFile);

/**
 * Samples that continue a flow: standalone, the mock answers them with the documented refusal of an unknown
 * OTP request (the guides show the flow in order). The refusal must be about that state, never the hash.
 */
const NEEDS_EARLIER_STEP: Readonly<Record<string, RegExp>> = {
  "otp validateToken": /not a valid token for this mobile number/,
  "otp resendOtp": /no OTP request with this uuid/,
  "otp verifyOtp": /no OTP request with this uuid/,
  "accounts verifySignInOtp": /"code":\["invalid"\]/,
};
const HOSTS = Object.keys(hosts) as HostName[];

interface Case {
  host: HostName;
  id: string;
  statuses: string[];
  curl: string;
  ts: string;
}

const cases: Case[] = HOSTS.flatMap((host) => {
  const doc = parse(readFileSync(join(SPECS_DIST_DIR, `${host}.yaml`), "utf8")) as Json;
  return [...operationsOf(doc)]
    .filter((ref) => ref.group === "paths")
    .map((ref) => {
      const [curl, ts] = codeSamples(host, doc, ref);
      return {
        host,
        id: String(ref.op.operationId),
        statuses: Object.keys(deref(doc, ref.op.responses)),
        curl: curl!.source,
        ts: ts!.source,
      };
    });
});

describe("curl samples against the mock", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({
      ports: { otp: 0, gateway: 0, wallet: 0, partner: 0, accounts: 0, payout: 0, bbps: 0 },
    });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("covers every operation under paths", () => {
    expect(cases.length).toBeGreaterThanOrEqual(17);
  });

  it.each(cases.map((c) => [`${c.host} ${c.id}`, c] as const))("%s", async (_name, c) => {
    const command = c.curl.replace(MOCK_URLS[c.host], mock.urls[c.host]);
    expect(command).toContain(mock.urls[c.host]);
    const { stdout } = await run("sh", ["-c", `${command} -D - --max-time 20`], { timeout: 30_000 });
    const status = /^HTTP\/1\.1 (\d{3})/m.exec(stdout)?.[1];
    const headers = stdout.split("\r\n\r\n")[0]!.toLowerCase();
    // A refused hash or checksum carries its masked pre-image; other refusals may carry a hint saying why.
    expect(headers, "the mock refused the sample's hash or checksum").not.toContain("x-pgi-mock-preimage");
    expect(headers, "the mock found contract violations in the sample").not.toContain(
      "x-pgi-mock-violations",
    );
    const refusal = NEEDS_EARLIER_STEP[`${c.host} ${c.id}`];
    if (refusal) {
      expect(stdout).toMatch(refusal);
      expect(c.statuses).toContain(status);
      return;
    }
    expect(status?.startsWith("2"), `${c.host} ${c.id}: HTTP ${status}\n${stdout}`).toBe(true);
    expect(c.statuses).toContain(status);
  });
});

describe("TypeScript samples", () => {
  it("type-check against @pgi/client", async () => {
    const dir = join(import.meta.dirname, "..", ".samples-check");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const c of cases) writeFileSync(join(dir, `${c.host}-${c.id}.ts`), `${c.ts}export {};\n`);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        extends: "../../../tsconfig.json",
        compilerOptions: { noEmit: true, types: ["node"], module: "NodeNext", target: "ES2022" },
        include: ["*.ts"],
      }),
    );
    const tsc = join(import.meta.dirname, "..", "node_modules", ".bin", "tsc");
    const result = await run(tsc, ["-p", join(dir, "tsconfig.json")], { timeout: 120_000 }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    rmSync(dir, { recursive: true, force: true });
    expect(result).toBe("");
    expect(cases.length).toBeGreaterThan(0);
  });
});
