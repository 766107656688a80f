// Identifiers kept exact and validated (payout merchant ids, webhook URLs), refusals echoing the request, Z expiries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningMock } from "../../src/types.js";
import { call, form, START, startTestMock } from "../helpers.js";

let mock: RunningMock;
beforeAll(async () => {
  mock = await startTestMock();
});
afterAll(() => mock.close());

const TOKEN = { authorization: "Bearer pgi-test-payout-token" };
const later = (days: number, z = false) => {
  const iso = new Date(START + days * 86_400_000).toISOString();
  return z ? iso : iso.replace("Z", "+0000");
};
const create = (pid: string, merchantRefId: string, expiryDate = later(1)) =>
  call(`${mock.urls.payout}/payout/v2/smartSend/link`, {
    headers: { ...TOKEN, pid },
    body: {
      amount: "1",
      merchantRefId,
      custName: "DIVIK",
      custMobile: "9868888568",
      description: "T",
      expiryDate,
    },
  });
const details = (merchant: string, ref: string) =>
  call(
    `${mock.urls.payout}/payout/merchant/smartSend/details?payoutMerchantId=${merchant}&merchantRefId=${ref}`,
    {
      headers: TOKEN,
    },
  );

describe("payout merchant identifiers", () => {
  it.each(["abc", "-5", "1e3", "12345678901234567890", "0", "01111312"])(
    "pid %j is refused with the documented 400 naming header.pid",
    async (pid) => {
      const res = await create(pid, `BAD${pid.length}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("x-pgi-mock-violations")).toContain("header.pid");
    },
  );

  it.each([
    ["details query", () => details("1e3", "X")],
    [
      "cancel header",
      () =>
        call(`${mock.urls.payout}/payout/smartPay/cancel?merchantRefId=X`, {
          method: "POST",
          headers: { ...TOKEN, payoutMerchantId: "-5" },
        }),
    ],
  ])("the %s follows the same pattern", async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.headers.get("x-pgi-mock-violations")).toMatch(/payoutMerchantId/i);
  });

  it("an 18-digit identifier is stored and reported exactly, never through a float", async () => {
    const id = "123456789012345678";
    expect((await create(id, "EXACT1")).status).toBe(200);
    const res = await details(id, "EXACT1");
    expect(res.text).toContain(`"payoutMerchantId":${id}`);
    expect(res.text).toContain('"smartSendStatus":"ACTIVE"');
  });

  it("details, extend and cancel see only the creating merchant's links", async () => {
    const created = await create("1111312", "OWNED1");
    const linkId = (created.json() as { data: { linkId: string } }).data.linkId;
    const other = await details("42", "OWNED1");
    expect(other.json()).toMatchObject({
      status: 1,
      data: { merchantRefId: "OWNED1", payoutMerchantId: 42, linkId: null },
    });
    const extend = await call(
      `${mock.urls.payout}/payout/v2/smartSend/expiry/${encodeURIComponent(linkId)}`,
      {
        method: "PUT",
        headers: { ...TOKEN, pid: "42", "content-type": "application/x-www-form-urlencoded" },
        body: form({ expiryDate: later(3) }),
      },
    );
    expect(extend.json()).toMatchObject({ status: 1 });
    const cancel = await call(`${mock.urls.payout}/payout/smartPay/cancel?merchantRefId=OWNED1`, {
      method: "POST",
      headers: { ...TOKEN, payoutMerchantId: "42" },
    });
    expect(cancel.json()).toMatchObject({ status: 1 });
    expect((await details("1111312", "OWNED1")).json()).toMatchObject({
      status: 0,
      data: { smartSendStatus: "ACTIVE" },
    });
  });
});

describe("linkIds the mock issues are URL-safe", () => {
  it("60 links: each linkId is 64 URL-safe characters and works put into a path and a query as it is", async () => {
    for (let i = 0; i < 60; i++) {
      const created = await create("1111312", `SAFE${i}`);
      const { linkId } = (created.json() as { data: { linkId: string } }).data;
      expect(linkId).toMatch(/^[A-Za-z0-9_-]{64}$/);
      // As tools and scripts do: the identifier copied into the URL without escaping.
      const status = await call(`${mock.urls.payout}/payout/v2/smartSend/status?linkId=${linkId}`);
      expect(status.json()).toMatchObject({ status: 0, msg: "PENDING" });
      const extended = await call(`${mock.urls.payout}/payout/v2/smartSend/expiry/${linkId}`, {
        method: "PUT",
        headers: { ...TOKEN, pid: "1111312", "content-type": "application/x-www-form-urlencoded" },
        body: form({ expiryDate: later(3) }),
      });
      expect(extended.json()).toMatchObject({ status: 0 });
    }
  });
});

describe("expiryDate with Z or +0000", () => {
  it("create and extend accept both forms with milliseconds", async () => {
    const created = await create("1111312", "ZFORM1", later(1, true));
    expect(created.status).toBe(200);
    const data = (created.json() as { data: { linkId: string; expiryDate: string } }).data;
    expect(data.expiryDate).toBe(later(1));
    const extended = await call(
      `${mock.urls.payout}/payout/v2/smartSend/expiry/${encodeURIComponent(data.linkId)}`,
      {
        method: "PUT",
        headers: { ...TOKEN, pid: "1111312", "content-type": "application/x-www-form-urlencoded" },
        body: form({ expiryDate: later(5, true) }),
      },
    );
    expect(extended.json()).toMatchObject({ status: 0 });
    const record = (await details("1111312", "ZFORM1")).json() as { data: { expiryDate: string } };
    expect(record.data.expiryDate).toBe(later(5));
  });

  it("the gateway's published form 2021-07-23T10:00:49.778Z is valid (in the past, so the link is expired)", async () => {
    expect((await create("1111312", "ZPAST1", "2021-07-23T10:00:49.778Z")).status).toBe(200);
  });
});

describe("register_webhook webhook_url", () => {
  const register = (webhook_url: string) =>
    call(`${mock.urls.partner}/api/v1/partners/register_webhook`, {
      headers: {
        authorization: "Bearer pgi-test-partner-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form({ webhook_url, reseller_uuid: mock.credentials.resellerUuid }),
    });
  it.each([
    "https://",
    "https:///hook",
    "https://user@partner.example.in/hook",
    "http://partner.example.in/",
  ])("%s is refused with the documented 422", async (url) => {
    const res = await register(url);
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: "unprocessable_entity", message: "Validation failed" });
  });
  it("an absolute https URL with a host is registered", async () => {
    expect((await register("https://partner.example.in/hook")).status).toBe(200);
  });
});

describe("refusals echo the request's identifiers", () => {
  it("the gateway's documented 400 carries the request's txnid, not the example's", async () => {
    const res = await call(`${mock.urls.gateway}/AuthorizeTransaction.php`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form({ key: "Jx7Kq2", txnid: "MY-OWN-TXN-7", amount: "1.00" }),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("MY-OWN-TXN-7");
    expect(res.text).not.toContain("TXN-20260812-0004");
  });
  it("a refusal of a request without an identifier leaves it empty", async () => {
    const res = await call(`${mock.urls.gateway}/AuthorizeTransaction.php`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "key=a&key=b",
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain("TXN-20260812-0004");
  });
});
