import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningMock } from "../../src/types.js";
import { call, START, startTestMock } from "../helpers.js";

let mock: RunningMock;
beforeAll(async () => {
  mock = await startTestMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const COMPLAINT = "/gateway-nbc/v1/nbc/checkComplaintStatus?complaintId=CMP1";
const bbps = () =>
  call(mock.urls.bbps + COMPLAINT, { headers: { authorization: `Bearer ${mock.credentials.bbpsToken}` } });

describe("core control API", () => {
  it("health answers on every port with the host's name", async () => {
    for (const [host, url] of Object.entries(mock.urls)) {
      const res = await call(`${url}/__mock/health`);
      expect([res.status, res.json()]).toEqual([200, { status: "ok", host }]);
    }
  });

  it("credentials are keyed by the configuration names, URLs included", async () => {
    const creds = (await call(`${mock.urls.payout}/__mock/credentials`)).json() as Record<string, string>;
    expect(creds).toMatchObject({
      PGI_OTP_URL: mock.urls.otp,
      PGI_BBPS_URL: mock.urls.bbps,
      PGI_SALT: mock.credentials.salt,
      PGI_PARTNER_TOKEN: mock.credentials.partnerToken,
      PGI_PAYOUT_MERCHANT_ID: mock.credentials.payoutMerchantId,
    });
    expect(Object.keys(creds)).toHaveLength(21);
  });

  it("the index lists core and host routes", async () => {
    const { routes } = (await call(`${mock.urls.otp}/__mock/`)).json() as {
      routes: { method: string; path: string }[];
    };
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "POST /__mock/force",
        "POST /__mock/clock/advance",
        "GET /__mock/deliveries",
        "GET /__mock/otps",
      ]),
    );
  });

  it("the clock reads and advances; bad input is refused naming the field", async () => {
    expect((await call(`${mock.urls.otp}/__mock/clock`)).json()).toEqual({
      now: new Date(START).toISOString(),
      offsetMs: 0,
    });
    const moved = await call(`${mock.urls.otp}/__mock/clock/advance`, { body: { seconds: 90 } });
    expect(moved.json()).toEqual({ now: new Date(START + 90_000).toISOString(), offsetMs: 90_000 });
    for (const body of [{}, { seconds: -1 }, { seconds: "10" }]) {
      const res = await call(`${mock.urls.otp}/__mock/clock/advance`, { body });
      expect(res.status).toBe(400);
      expect((res.json() as { detail: string }).detail).toMatch(/body\.seconds/);
    }
    mock.reset();
    expect(((await call(`${mock.urls.otp}/__mock/clock`)).json() as { offsetMs: number }).offsetMs).toBe(0);
  });

  it("force answers the next valid call with a documented failure, then the mock behaves normally again", async () => {
    const forced = await call(`${mock.urls.otp}/__mock/force`, {
      body: { operationId: "checkComplaintStatus", status: 200, example: "requestFailed" },
    });
    expect(forced.status).toBe(200);
    expect(((await bbps()).json() as { code: number }).code).toBe(600);
    expect(((await bbps()).json() as { code: number }).code).toBe(200);
  });

  it.each([
    [{ status: 200 }, /body\.operationId/],
    [{ operationId: "nope", status: 200 }, /no operation nope/],
    [{ operationId: "checkComplaintStatus", status: 418 }, /documents 200, 400, 401/],
    [{ operationId: "checkComplaintStatus", status: 200, example: "nope" }, /examples for 200: captured/],
    [{ operationId: "checkComplaintStatus", status: 200, times: 0 }, /body\.times/],
  ])("force refuses %j naming the field", async (body, detail) => {
    const res = await call(`${mock.urls.otp}/__mock/force`, { body });
    expect(res.status).toBe(400);
    expect((res.json() as { detail: string }).detail).toMatch(detail);
  });

  it("state shows each host; reset forgets it", async () => {
    await bbps();
    expect(
      ((await call(`${mock.urls.otp}/__mock/state`)).json() as { bbps: { complaints: object } }).bbps
        .complaints,
    ).toEqual({ CMP1: "CAPTURED" });
    expect((await call(`${mock.urls.otp}/__mock/reset`, { method: "POST" })).status).toBe(200);
    expect(
      ((await call(`${mock.urls.otp}/__mock/state`)).json() as { bbps: { complaints: object } }).bbps
        .complaints,
    ).toEqual({});
  });

  it("an unknown control route is 404 and a malformed control body 400", async () => {
    expect((await call(`${mock.urls.otp}/__mock/nope`)).status).toBe(404);
    const bad = await call(`${mock.urls.otp}/__mock/force`, {
      method: "POST",
      body: "{bad",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
  });
});
