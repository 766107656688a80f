// One planted change per rule, in a temp copy of the built bundles: each is reported with its rule and severity,
// and every rule of the registry has a row.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffSpecSets } from "../../src/diff/diff-specs.js";
import { loadPathSet } from "../../src/diff/load-specs.js";
import { ALL_RULES, RULES_BY_ID } from "../../src/diff/rules/index.js";
import { bundle, type Doc, tempDir, writeBundles } from "../helpers.js";

interface Row {
  rule: string;
  host: string;
  /** Changes the new copy (and, for "removed"/"became optional" cases, the old copy first). */
  change: (next: Doc, old: Doc) => void;
  /** A part of the reported operation, when the change belongs to one. */
  operation?: string;
  /** A part of the reported place in words. */
  where?: string;
}

const schemas = (d: Doc) => d.components.schemas;
const op = (d: Doc, path: string, method = "post") => d.paths[path][method];
const webhook = (d: Doc) => d.webhooks.merchantStatusUpdate.post;
const walletOp = (d: Doc) => op(d, "/tokengenerate");
const bbpsParams = (d: Doc) => {
  const get = op(d, "/gateway-nbc/v1/nbc/checkComplaintStatus", "get");
  get.parameters ??= [];
  return get.parameters;
};
const sig = (d: Doc) => walletOp(d)["x-pgi-signature"];

const ROWS: Row[] = [
  // operations
  {
    rule: "operation-removed",
    host: "payout",
    change: (d) => delete d.paths["/payout/smartPay/cancel"],
    operation: "POST /payout/smartPay/cancel",
  },
  {
    rule: "operation-added",
    host: "payout",
    change: (d) =>
      (d.paths["/payout/smartPay/cancel"].put = structuredClone(op(d, "/payout/smartPay/cancel"))),
    operation: "PUT /payout/smartPay/cancel",
  },
  {
    rule: "webhook-removed",
    host: "partner",
    change: (d) => delete d.webhooks.merchantStatusUpdate,
    operation: "webhook merchantStatusUpdate",
  },
  {
    rule: "webhook-added",
    host: "partner",
    change: (d) => (d.webhooks.another = structuredClone(d.webhooks.merchantStatusUpdate)),
    operation: "webhook another",
  },
  {
    rule: "callback-removed",
    host: "gateway",
    change: (d) => delete op(d, "/_payment").callbacks,
    operation: "callback collectFinalResponse",
  },
  {
    rule: "callback-added",
    host: "gateway",
    change: (d) =>
      (op(d, "/_payment").callbacks.second = structuredClone(
        op(d, "/_payment").callbacks.collectFinalResponse,
      )),
    operation: "callback second",
  },
  {
    rule: "operation-id-changed",
    host: "bbps",
    change: (d) => (op(d, "/gateway-nbc/v1/nbc/checkComplaintStatus", "get").operationId = "renamed"),
    operation: "GET /gateway-nbc",
  },
  {
    rule: "server-changed",
    host: "wallet",
    change: (d) => (d.servers[0].variables.base.default = "http://127.0.0.1:5012"),
  },
  { rule: "version-changed", host: "wallet", change: (d) => (d.info.version = "v2") },
  // parameters
  {
    rule: "request-parameter-removed",
    host: "payout",
    change: (d) => (op(d, "/payout/v2/smartSend/link").parameters = []),
    where: "header parameter pid",
  },
  {
    rule: "request-parameter-added-required",
    host: "bbps",
    change: (d) =>
      bbpsParams(d).push({ name: "billerId", in: "query", required: true, schema: { type: "string" } }),
    where: "query parameter billerId",
  },
  {
    rule: "request-parameter-added-optional",
    host: "bbps",
    change: (d) => bbpsParams(d).push({ name: "lang", in: "query", schema: { type: "string" } }),
    where: "query parameter lang",
  },
  {
    rule: "request-parameter-became-required",
    host: "otp",
    change: (d) => (d.components.parameters.ClientTypeOptional.required = true),
    operation: "POST /otp/verify",
    where: "header parameter clientType",
  },
  {
    rule: "request-parameter-became-optional",
    host: "payout",
    change: (d) => (d.components.parameters.Pid.required = false),
    where: "header parameter pid",
  },
  {
    rule: "request-parameter-serialisation-changed",
    host: "bbps",
    change: (d) => (d.components.parameters.ComplaintId.explode = false),
    where: "query parameter complaintId",
  },
  {
    rule: "response-header-removed",
    host: "wallet",
    change: (_d, o) => (walletOp(o).responses["200"].headers = { "X-Trace": { schema: { type: "string" } } }),
    where: "header X-Trace",
  },
  {
    rule: "response-header-added",
    host: "wallet",
    change: (d) => (walletOp(d).responses["200"].headers = { "X-Trace": { schema: { type: "string" } } }),
    where: "header X-Trace",
  },
  {
    rule: "response-header-became-optional",
    host: "wallet",
    change: (d, o) => {
      walletOp(o).responses["200"].headers = { "X-Trace": { required: true, schema: { type: "string" } } };
      walletOp(d).responses["200"].headers = { "X-Trace": { schema: { type: "string" } } };
    },
    where: "header X-Trace",
  },
  {
    rule: "response-header-became-required",
    host: "wallet",
    change: (d, o) => {
      walletOp(o).responses["200"].headers = { "X-Trace": { schema: { type: "string" } } };
      walletOp(d).responses["200"].headers = { "X-Trace": { required: true, schema: { type: "string" } } };
    },
    where: "header X-Trace",
  },
  // messages
  { rule: "request-body-removed", host: "wallet", change: (d) => delete walletOp(d).requestBody },
  {
    rule: "request-body-added-required",
    host: "bbps",
    change: (d) =>
      (op(d, "/gateway-nbc/v1/nbc/checkComplaintStatus").requestBody = {
        required: true,
        content: { "application/json": { schema: { type: "object" } } },
      }),
  },
  {
    rule: "request-body-added-optional",
    host: "bbps",
    change: (d) =>
      (op(d, "/gateway-nbc/v1/nbc/checkComplaintStatus").requestBody = {
        content: { "application/json": { schema: { type: "object" } } },
      }),
  },
  {
    rule: "request-body-became-required",
    host: "wallet",
    change: (_d, o) => (walletOp(o).requestBody.required = false),
  },
  {
    rule: "request-body-became-optional",
    host: "wallet",
    change: (d) => (walletOp(d).requestBody.required = false),
  },
  {
    rule: "response-body-removed",
    host: "partner",
    change: (d) => delete webhook(d).requestBody,
    operation: "webhook merchantStatusUpdate",
  },
  {
    rule: "response-body-added",
    host: "partner",
    change: (_d, o) => delete webhook(o).requestBody,
    operation: "webhook merchantStatusUpdate",
  },
  {
    rule: "request-media-type-removed",
    host: "wallet",
    change: (d) => {
      const c = walletOp(d).requestBody.content;
      c["multipart/form-data"] = c["application/x-www-form-urlencoded"];
      delete c["application/x-www-form-urlencoded"];
    },
  },
  {
    rule: "request-media-type-added",
    host: "wallet",
    change: (d) => {
      const c = walletOp(d).requestBody.content;
      c["application/json"] = structuredClone(c["application/x-www-form-urlencoded"]);
    },
  },
  {
    rule: "response-media-type-removed",
    host: "otp",
    change: (d) => delete d.components.responses.OtpSent.content["text/plain"],
    operation: "POST /otp/send",
  },
  {
    rule: "response-media-type-added",
    host: "wallet",
    change: (d) => {
      const c = walletOp(d).responses["200"].content;
      c["application/xml"] = structuredClone(c["application/json"]);
    },
  },
  {
    rule: "response-success-status-removed",
    host: "bbps",
    change: (d) => delete op(d, "/gateway-nbc/v1/nbc/checkComplaintStatus", "get").responses["200"],
    where: "200 answer",
  },
  {
    rule: "response-success-status-added",
    host: "payout",
    change: (d) =>
      (op(d, "/payout/v2/smartSend/link").responses["201"] = structuredClone(
        op(d, "/payout/v2/smartSend/link").responses["200"],
      )),
    where: "201 answer",
  },
  {
    rule: "response-error-status-removed",
    host: "payout",
    change: (d) => delete op(d, "/payout/v2/smartSend/link").responses["413"],
    where: "413 answer",
  },
  {
    rule: "response-error-status-added",
    host: "payout",
    change: (d) =>
      // 503 is documented already (the mock's shared store-unavailable refusal): plant another error status.
      (op(d, "/payout/v2/smartSend/link").responses["504"] = {
        description: "Gateway timeout; retry later.",
      }),
    where: "504 answer",
  },
  {
    rule: "answer-status-removed",
    host: "partner",
    change: (d) => delete webhook(d).responses["200"],
    operation: "webhook merchantStatusUpdate",
    where: "200 answer",
  },
  {
    rule: "answer-status-added",
    host: "partner",
    change: (d) => (webhook(d).responses["202"] = { description: "Accepted." }),
    operation: "webhook merchantStatusUpdate",
    where: "202 answer",
  },
  // schema structure
  {
    rule: "request-property-removed",
    host: "otp",
    change: (d) => {
      const s = schemas(d).SendOtpRequest;
      delete s.properties.amount;
    },
    operation: "POST /otp/send",
    where: "amount",
  },
  {
    rule: "request-property-added-required",
    host: "wallet",
    change: (d) => {
      const s = schemas(d).WalletTokenRequest;
      s.properties.channel = { type: "string" };
      s.required.push("channel");
    },
    where: "channel",
  },
  {
    rule: "request-property-added-optional",
    host: "wallet",
    change: (d) => (schemas(d).WalletTokenRequest.properties.channel = { type: "string" }),
    where: "channel",
  },
  {
    rule: "request-property-became-required",
    host: "otp",
    change: (d) => schemas(d).SendOtpRequest.required.push("amount"),
    operation: "POST /otp/send",
    where: "amount",
  },
  {
    rule: "request-property-became-optional",
    host: "payout",
    change: (d) =>
      schemas(d).CreateSmartSendLinkRequest.required.splice(
        schemas(d).CreateSmartSendLinkRequest.required.indexOf("custName"),
        1,
      ),
    where: "custName",
  },
  {
    rule: "response-property-removed",
    host: "wallet",
    change: (d) => delete schemas(d).WalletTokenResponse.properties.token,
    where: "token",
  },
  {
    rule: "response-property-removed",
    host: "partner",
    change: (d) => {
      const s = schemas(d).MerchantStatusWebhook;
      delete s.properties.mid;
      s.required = s.required.filter((r: string) => r !== "mid");
    },
    operation: "webhook merchantStatusUpdate",
    where: "mid",
  },
  {
    rule: "response-property-added",
    host: "partner",
    change: (d) => {
      const s = schemas(d).MerchantStatusWebhook;
      s.properties.region = { type: "string" };
      s.required.push("region");
    },
    operation: "webhook merchantStatusUpdate",
    where: "region",
  },
  {
    rule: "response-property-became-optional",
    host: "wallet",
    change: (d) => (schemas(d).WalletTokenResponse.required = ["status", "statuscode", "checksum"]),
    where: "statusdescription",
  },
  {
    rule: "response-property-became-required",
    host: "wallet",
    change: (d) => schemas(d).WalletTokenResponse.required.push("token"),
    where: "token",
  },
  {
    rule: "request-variant-removed",
    host: "gateway",
    change: (d) =>
      op(d, "/_payment").requestBody.content["application/x-www-form-urlencoded"].schema.oneOf.pop(),
    where: "BnplLinkAndPayRequest",
  },
  {
    rule: "request-variant-added",
    host: "gateway",
    change: (d) =>
      op(d, "/_payment").requestBody.content["application/x-www-form-urlencoded"].schema.oneOf.push({
        $ref: "#/components/schemas/AuthorizeTransactionRequest",
      }),
    where: "AuthorizeTransactionRequest",
  },
  {
    rule: "response-variant-added",
    host: "bbps",
    change: (d) => schemas(d).ComplaintStatusResponse.oneOf.push({ type: "string", title: "Plain" }),
    where: "Plain",
  },
  {
    rule: "response-variant-removed",
    host: "bbps",
    change: (d) => schemas(d).ComplaintStatusResponse.oneOf.pop(),
    where: "ComplaintStatusFailure",
  },
  // schema values
  {
    rule: "request-type-narrowed",
    host: "otp",
    change: (d) => (schemas(d).SendOtpRequest.properties.amount.type = "integer"),
    where: "amount",
  },
  {
    rule: "request-type-widened",
    host: "wallet",
    change: (d) => (schemas(d).WalletTokenRequest.properties.amount.type = "number"),
    where: "amount",
  },
  {
    rule: "response-type-widened",
    host: "bbps",
    change: (d) => (schemas(d).ComplaintStatusSuccess.properties.code.type = ["integer", "string"]),
    where: "code",
  },
  {
    rule: "response-type-narrowed",
    host: "bbps",
    change: (_d, o) => {
      schemas(o).ComplaintStatusSuccess.properties.code.type = ["integer", "string"];
    },
    where: "code",
  },
  {
    rule: "request-format-narrowed",
    host: "otp",
    change: (d) => (schemas(d).MessageText.format = "hostname"),
    where: "merchantName",
  },
  {
    rule: "request-format-widened",
    host: "gateway",
    change: (d) => delete schemas(d).UpiMandateIntentRequest.properties.email.format,
    where: "email",
  },
  {
    rule: "response-format-widened",
    host: "wallet",
    change: (_d, o) => (schemas(o).WalletTokenResponse.properties.token.format = "byte"),
    where: "token",
  },
  {
    rule: "response-format-narrowed",
    host: "wallet",
    change: (d) => (schemas(d).WalletTokenResponse.properties.token.format = "byte"),
    where: "token",
  },
  {
    rule: "request-enum-added",
    host: "otp",
    change: (d) => (schemas(d).SendOtpRequest.properties.provider.enum = ["loyalty-provider"]),
    where: "provider",
  },
  {
    rule: "request-enum-removed",
    host: "gateway",
    change: (d) => delete schemas(d).UpiMandateIntentRequest.properties.pg.const,
    where: "pg",
  },
  {
    rule: "request-enum-value-removed",
    host: "gateway",
    change: (d) => (schemas(d).UpiMandateIntentRequest.properties.pg.const = "UPI2"),
    where: "pg",
  },
  {
    rule: "request-enum-value-added",
    host: "gateway",
    change: (d) => {
      const pg = schemas(d).UpiMandateIntentRequest.properties.pg;
      delete pg.const;
      pg.enum = ["UPI", "UPI_QR"];
    },
    where: "pg",
  },
  {
    rule: "response-enum-value-added",
    host: "bbps",
    change: (d) => schemas(d).ComplaintStatusValue.enum.push("REOPENED"),
    where: "complaintStatus",
  },
  {
    rule: "response-enum-value-removed",
    host: "bbps",
    change: (d) => schemas(d).ComplaintStatusValue.enum.pop(),
    where: "complaintStatus",
  },
  {
    rule: "response-enum-added",
    host: "wallet",
    change: (d) => (schemas(d).WalletTokenResponse.properties.messagecode.enum = ["501"]),
    where: "messagecode",
  },
  {
    rule: "response-enum-removed",
    host: "wallet",
    change: (d) => delete schemas(d).WalletTokenResponse.properties.status.enum,
    where: "status",
  },
  {
    rule: "request-constraint-narrowed",
    host: "otp",
    change: (d) => (schemas(d).MobileNumber6to9.pattern = "^[7-9][0-9]{9}$"),
    where: "mobileNumber",
  },
  {
    rule: "request-constraint-widened",
    host: "otp",
    change: (d) => delete schemas(d).MobileNumber6to9.pattern,
    where: "mobileNumber",
  },
  {
    rule: "response-constraint-widened",
    host: "wallet",
    change: (_d, o) => (schemas(o).WalletTokenResponse.properties.token.minLength = 8),
    where: "token",
  },
  {
    rule: "response-constraint-narrowed",
    host: "gateway",
    change: (d) => (schemas(d).MandateAuthorizationResult.additionalProperties = false),
    operation: "POST /AuthorizeTransaction.php",
    where: "result",
  },
  {
    rule: "response-constraint-narrowed",
    host: "wallet",
    change: (d) => (schemas(d).WalletTokenResponse.properties.token.minLength = 8),
    where: "token",
  },
  // security
  {
    rule: "security-requirement-tightened",
    host: "partner",
    change: (d) =>
      op(d, "/api/v1/partners/register_webhook").security[0].partnerBearer.push("client_manage_agreement"),
    where: "security",
  },
  {
    rule: "security-requirement-relaxed",
    host: "partner",
    change: (d) => (op(d, "/api/v1/partners/register_webhook").security = []),
    where: "security",
  },
  {
    rule: "security-scheme-changed",
    host: "payout",
    change: (d) =>
      (d.components.securitySchemes.payoutBearer = { type: "apiKey", in: "header", name: "Authorization" }),
    where: "security",
  },
  {
    rule: "webhook-security-changed",
    host: "partner",
    change: (d) => (webhook(d).security = []),
    operation: "webhook merchantStatusUpdate",
  },
  // signature recipes
  {
    rule: "signature-added",
    host: "bbps",
    change: (d) =>
      (op(d, "/gateway-nbc/v1/nbc/checkComplaintStatus", "get")["x-pgi-signature"] = {
        id: "new",
        algorithm: "sha512",
      }),
  },
  { rule: "signature-removed", host: "wallet", change: (d) => delete walletOp(d)["x-pgi-signature"] },
  { rule: "signature-algorithm-changed", host: "wallet", change: (d) => (sig(d).algorithm = "hmac-sha512") },
  { rule: "signature-fields-changed", host: "wallet", change: (d) => sig(d).parts.splice(2, 0, "channel") },
  {
    rule: "signature-field-order-changed",
    host: "wallet",
    change: (d) => {
      const p = sig(d).parts;
      [p[0], p[1]] = [p[1], p[0]];
    },
  },
  { rule: "signature-separator-changed", host: "wallet", change: (d) => (sig(d).join = "|") },
  { rule: "signature-quote-changed", host: "wallet", change: (d) => (sig(d).quote = "") },
  { rule: "signature-encoding-changed", host: "wallet", change: (d) => (sig(d).output = "base64") },
  { rule: "signature-secret-changed", host: "wallet", change: (d) => (sig(d).secret = "salt") },
  {
    rule: "signature-carrier-changed",
    host: "wallet",
    change: (d) => (sig(d).carrier = { in: "header", name: "X-Checksum" }),
  },
  { rule: "signature-changed", host: "wallet", change: (d) => (sig(d).notes = "Values are trimmed first.") },
  {
    rule: "signature-field-order-changed",
    host: "gateway",
    change: (d) => {
      const p = schemas(d).TransactionResult["x-pgi-signature"].parts;
      [p[2], p[3]] = [p[3], p[2]];
    },
    operation: "callback collectFinalResponse",
  },
  {
    rule: "signature-separator-changed",
    host: "gateway",
    change: (d) => (schemas(d).MandateAuthorizationResult["x-pgi-signature"].join = ","),
    operation: "POST /AuthorizeTransaction.php",
    where: "result",
  },
  {
    rule: "signature-algorithm-changed",
    host: "partner",
    change: (d) => (webhook(d)["x-pgi-signature"].algorithm = "hmac-sha512"),
    operation: "webhook merchantStatusUpdate",
  },
  // interface rules and the rest
  {
    rule: "rule-added",
    host: "bbps",
    change: (d) =>
      (op(d, "/gateway-nbc/v1/nbc/checkComplaintStatus", "get")["x-pgi-rule"] = {
        description: "at most one call a minute",
      }),
  },
  { rule: "rule-removed", host: "wallet", change: (d) => delete walletOp(d)["x-pgi-rule"] },
  {
    rule: "rule-changed",
    host: "wallet",
    change: (d) => (walletOp(d)["x-pgi-rule"].defaultValidityDays = 180),
  },
  {
    rule: "rule-changed",
    host: "partner",
    change: (d) => webhook(d)["x-pgi-rule"].retrySchedule.pop(),
    operation: "webhook merchantStatusUpdate",
  },
  {
    rule: "callback-url-changed",
    host: "gateway",
    change: (d) =>
      (op(d, "/_payment").callbacks.collectFinalResponse["{$request.body#/surl}"].post[
        "x-pgi-callback-urls"
      ].failure = "{$request.body#/surl}"),
  },
  { rule: "extension-changed", host: "wallet", change: (d) => (walletOp(d)["x-pgi-no-token"] = "changed") },
  { rule: "deprecated-changed", host: "wallet", change: (d) => (walletOp(d).deprecated = true) },
  { rule: "docs-changed", host: "wallet", change: (d) => (walletOp(d).summary = "Another summary") },
];

const temp = tempDir();
afterAll(() => temp.remove());

function run(row: Row, index: number) {
  const old = bundle(row.host);
  const next = bundle(row.host);
  row.change(next, old);
  const oldDir = writeBundles(join(temp.dir, `${index}-old`), { [row.host]: old });
  const newDir = writeBundles(join(temp.dir, `${index}-new`), { [row.host]: next });
  return diffSpecSets(loadPathSet(oldDir), loadPathSet(newDir));
}

describe("a planted change of each kind is reported with its rule", () => {
  ROWS.forEach((row, index) => {
    it(`${row.rule} (${row.host}${row.operation ? ` ${row.operation}` : ""})`, () => {
      const { changes } = run(row, index);
      const hits = changes.filter((c) => c.rule === row.rule);
      expect(
        hits,
        JSON.stringify(
          changes.map((c) => `${c.rule} ${c.operation} ${c.where}`),
          null,
          1,
        ),
      ).not.toHaveLength(0);
      for (const hit of hits) expect(hit.severity).toBe(RULES_BY_ID.get(row.rule)!.severity);
      if (row.operation) expect(hits.some((c) => c.operation?.includes(row.operation!))).toBe(true);
      if (row.where) expect(hits.some((c) => c.where.includes(row.where!))).toBe(true);
      expect(hits[0]!.location).toMatch(new RegExp(`^${row.host}\\.yaml#`));
    });
  });

  it("every rule of the registry has a row", () => {
    const covered = new Set([...ROWS.map((r) => r.rule), "host-removed", "host-added"]);
    expect(ALL_RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe("hosts", () => {
  it("host-removed and host-added when a bundle is missing on one side", () => {
    const oldDir = writeBundles(join(temp.dir, "hosts-old"), {
      wallet: bundle("wallet"),
      bbps: bundle("bbps"),
    });
    const newDir = writeBundles(join(temp.dir, "hosts-new"), {
      wallet: bundle("wallet"),
      payout: bundle("payout"),
    });
    const rules = diffSpecSets(loadPathSet(oldDir), loadPathSet(newDir)).changes.map(
      (c) => `${c.rule} ${c.host}`,
    );
    expect(rules).toEqual(["host-added payout", "host-removed bbps"]);
  });
});
