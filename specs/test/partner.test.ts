// Contract tests of the partner / onboarding host (specs/dist/partner.yaml): valid/invalid instance tables per
// schema, security and scopes, the webhook's signature and delivery rule, and every named example.
import type { ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { at, check, loadBundle, ptr, validatorAt } from "./helpers.js";

type Obj = Record<string, unknown>;
const HOST = "partner" as const;
const FORM = "application/x-www-form-urlencoded";
const REGISTER = "/api/v1/partners/register_webhook";
const ESIGN = "/api/v1/merchants/{uuid}/generate_merged_document_for_esign";
const schema = (name: string) => validatorAt(HOST, ptr("components", "schemas", name));
const example = (name: string) =>
  structuredClone(at(HOST, ptr("components", "examples", name, "value")) as Obj);
const without = (o: Obj, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/** ajv's errors, plus the name of each property rejected by additionalProperties: false. */
function problems(validate: ValidateFunction, instance: unknown): string[] {
  const list = check(validate, instance);
  for (const e of validate.errors ?? []) {
    if (e.keyword === "additionalProperties")
      list.push(`unknown property '${String(e.params.additionalProperty)}'`);
  }
  return list;
}

/** Valid rows must give no errors; invalid rows must give an error mentioning `want`. */
function table(
  name: string,
  validate: () => ValidateFunction,
  valid: [string, unknown][],
  invalid: [string, unknown, string][],
) {
  describe(name, () => {
    it.each(valid)("accepts %s", (_label, given) => {
      expect(problems(validate(), given)).toEqual([]);
    });
    it.each(invalid)("rejects %s", (_label, given, want) => {
      const errors = problems(validate(), given);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.join("\n")).toContain(want);
    });
  });
}

/** Rows that drop each required property in turn. */
const missing = (base: Obj, names: string[]): [string, unknown, string][] =>
  names.map((n) => [`without ${n}`, without(base, n), `'${n}'`]);

const METHODS = ["get", "put", "post", "delete", "patch"];

/** Follows local $refs; returns the node and the JSON pointer it lives at. */
function deref(node: Obj, pointer: string): [Obj, string] {
  let n = node;
  let p = pointer;
  while (typeof n.$ref === "string") {
    p = (n.$ref as string).slice(1);
    n = at(HOST, p) as Obj;
  }
  return [n, p];
}

type Op = { where: string; pointer: string; op: Obj; params: [Obj, string][] };
/** Every operation of paths and webhooks, with its pointer and its (dereferenced) parameters. */
function operations(): Op[] {
  const doc = loadBundle(HOST);
  const out: Op[] = [];
  for (const group of ["paths", "webhooks"]) {
    for (const [name, raw] of Object.entries((doc[group] ?? {}) as Obj)) {
      const [item, itemPtr] = deref(raw as Obj, ptr(group, name));
      for (const method of METHODS) {
        const op = item[method] as Obj | undefined;
        if (!op) continue;
        const pointer = `${itemPtr}/${method}`;
        const params = [
          ...((item.parameters ?? []) as Obj[]).map((p, i) => deref(p, `${itemPtr}/parameters/${i}`)),
          ...((op.parameters ?? []) as Obj[]).map((p, i) => deref(p, `${pointer}/parameters/${i}`)),
        ];
        out.push({ where: `${method.toUpperCase()} ${name}`, pointer, op, params });
      }
    }
  }
  return out;
}

type Body = { where: string; pointer: string; examples: [string, unknown][] };
/** Every request and response body: the pointer of its schema and its named example values. */
function bodies(): Body[] {
  const out: Body[] = [];
  for (const { where, pointer, op } of operations()) {
    const holders: [string, Obj, string][] = [];
    if (op.requestBody) holders.push(["request", ...deref(op.requestBody as Obj, `${pointer}/requestBody`)]);
    for (const [status, r] of Object.entries((op.responses ?? {}) as Obj)) {
      holders.push([status, ...deref(r as Obj, `${pointer}/responses/${status}`)]);
    }
    for (const [label, holder, holderPtr] of holders) {
      for (const [media, mt] of Object.entries((holder.content ?? {}) as Obj)) {
        const examples = Object.entries(((mt as Obj).examples ?? {}) as Obj).map(
          ([n, e]): [string, unknown] => [n, deref(e as Obj, "")[0].value],
        );
        out.push({
          where: `${where} ${label} ${media}`,
          pointer: `${holderPtr}/content/${media.replace("/", "~1")}/schema`,
          examples,
        });
      }
    }
  }
  return out;
}

/** Property names a schema declares (through $ref and allOf), or undefined when it declares none. */
function declaredProps(schema: Obj): Set<string> | undefined {
  const [s] = deref(schema, "");
  let names: Set<string> | undefined;
  if (s.properties) names = new Set(Object.keys(s.properties as Obj));
  for (const sub of (s.allOf ?? []) as Obj[]) {
    const more = declaredProps(sub);
    if (more) names = new Set([...(names ?? []), ...more]);
  }
  return names;
}
/** Sub-schemas that describe property `name` (through $ref and allOf). */
function propSchemas(schema: Obj, name: string): Obj[] {
  const [s] = deref(schema, "");
  const out: Obj[] = [];
  const own = (s.properties as Obj | undefined)?.[name];
  if (own) out.push(own as Obj);
  for (const sub of (s.allOf ?? []) as Obj[]) out.push(...propSchemas(sub, name));
  return out;
}
/** Paths inside `value` that no schema declares (examples must show only documented fields). For oneOf/anyOf,
 * the branch that explains the value best counts. */
function undeclared(schema: Obj, value: unknown, path = ""): string[] {
  const [top] = deref(schema, "");
  for (const key of ["oneOf", "anyOf"]) {
    const branches = top[key] as Obj[] | undefined;
    if (branches?.length) {
      return branches.map((b) => undeclared(b, value, path)).reduce((a, b) => (b.length < a.length ? b : a));
    }
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    if (Array.isArray(value)) {
      const [s] = deref(schema, "");
      const items = s.items as Obj | undefined;
      return items ? value.flatMap((v, i) => undeclared(items, v, `${path}/${i}`)) : [];
    }
    return [];
  }
  const names = declaredProps(schema);
  const [s] = deref(schema, "");
  if (!names) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value as Obj)) {
    const subs = propSchemas(s, k);
    if (!names.has(k) && !s.additionalProperties) out.push(`${path}/${k}`);
    for (const sub of subs) out.push(...undeclared(sub, v, `${path}/${k}`));
  }
  return [...new Set(out)];
}

// ---------------------------------------------------------------- register_webhook

const register: Obj = {
  webhook_url: "https://partner.example.in/pgi/merchant-status",
  reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
};
table(
  "RegisterWebhookRequest",
  () => schema("RegisterWebhookRequest"),
  [
    ["an HTTPS URL and a reseller UUID", register],
    [
      "an HTTPS URL with a port and query",
      { ...register, webhook_url: "https://hooks.example.in:8443/pgi?src=pgi" },
    ],
    ["an RFC 4122 reseller UUID", { ...register, reseller_uuid: "3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c" }],
  ],
  [
    ...missing(register, ["webhook_url", "reseller_uuid"]),
    ["an http:// URL", { ...register, webhook_url: "http://partner.example.in/hook" }, "/webhook_url"],
    ["a URL without scheme", { ...register, webhook_url: "partner.example.in/hook" }, "/webhook_url"],
    [
      "an upper-case scheme (pattern is ^https://)",
      { ...register, webhook_url: "HTTPS://partner.example.in/hook" },
      "/webhook_url",
    ],
    ["a URL with a space", { ...register, webhook_url: "https://partner example.in/hook" }, "/webhook_url"],
    ["an empty reseller_uuid", { ...register, reseller_uuid: "" }, "/reseller_uuid"],
    ["a numeric reseller_uuid", { ...register, reseller_uuid: 42 }, "/reseller_uuid"],
    ["an unknown parameter", { ...register, event_types: "all" }, "'event_types'"],
  ],
);

table(
  "RegisterWebhookResponse (open)",
  () => schema("RegisterWebhookResponse"),
  [
    ["a message", { message: "Webhook registered successfully" }],
    ["a message and an extra field", { message: "ok", webhook_url: "https://partner.example.in/hook" }],
  ],
  [
    ["no message", {}, "'message'"],
    ["a numeric message", { message: 1 }, "/message"],
  ],
);

// ---------------------------------------------------------------- agreement generation

const agreement: Obj = {
  agreement_url: "https://onboarding.example.in/esign/11eb-de10-3a450888-a354-a483e7015be5/merged_doc.pdf",
  agreement_status: "Generated",
  message: "Agreement generated successfully",
};
table(
  "AgreementResponse (open)",
  () => schema("AgreementResponse"),
  [
    ["a generated agreement", agreement],
    ["an extra field", { ...agreement, kyc_document: { id: 273 } }],
  ],
  [
    ...missing(agreement, ["agreement_url", "agreement_status", "message"]),
    ["a relative agreement_url", { ...agreement, agreement_url: "/esign/merged_doc.pdf" }, "/agreement_url"],
    ["a numeric agreement_status", { ...agreement, agreement_status: 1 }, "/agreement_status"],
  ],
);

table(
  "PartnerError (open)",
  () => schema("PartnerError"),
  [
    ["the insufficient-scope body", { error: "unauthorized", message: "insufficient scope" }],
    ["an empty object (bodies not shown)", {}],
    ["only a message", { message: "Merchant not found" }],
    ["other fields", { status: "Unauthorized" }],
  ],
  [
    ["a numeric error", { error: 401 }, "/error"],
    ["an array message", { message: ["insufficient scope"] }, "/message"],
    ["a string body", "insufficient scope", "object"],
  ],
);

table(
  "MerchantUuid (path parameter)",
  () => validatorAt(HOST, ptr("components", "parameters", "MerchantUuid", "schema")),
  [
    ["the host's layout", "11eb-de10-3a450888-a354-a483e7015be5"],
    ["an RFC 4122 UUID", "3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c"],
  ],
  [
    ["an empty string", "", "fewer than 1"],
    ["a number", 42, "string"],
  ],
);

// ---------------------------------------------------------------- merchant status webhook

const webhook: Obj = {
  previous_status: "Pending",
  current_status: "Approved",
  change_timestamp: 1754978400,
  mid: 8000051,
  merchant_uuid: "11eb-de10-3a450888-a354-a483e7015be5",
  event_name: "Bank verification status update",
  error: "NA",
  remarks: "NA",
};
table(
  "MerchantStatusWebhook",
  () => schema("MerchantStatusWebhook"),
  [
    ["a bank verification approval", webhook],
    [
      "a declined KYC document with error and remarks",
      {
        ...webhook,
        previous_status: "Received",
        current_status: "Declined",
        event_name: "SIGNED_AUTHORISATION_LETTER status update",
        error: "Authorisation letter is not signed",
        remarks: "Upload a signed authorisation letter",
      },
    ],
    ...["Document", "Website", "Agreement", "Settlement", "Bank verification"].map((k): [string, unknown] => [
      `event ${k} status update`,
      { ...webhook, event_name: `${k} status update` },
    ]),
    ...["PAN", "GOVT_ID", "BANK_PROOF", "ADDRESS_PROOF"].map((k): [string, unknown] => [
      `KYC event ${k} status update`,
      { ...webhook, event_name: `${k} status update` },
    ]),
    ...["Pending", "Received", "Approved", "Declined", "Success"].map((s): [string, unknown] => [
      `status ${s}`,
      { ...webhook, current_status: s },
    ]),
    ["a status outside the known list (open)", { ...webhook, current_status: "Under Review" }],
    ["an event outside the known list (open)", { ...webhook, event_name: "Risk status update" }],
    ["a mid beyond 32 bits", { ...webhook, mid: 90000000001 }],
    ["a field added later (open)", { ...webhook, product: "payments" }],
  ],
  [
    ...missing(webhook, Object.keys(webhook)),
    ["change_timestamp as a string", { ...webhook, change_timestamp: "1754978400" }, "/change_timestamp"],
    ["change_timestamp with a fraction", { ...webhook, change_timestamp: 1754978400.5 }, "/change_timestamp"],
    ["a negative change_timestamp", { ...webhook, change_timestamp: -1 }, "/change_timestamp"],
    ["mid as a string", { ...webhook, mid: "8000051" }, "/mid"],
    ["a fractional mid", { ...webhook, mid: 8000051.5 }, "/mid"],
    ["a null error (NA is used instead)", { ...webhook, error: null }, "/error"],
    ["a null remarks (NA is used instead)", { ...webhook, remarks: null }, "/remarks"],
    ["a numeric status", { ...webhook, previous_status: 1 }, "/previous_status"],
    ["an empty event_name", { ...webhook, event_name: "" }, "/event_name"],
    ["an empty merchant_uuid", { ...webhook, merchant_uuid: "" }, "/merchant_uuid"],
  ],
);

// ---------------------------------------------------------------- operations, security, extensions

describe("operations", () => {
  const ops = operations();
  it("are the two calls and the webhook", () => {
    expect(ops.map((o) => o.where).sort()).toEqual(
      [`GET ${ESIGN}`, `POST ${REGISTER}`, "POST merchantStatusUpdate"].sort(),
    );
  });
  it.each(ops.map((o) => [o.where, o] as const))("%s is documented", (_w, { op }) => {
    for (const key of ["operationId", "summary", "description"]) expect(typeof op[key]).toBe("string");
    expect((op.tags as string[]).length).toBeGreaterThan(0);
    expect(Array.isArray(op.security)).toBe(true);
  });
  it("register_webhook needs refer_merchant and a form body", () => {
    const op = at(HOST, ptr("paths", REGISTER, "post")) as Obj;
    expect(op.security).toEqual([{ partnerBearer: ["refer_merchant"] }]);
    expect(Object.keys((op.requestBody as Obj).content as Obj)).toEqual([FORM]);
    expect((op.requestBody as Obj).required).toBe(true);
    expect(Object.keys(op.responses as Obj).sort()).toEqual([
      "200",
      "400",
      "401",
      "413",
      "415",
      "422",
      "503",
    ]);
  });
  it("agreement generation needs refer_merchant plus one of the two management scopes", () => {
    const op = at(HOST, ptr("paths", ESIGN, "get")) as Obj;
    expect(op.security).toEqual([
      { partnerBearer: ["refer_merchant", "client_manage_agreement"] },
      { partnerBearer: ["refer_merchant", "client_manage_kyc_details"] },
    ]);
    expect(Object.keys(op.responses as Obj).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "422",
      "500",
      "503",
    ]);
    expect(op.requestBody).toBeUndefined();
  });
  it("agreement generation takes the merchant uuid in the path and no Accept parameter", () => {
    const { params } = ops.find((o) => o.where === `GET ${ESIGN}`)!;
    expect(params.map(([p]) => [p.name, p.in, p.required])).toEqual([["uuid", "path", true]]);
  });
  it("agreement 401 shows the insufficient-scope body and the invalid-token case", () => {
    const ex = at(
      HOST,
      ptr("components", "responses", "Unauthorized", "content", "application/json", "examples"),
    ) as Obj;
    expect(Object.keys(ex).sort()).toEqual(["insufficientScope", "invalidOrExpiredToken"]);
    expect(example("ErrorInsufficientScope")).toEqual({
      error: "unauthorized",
      message: "insufficient scope",
    });
  });
  it("the partnerBearer scheme lists every scope with its meaning", () => {
    const scheme = at(HOST, ptr("components", "securitySchemes", "partnerBearer")) as Obj;
    expect(scheme).toMatchObject({ type: "http", scheme: "bearer" });
    const scopes = [
      "refer_merchant",
      "verify_sign_in_otp",
      "client_manage_agreement",
      "client_manage_kyc_details",
      "user_profile",
      "create_bank_details",
      "update_bank_details",
    ];
    expect(Object.keys(scheme["x-pgi-scopes"] as Obj).sort()).toEqual([...scopes].sort());
    for (const s of scopes) expect(scheme.description).toContain(s);
    expect(scheme.description).toContain("reseller UUID");
    expect(scheme.description).toContain("client secret");
  });
});

describe("merchant status webhook", () => {
  const op = at(HOST, ptr("webhooks", "merchantStatusUpdate", "post")) as Obj;
  it("is signed in the Authorization header", () => {
    expect(op.security).toEqual([{ webhookSignature: [] }]);
    expect(at(HOST, ptr("components", "securitySchemes", "webhookSignature"))).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
    const sig = op["x-pgi-signature"] as Obj;
    expect(sig).toMatchObject({
      id: "webhook-signature",
      algorithm: "hmac-sha256",
      output: "hex-lower",
      format: "sorted-key-value",
    });
    expect(sig.carrier).toEqual({ in: "header", name: "Authorization" });
  });
  it("carries the delivery rule: 200 within 30 s, retries at 3, 9, 27, 81, 243 s, duplicate key", () => {
    const rule = op["x-pgi-rule"] as Obj;
    expect(rule).toMatchObject({
      expectStatus: 200,
      answerWithinSeconds: 30,
      retrySchedule: [3, 9, 27, 81, 243],
    });
    expect(rule.duplicateKey).toEqual(["merchant_uuid", "change_timestamp", "event_name"]);
  });
  it("says the rules in prose too", () => {
    const text = op.description as string;
    for (const s of [
      "alphabetically",
      "HMAC-SHA256",
      "client secret",
      "lowercase",
      "constant time",
      "single HTTPS endpoint",
      "real-time merchant status service",
      "30 seconds",
      "3, 9, 27, 81 and 243",
      "merchant_uuid, change_timestamp and",
    ]) {
      expect(text).toContain(s);
    }
  });
  it("answers 200 (acknowledged) or anything else (retried)", () => {
    expect(Object.keys(op.responses as Obj).sort()).toEqual(["200", "default"]);
    expect(((op.responses as Obj).default as Obj).description).toContain("retried");
  });
  it("requires every payload field", () => {
    expect(
      (at(HOST, ptr("components", "schemas", "MerchantStatusWebhook", "required")) as string[]).sort(),
    ).toEqual([
      "change_timestamp",
      "current_status",
      "error",
      "event_name",
      "merchant_uuid",
      "mid",
      "previous_status",
      "remarks",
    ]);
  });
  it("lists the known statuses and event kinds", () => {
    expect(at(HOST, ptr("components", "schemas", "MerchantStatusValue", "x-pgi-known-values"))).toEqual([
      "Pending",
      "Received",
      "Approved",
      "Declined",
      "Success",
    ]);
    const events = at(HOST, ptr("components", "schemas", "MerchantEventName")) as Obj;
    expect(Object.keys(events["x-pgi-known-values"] as Obj)).toEqual([
      "Document status update",
      "Website status update",
      "Agreement status update",
      "Settlement status update",
      "Bank verification status update",
    ]);
    expect((events["x-pgi-known-name-fragments"] as Obj).fragments).toEqual([
      "SIGNED_",
      "PAN",
      "GOVT_",
      "BANK_PROOF",
      "ADDRESS_",
    ]);
  });
  it("has the three demonstrated deliveries", () => {
    expect(example("WebhookBankVerificationApproved")).toMatchObject({
      previous_status: "Pending",
      current_status: "Approved",
      event_name: "Bank verification status update",
      error: "NA",
      remarks: "NA",
    });
    const kyc = example("WebhookKycDocumentDeclined");
    expect(kyc).toMatchObject({ previous_status: "Received", current_status: "Declined" });
    expect(kyc.error).not.toBe("NA");
    expect(kyc.remarks).not.toBe("NA");
    expect(kyc.event_name).toContain("SIGNED_");
    expect(example("WebhookAgreementStatusUpdate").event_name).toBe("Agreement status update");
  });
});

describe("document", () => {
  it("has version v1 and the local mock server", () => {
    const doc = loadBundle(HOST);
    expect((doc.info as Obj).version).toBe("v1");
    const server = (doc.servers as Obj[])[0]!;
    expect(((server.variables as Obj).base as Obj).default).toBe("http://127.0.0.1:4013");
    expect(server.description).toContain("PGI_PARTNER_URL");
  });
});

describe("named examples", () => {
  const all = bodies();
  it("exist on every body", () => {
    for (const b of all) expect(b.examples.length, b.where).toBeGreaterThan(0);
  });
  const rows = all.flatMap((b) =>
    b.examples.map(([n, v]): [string, string, unknown] => [`${b.where} ${n}`, b.pointer, v]),
  );
  it.each(rows)("%s validates against its schema", (_w, pointer, value) => {
    expect(check(validatorAt(HOST, pointer), value)).toEqual([]);
  });
  it.each(rows)("%s uses only declared properties", (_w, pointer, value) => {
    expect(undeclared(at(HOST, pointer) as Obj, value)).toEqual([]);
  });
  it("the declared-properties check catches an undocumented field", () => {
    expect(
      undeclared(at(HOST, ptr("components", "schemas", "MerchantStatusWebhook")) as Obj, {
        ...webhook,
        product: "x",
      }),
    ).toEqual(["/product"]);
  });
  const params = operations().flatMap(({ where, params }) =>
    params.flatMap(([p, pointer]) =>
      Object.entries((p.examples ?? {}) as Obj).map(([n, e]): [string, string, unknown] => [
        `${where} ${String(p.name)} ${n}`,
        `${pointer}/schema`,
        (e as Obj).value,
      ]),
    ),
  );
  it.each(params)("parameter example %s validates", (_w, pointer, value) => {
    expect(check(validatorAt(HOST, pointer), value)).toEqual([]);
  });
});
