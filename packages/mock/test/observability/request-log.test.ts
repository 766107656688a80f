// The per-request hook of startMock(): one entry per answer with its verdict; silent when no logger is given.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequestLogEntry } from "../../src/server/request-log.js";
import type { RunningMock } from "../../src/types.js";
import { call, START, startTestMock } from "../helpers.js";

let mock: RunningMock;
const entries: RequestLogEntry[] = [];
beforeAll(async () => {
  mock = await startTestMock({ onRequest: (e) => entries.push(e) });
});
afterAll(() => mock.close());
beforeEach(() => {
  entries.length = 0;
});

const otpBody = { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" };
const bbps = "/gateway-nbc/v1/nbc/checkComplaintStatus?complaintId=CMP1";

/** The entries arrive on the answer's "finish": wait until `n` are in. */
async function settled(n: number): Promise<RequestLogEntry[]> {
  await vi.waitFor(() => expect(entries.length).toBeGreaterThanOrEqual(n));
  return entries;
}

describe("onRequest", () => {
  it.each([
    {
      name: "a valid call",
      send: () => call(`${mock.urls.otp}/otp/send`, { headers: { clienttype: "WEB" }, body: otpBody }),
      want: { host: "otp", method: "POST", path: "/otp/send", status: 200, verdict: "valid" },
    },
    {
      name: "a call that breaks the contract, with its violations",
      send: () =>
        call(`${mock.urls.otp}/otp/send`, {
          headers: { clienttype: "WEB" },
          body: { ...otpBody, mobileNumber: "12" },
        }),
      want: {
        host: "otp",
        status: 400,
        verdict: "invalid",
        violations: [expect.stringMatching(/mobileNumber/)],
      },
    },
    {
      name: "a refused token, with the hint",
      send: () => call(mock.urls.bbps + bbps, { headers: { authorization: "Bearer nope" } }),
      want: {
        host: "bbps",
        path: "/gateway-nbc/v1/nbc/checkComplaintStatus",
        status: 401,
        verdict: "refused",
        hint: "header Authorization: unknown access token",
      },
    },
    {
      name: "a path of no operation",
      send: () => call(`${mock.urls.wallet}/no/such/path`),
      want: { host: "wallet", method: "GET", path: "/no/such/path", status: 404, verdict: "unrouted" },
    },
    {
      name: "the control API",
      send: () => call(`${mock.urls.partner}/__mock/health`),
      want: { host: "partner", path: "/__mock/health", status: 200, verdict: "control" },
    },
  ])("$name", async ({ send, want }) => {
    const res = await send();
    const [entry] = await settled(1);
    expect(entries).toHaveLength(1);
    expect(entry).toMatchObject({ time: new Date(START).toISOString(), ...want, status: res.status });
  });
});

describe("constant-time secret comparisons", () => {
  it("tokens named like Object.prototype members are unknown tokens (401), not a crash", async () => {
    for (const token of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const res = await call(mock.urls.bbps + bbps, { headers: { authorization: `Bearer ${token}` } });
      expect([token, res.status, res.headers.get("x-pgi-mock-hint")]).toEqual([
        token,
        401,
        "header Authorization: unknown access token",
      ]);
    }
  });

  it("a wrong OTP Authorization of any length is refused; the right one passes", async () => {
    const c = mock.credentials;
    const validate = (authorization: string) =>
      call(`${mock.urls.otp}/token/validate`, {
        headers: { authorization, clienttype: c.otpClientType },
        body: { token: "stale", mobileNumber: "9876543210" },
      });
    for (const wrong of [c.otpAuthorization.slice(0, -1), `${c.otpAuthorization}x`, "x"]) {
      const res = await validate(wrong);
      expect(res.headers.get("x-pgi-mock-hint")).toBe("header Authorization: not the configured credential");
    }
    expect((await validate(c.otpAuthorization)).headers.get("x-pgi-mock-hint")).toBeNull();
  });
});

describe("an embedded mock without onRequest", () => {
  it("writes nothing to stdout or stderr", async () => {
    const quiet = await startTestMock();
    const out = vi.spyOn(process.stdout, "write");
    const err = vi.spyOn(process.stderr, "write");
    const log = vi.spyOn(console, "log");
    try {
      await call(`${quiet.urls.otp}/otp/send`, { headers: { clienttype: "WEB" }, body: otpBody });
      await call(`${quiet.urls.otp}/nowhere`);
      expect([out.mock.calls, err.mock.calls, log.mock.calls]).toEqual([[], [], []]);
    } finally {
      out.mockRestore();
      err.mockRestore();
      log.mockRestore();
      await quiet.close();
    }
  });
});
