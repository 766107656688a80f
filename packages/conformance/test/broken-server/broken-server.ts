// A deliberately broken implementation of the hosts: each answer plants one known break of the contract.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookSignature } from "@pgi/signing";

const json = (status: number, body: unknown) => ({
  status,
  type: "application/json",
  body: JSON.stringify(body),
});

/** The planted breaks: operation → what is wrong with its answer. */
export const PLANTED = {
  checkComplaintStatus: "payload.complaintStatus is a number",
  createSmartSendLink: "msg (required) is missing",
  getSmartSendDetails: "status 418 is not documented",
  authorizeMandateTransaction: "result.hash does not verify with the configured salt",
  generateWalletToken: "checksum does not verify with the configured secret",
  sendOtp: "a 500",
  verifySignInOtp: "an undeclared property (drift only)",
  webhook: "bad signature, never retried",
} as const;

function answer(method: string, path: string, body: string): { status: number; type?: string; body: string } {
  if (path === "/gateway-nbc/v1/nbc/checkComplaintStatus") {
    return json(200, {
      code: 200,
      status: "SUCCESS",
      payload: { refId: null, billerReply: "x", complaintId: "C1", billerID: "B1", complaintStatus: 42 },
    });
  }
  if (path === "/payout/v2/smartSend/link") {
    const data = { link: "https://l.example.in/x", linkId: "L1", expiryDate: "2026-08-19T10:00:00.000+0000" };
    return json(200, { status: 0, code: null, data });
  }
  if (path === "/payout/merchant/smartSend/details") return json(418, { teapot: true });
  if (path === "/AuthorizeTransaction.php") {
    const form = Object.fromEntries(new URLSearchParams(body));
    return json(200, {
      metaData: {
        message: "No Error",
        referenceId: "r",
        statusCode: "E000",
        txnId: form.txnid,
        unmappedStatus: "success",
        submitOtp: { status: "success" },
      },
      result: {
        mihpayid: "403993715531234567",
        mode: "CC",
        status: "success",
        key: form.key,
        txnid: form.txnid,
        amount: form.amount,
        addedon: "2026-08-12 10:15:42",
        productinfo: "",
        firstname: "",
        card_no: "XXXXXXXXXXXX2346",
        error: "E000",
        error_Message: "No Error",
        issuing_bank: "HDFC",
        card_type: "VISA",
        AcqTID: "T",
        AcqName: "HDFC",
        AuthCode: "1",
        net_amount_debit: "1",
        bank_ref_no: "1",
        bankcode: "CC",
        PG_TYPE: "CC-PG",
        IsStandingInstructionSet: "1",
        payment_source: "sist",
        hash: "a".repeat(128),
      },
    });
  }
  if (path === "/tokengenerate") {
    return json(200, {
      messagecode: "501",
      status: "SUCCESS",
      statuscode: "0",
      statusdescription: "Token generated successfully",
      token: "WTK1",
      checksum: "b".repeat(64),
    });
  }
  if (path === "/otp/send") return { status: 500, type: "text/plain", body: "internal error" };
  if (path === "/api/v1/otps/verify_otp") {
    return json(200, {
      access_token: "t",
      token_type: "Bearer",
      expires_in: 7200,
      scope: "user_profile",
      created_at: 1,
      user_uuid: "u",
      reseller_uuid: "r",
      mid: "1",
      merchant_uuid: "m",
      surprise: "not in the schema",
    });
  }
  void method;
  return json(404, { error: "not implemented by the broken server" });
}

/** Starts the broken server on a free port; every host's URL points at it. */
export async function startBrokenServer(
  secret: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  let webhookUrl: string | undefined;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://broken");
      if (url.pathname === "/api/v1/partners/register_webhook") {
        webhookUrl = new URLSearchParams(body).get("webhook_url")?.replace("https://", "http://");
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ message: "Webhook registered successfully" }));
        return;
      }
      if (url.pathname.startsWith("/__mock/merchants/") && webhookUrl) {
        const payload = {
          previous_status: "Pending",
          current_status: "Approved",
          change_timestamp: 1,
          mid: 1,
          merchant_uuid: "m",
          event_name: "Document status update",
          error: "NA",
          remarks: "NA",
        };
        const { body: raw } = webhookSignature.sign(payload, secret);
        // Signed with the wrong secret, and never retried although the receiver answers 500.
        const wrong = webhookSignature.sign(payload, `${secret}-wrong`).digest;
        await fetch(webhookUrl, {
          method: "POST",
          headers: { authorization: wrong, "content-type": "application/json" },
          body: raw,
        }).catch(() => undefined);
        res.writeHead(202, { "content-type": "application/json" }).end("{}");
        return;
      }
      if (url.pathname.startsWith("/__mock/")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ otps: [] }));
        return;
      }
      const a = answer(req.method ?? "GET", url.pathname, body);
      res.writeHead(a.status, a.type ? { "content-type": a.type } : {}).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
