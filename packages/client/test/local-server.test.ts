import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { sign } from "@pgi/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOtpClient, createPayoutClient, createWalletClient } from "../src/factories.js";

let base = "";
const received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
let answer: { status: number; body: string } = { status: 200, body: "{}" };
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body });
    res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("over real HTTP to a local server", () => {
  it("the wallet form arrives byte for byte as signed, with the response checksum verified", async () => {
    const fields = {
      messagecode: "501",
      status: "FAILURE",
      statuscode: "101",
      statusdescription: "Invalid OTP provided",
    };
    answer = {
      status: 200,
      body: JSON.stringify({
        ...fields,
        checksum: sign("wallet-response-checksum", fields, "s3cret-wallet").digest,
      }),
    };
    const w = createWalletClient({
      baseUrl: base,
      credentials: { walletMid: "MERCH1001", walletSecret: "s3cret-wallet" },
    });
    const { data } = await w.POST("/tokengenerate", {
      body: {
        cell: "9876543210",
        msgcode: "501",
        merchantname: "Shop & Co",
        amount: 5000,
        otp: 1,
        tokentype: 1,
      },
    });
    expect(data?.statuscode).toBe("101");
    const last = received.at(-1);
    expect(last?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = Object.fromEntries(new URLSearchParams(last?.body));
    expect(form).toMatchObject({
      mid: "MERCH1001",
      merchantname: "Shop & Co",
      amount: "5000",
      otp: "1",
      tokentype: "1",
    });
    const { checksum, ...rest } = form;
    expect(checksum).toBe(sign("wallet-checksum", rest as never, "s3cret-wallet").digest);
  });

  it("JSON operations keep JSON and get their credential headers", async () => {
    answer = { status: 200, body: '"6f1d2c3b"' };
    const otp = createOtpClient({ baseUrl: base, credentials: { clientType: "WEB" } });
    await otp.POST("/otp/send", {
      body: { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" },
    });
    const last = received.at(-1);
    expect(last?.headers.clienttype).toBe("WEB");
    expect(JSON.parse(last?.body ?? "")).toEqual({
      mobileNumber: "9876543210",
      merchantName: "Shop",
      merchantDomain: "shop.in",
    });
  });

  it("a documented 401 comes back as { error, response }, not as a throw", async () => {
    answer = {
      status: 401,
      body: JSON.stringify({
        timestamp: "t",
        status: 401,
        error: "Unauthorized",
        message: "access denied",
        path: "/p",
      }),
    };
    const p = createPayoutClient({ baseUrl: base, credentials: { token: "wrong", pid: "1" } });
    const { data, error, response } = await p.GET("/payout/v2/smartSend/status", {
      params: { query: { linkId: "L1" } },
    });
    expect([data, response.status]).toEqual([undefined, 401]);
    expect(error).toMatchObject({ error: "Unauthorized" });
  });
});
