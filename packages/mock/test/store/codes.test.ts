// Store contract, one-time codes: OTP requests, wallet OTPs and tokens, sign-in codes and issued tokens behave the
// same in memory and in Redis.
import { describe, expect, it } from "vitest";
import { OTP_LIMITS } from "../../src/state/lifetimes.js";
import { KINDS, openStore, T0, useStores } from "./stores.js";

useStores();
const MOBILE = "9876543210";
const EXP = T0 + 300_000;

describe.each(KINDS)("%s store: OTP requests", (kind) => {
  it("send, wrong codes counted, the right one verifies once; the uuid is then a token for its number", async () => {
    const { otp } = await openStore(kind);
    await otp.send({ uuid: "u1", identity: MOBILE, otp: "012345", expiresAt: EXP }, T0);
    expect(await otp.verify("nope", "012345", undefined, T0)).toBe("unknown");
    expect(await otp.verify("u1", "012345", "9123456789", T0)).toBe("wrongNumber");
    expect(await otp.verify("u1", "111111", undefined, T0)).toEqual({ wrong: 2 });
    expect(await otp.tokenValid("u1", MOBILE, T0)).toBe(false);
    expect(await otp.verify("u1", "012345", MOBILE, T0 + 1)).toBe("verified");
    expect(await otp.verify("u1", "012345", MOBILE, T0 + 2)).toBe("used");
    expect(await otp.tokenValid("u1", MOBILE, T0 + 3)).toBe(true);
    expect(await otp.tokenValid("u1", "9123456789", T0 + 3)).toBe(false);
    expect(await otp.tokenValid("u1", undefined, T0 + 3)).toBe(true);
    // A verified uuid is a token for 24 h, then the retention of an hour, then it is forgotten.
    const tokenEnd = T0 + 1 + OTP_LIMITS.tokenValiditySeconds * 1000;
    expect(await otp.tokenValid("u1", MOBILE, tokenEnd + 3_600_000)).toBe(true);
    expect(await otp.tokenValid("u1", MOBILE, tokenEnd + 3_600_001)).toBe(false);
  });

  it("expiry, attempts and resends", async () => {
    const { otp } = await openStore(kind);
    await otp.send({ uuid: "u1", identity: MOBILE, otp: "123456", expiresAt: EXP }, T0);
    expect(await otp.verify("u1", "123456", undefined, EXP + 1)).toBe("expired");
    for (const left of [2, 1, 0])
      expect(await otp.verify("u1", "000000", undefined, T0)).toEqual({ wrong: left });
    expect(await otp.verify("u1", "123456", undefined, T0)).toBe("tooManyAttempts");
    for (let i = 1; i <= OTP_LIMITS.maxResends; i++) {
      expect(await otp.resend("u1", undefined, `00000${i}`, EXP + i, T0 + i)).toBe("resent");
    }
    expect(await otp.resend("u1", undefined, "999999", EXP, T0)).toBe("limit");
    expect(await otp.resend("nope", undefined, "999999", EXP, T0)).toBe("unknown");
    // The last resend's code, with its attempts back at zero.
    expect(await otp.verify("u1", `00000${OTP_LIMITS.maxResends}`, MOBILE, T0 + 10)).toBe("verified");
    expect(await otp.resend("u1", undefined, "999999", EXP, T0)).toBe("verified");
    const sent = await otp.sent(T0 + 10);
    expect(sent.map((s) => s.otp)).toEqual(["123456", "000001", "000002", "000003"]);
    expect(sent[0]).toEqual({
      host: "otp",
      uuid: "u1",
      identity: MOBILE,
      otp: "123456",
      expiresAt: new Date(EXP).toISOString(),
    });
    const snap = await otp.snapshot(T0 + 10);
    expect(snap.sentOtps).toBe(4);
    expect(snap.requests).toEqual([
      {
        uuid: "u1",
        identity: MOBILE,
        otp: "000003",
        expiresAt: EXP + 3,
        attempts: 0,
        resends: 3,
        verified: true,
        verifiedAt: T0 + 10,
      },
    ]);
    // Sent codes are listed until their expiry plus the retention.
    expect(await otp.sent(EXP + 3 + 3_600_001)).toEqual([]);
  });

  it("a resend that names another number moves the request to it", async () => {
    const { otp } = await openStore(kind);
    await otp.send({ uuid: "u1", identity: MOBILE, otp: "123456", expiresAt: EXP }, T0);
    await otp.resend("u1", "9123456789", "654321", EXP, T0);
    expect(await otp.verify("u1", "654321", MOBILE, T0)).toBe("wrongNumber");
    expect((await otp.sent(T0)).at(-1)).toMatchObject({ identity: "9123456789", otp: "654321" });
  });
});

describe.each(KINDS)("%s store: wallet", (kind) => {
  const fresh = (token: string) => ({ token, issuedAt: T0, expiresAt: T0 + 365 * 86_400_000 });
  it("a right OTP gives the cell and merchant's token, the same one until it expires; wrong ones count", async () => {
    const { wallet, otp } = await openStore(kind);
    expect(await wallet.redeem("9876543210", "M1", "123456", T0, fresh("A"))).toBe("missing");
    await wallet.sendOtp("9876543210", "123456", T0 + 300_000, T0);
    expect(await wallet.redeem("9876543210", "M1", "123456", T0 + 300_001, fresh("A"))).toBe("expired");
    expect(await wallet.redeem("9876543210", "M1", "000000", T0, fresh("A"))).toBe("wrong");
    expect(await wallet.redeem("9876543210", "M1", "123456", T0, fresh("A"))).toEqual({ token: "A" });
    expect(await wallet.redeem("9876543210", "M1", "123456", T0, fresh("B"))).toBe("missing");
    await wallet.sendOtp("9876543210", "222222", T0 + 300_000, T0);
    expect(await wallet.redeem("9876543210", "M1", "222222", T0, fresh("B"))).toEqual({ token: "A" });
    await wallet.sendOtp("9876543210", "333333", T0 + 300_000, T0);
    expect(await wallet.redeem("9876543210", "M2", "333333", T0, fresh("C"))).toEqual({ token: "C" });
    await wallet.sendOtp("9876543211", "444444", T0 + 300_000, T0);
    for (let i = 0; i < 3; i++) await wallet.redeem("9876543211", "M1", "000000", T0, fresh("D"));
    expect(await wallet.redeem("9876543211", "M1", "444444", T0, fresh("D"))).toBe("tooManyAttempts");
    const snap = await wallet.snapshot();
    expect(snap.otps).toBe(1);
    expect(snap.accounts).toEqual([
      ["9876543210", T0],
      ["9876543211", T0],
    ]);
    expect(snap.tokens.map(([key, t]) => [key, t.token])).toEqual([
      ["9876543210|M1", "A"],
      ["9876543210|M2", "C"],
    ]);
    expect((await otp.sent(T0)).map((s) => [s.host, s.identity, s.otp])).toEqual([
      ["wallet", "9876543210", "123456"],
      ["wallet", "9876543210", "222222"],
      ["wallet", "9876543210", "333333"],
      ["wallet", "9876543211", "444444"],
    ]);
  });
});

describe.each(KINDS)("%s store: sign-in codes and issued tokens", (kind) => {
  const issue = (identity: string, expiresAt: number) => ({
    user_uuid: "U",
    identity,
    expiresAt,
    scopes: ["user_profile"],
  });
  it("a right code issues a token kept by digest until its expiry plus the retention; wrong ones lock", async () => {
    const { accounts } = await openStore(kind);
    expect(await accounts.verify("9876543210", "123456", T0, "d0", issue("9876543210", T0 + 7_200_000))).toBe(
      "invalid",
    );
    await accounts.sendCode("9876543210", "123456", T0 + 600_000, T0);
    expect(await accounts.verify("9876543210", "123456", T0, "d1", issue("9876543210", T0 + 7_200_000))).toBe(
      "issued",
    );
    expect(await accounts.verify("9876543210", "123456", T0, "d2", issue("9876543210", T0 + 7_200_000))).toBe(
      "invalid",
    );
    expect(await accounts.grant("d1", T0)).toEqual({ scopes: ["user_profile"], expiresAt: T0 + 7_200_000 });
    expect(await accounts.grant("d0", T0)).toBeUndefined();
    await accounts.sendCode("9876543211", "654321", T0 + 600_000, T0);
    for (let i = 0; i < 3; i++) {
      expect(await accounts.verify("9876543211", "000000", T0, "d3", issue("x", T0))).toBe("invalid");
    }
    expect(await accounts.verify("9876543211", "654321", T0, "d3", issue("x", T0))).toBe("locked");
    const snap = await accounts.snapshot(T0);
    expect(snap.pending).toEqual(["9876543211"]);
    expect(snap.issued).toEqual([issue("9876543210", T0 + 7_200_000)]);
    expect(await accounts.grant("d1", T0 + 7_200_000 + 3_600_000)).toBeDefined();
    expect(await accounts.grant("d1", T0 + 7_200_000 + 3_600_001)).toBeUndefined();
    expect((await accounts.snapshot(T0 + 7_200_000 + 3_600_001)).issued).toEqual([]);
  });
});
