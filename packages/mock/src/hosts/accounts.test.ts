import { beforeEach, describe, expect, it } from "vitest";
import {
  answerErrors,
  control,
  createTestContext,
  request,
  type TestContext,
} from "../../test/hosts/host-context.js";
import { secretDigest } from "../core/secret-compare.js";
import type { HostBehaviour, MockResponse } from "../types.js";
import { createAccountsBehaviour, USER_TOKEN_SCOPES, USER_TOKEN_SECONDS } from "./accounts.js";

let t: TestContext;
let accounts: HostBehaviour;
beforeEach(() => {
  t = createTestContext();
  accounts = createAccountsBehaviour();
});
const lastSent = async () => (await t.ctx.state.otp.sent(t.clock.now())).at(-1)?.otp ?? "";

const IDENTITY = "9876543210";

async function sendCode(identity = IDENTITY): Promise<string> {
  const res = await control(accounts, t.ctx, "POST", "/__mock/accounts/otp", { body: { identity } });
  expect(res.status).toBe(200);
  return lastSent();
}

async function verifyCode(code: string, identity = IDENTITY): Promise<MockResponse> {
  const res = await accounts.handle(
    request("verifySignInOtp", {
      body: { "otp[identity]": identity, "otp[code]": code, "otp[type]": "SignIn" },
    }),
    t.ctx,
  );
  if (!res) throw new Error("deferred to Prism");
  return res;
}

describe("accounts: sign-in OTP verification", () => {
  it("issues a scoped bearer token that the mock accepts from then on, until it expires", async () => {
    const res = await verifyCode(await sendCode());
    expect(res.status).toBe(200);
    expect(answerErrors("verifySignInOtp", res)).toEqual([]);
    const body = res.body as Record<string, unknown>;
    expect(body).toMatchObject({
      token_type: "Bearer",
      expires_in: USER_TOKEN_SECONDS,
      scope: USER_TOKEN_SCOPES.join(" "),
      created_at: t.clock.now() / 1000,
      reseller_uuid: t.ctx.credentials.resellerUuid,
    });
    // Kept by its digest only: the store never holds the token itself.
    const grant = await t.ctx.state.accounts.grant(secretDigest(body.access_token as string), t.clock.now());
    expect(grant).toEqual({
      scopes: [...USER_TOKEN_SCOPES],
      expiresAt: t.clock.now() + USER_TOKEN_SECONDS * 1000,
    });
    expect(JSON.stringify(await t.ctx.state.accounts.snapshot(t.clock.now()))).not.toContain(
      body.access_token as string,
    );
    // A code is used once.
    const again = await verifyCode(await lastSent());
    expect(again.status).toBe(422);
  });

  it.each<[string, () => Promise<MockResponse>, string, string]>([
    ["an identity ending 0000", () => verifyCode("123456", "9876540000"), "user", "not_found"],
    ["an identity ending 9999", () => verifyCode("123456", "9876549999"), "user", "locked"],
    [
      "a wrong code",
      async () => verifyCode(String((Number(await sendCode()) + 1) % 1_000_000).padStart(6, "0")),
      "code",
      "invalid",
    ],
    ["no code sent", () => verifyCode("123456"), "code", "invalid"],
    [
      "the right code after three wrong ones",
      async () => {
        const code = await sendCode();
        for (let i = 0; i < 3; i++) await verifyCode(code === "000000" ? "111111" : "000000");
        return verifyCode(code);
      },
      "user",
      "locked",
    ],
  ])("%s: 422 %s %s, valid against the documented schema", async (_name, act, field, key) => {
    const res = await act();
    expect(res.status).toBe(422);
    expect(answerErrors("verifySignInOtp", res)).toEqual([]);
    expect((res.body as { errors: Record<string, string[]> }).errors[field]).toEqual([key]);
    expect(JSON.stringify(res.body)).not.toMatch(/"value":"\d{6}"/); // the code is never echoed
  });

  it("the send route names a bad identity; snapshot hides codes; reset forgets them", async () => {
    const bad = await control(accounts, t.ctx, "POST", "/__mock/accounts/otp", { body: { identity: "abc" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("body.identity");
    const code = await sendCode();
    expect(JSON.stringify(await accounts.snapshot(t.clock.now(), t.ctx))).not.toContain(code);
    await t.store.reset();
    expect(await accounts.snapshot(t.clock.now(), t.ctx)).toEqual({
      counts: { pending: 0, issued: 0 },
      pending: [],
      issued: [],
    });
    expect((await verifyCode(code)).status).toBe(422);
  });
});
