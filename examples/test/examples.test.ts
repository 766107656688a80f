import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { HOST_NAMES, type RunningMock, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const tsx = join(here, "node_modules", ".bin", "tsx");
let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])) });
});
afterAll(() => mock.close());

describe("every example runs against the mock", () => {
  it.each([
    ["otp", /verify: OTP verified successfully; token: Token validated successfully/],
    ["mandate", /mandate registered: true \(mihpayid \d{18}\)/],
    ["upi-mandate", /UPI intent: pending/],
    ["wallet", /wallet: SUCCESS 0 token issued/],
    [
      "partner",
      /webhook: Webhook registered successfully; agreement: Generated; sign-in scopes: user_profile/,
    ],
    ["payout", /: ACTIVE; cancel: Smart send link cancelled/],
    ["bbps", /complaint: CAPTURED/],
  ])("%s", async (name, expected) => {
    const { stdout } = await promisify(execFile)(tsx, [join(here, `${name}.ts`)], {
      env: { PATH: process.env.PATH ?? "", ...mock.env, PGI_EXAMPLES_USE_MOCK: "1" },
      timeout: 60_000,
    });
    expect(stdout).toMatch(expected);
  });
});
