// explain() compares every digest it tries (the main one and each alternative construction) in constant time.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { hmac } from "../test/crypto.js";
import { paymentRequest, SALT, SIGNING_SECRET, walletRequest } from "../test/fixtures.js";
import * as digest from "./digest.js";
import { explain } from "./explain.js";

vi.mock("./digest.js", async (original) => {
  const real = await original<typeof import("./digest.js")>();
  return { ...real, constantTimeEqual: vi.fn(real.constantTimeEqual) };
});
const constantTimeEqual = vi.mocked(digest.constantTimeEqual);
beforeEach(() => {
  constantTimeEqual.mockClear();
});

describe("explain compares digests in constant time", () => {
  it.each([
    ["payment-request", paymentRequest, SALT],
    ["wallet-checksum", walletRequest, SIGNING_SECRET],
  ] as const)(
    "%s: a wrong digest is compared with every construction tried, as bytes",
    (scheme, fields, secret) => {
      const length = scheme === "payment-request" ? 128 : 64;
      const received = "Ab".repeat(length / 2);
      const e = explain(scheme, fields, { secret, received });
      expect(e.match).toBe(false);
      const tried = e.diagnosis?.tried ?? 0;
      expect(tried).toBeGreaterThan(1);
      // The main comparison, then one per construction (distinct digests are counted in `tried`; a construction
      // that repeats a digest is compared too): none of them by string equality, all against the received bytes.
      expect(constantTimeEqual.mock.calls.length).toBeGreaterThanOrEqual(1 + tried);
      for (const [a, b] of constantTimeEqual.mock.calls) {
        expect(Buffer.from(a).toString("hex")).toBe("ab".repeat(length / 2));
        expect(b.length).toBeGreaterThan(0);
      }
    },
  );

  it("a construction that reproduces the received digest is still found, in either hex case", () => {
    const unquoted = hmac(SIGNING_SECRET, "10.009876543210Acme StoresM12345675041234561");
    for (const received of [unquoted, unquoted.toUpperCase()]) {
      const e = explain("wallet-checksum", walletRequest, { secret: SIGNING_SECRET, received });
      expect(e.diagnosis?.found.map((c) => c.id)).toEqual(["unquoted"]);
    }
  });

  it("received text that is not whole hex matches no construction", () => {
    const e = explain("wallet-checksum", walletRequest, {
      secret: SIGNING_SECRET,
      received: "zz".repeat(32),
    });
    expect(e.diagnosis?.found).toEqual([]);
  });
});
