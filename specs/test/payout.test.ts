// Contract tests of the payout smart send host (specs/dist/payout.yaml): valid/invalid instance tables per schema,
// headers, query parameters and security of every call, the shared 401 response, and every named example.
import type { ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { at, check, loadBundle, ptr, validatorAt } from "./helpers.js";

type Obj = Record<string, unknown>;
const HOST = "payout" as const;
const FORM = "application/x-www-form-urlencoded";
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

const JSON_MT = "application/json";
const LINK = "/payout/v2/smartSend/link";
const DETAILS = "/payout/merchant/smartSend/details";
const STATUS = "/payout/v2/smartSend/status";
const EXPIRY = "/payout/v2/smartSend/expiry/{id}";
const CANCEL = "/payout/smartPay/cancel";

// ---------------------------------------------------------------- create link

const create: Obj = {
  amount: "1",
  merchantRefId: "TEST00020",
  custName: "DIVIK",
  custMobile: "9868888568",
  description: "TEST",
  expiryDate: "2026-08-19T10:00:49.778+0000",
};
table(
  "CreateSmartSendLinkRequest",
  () => schema("CreateSmartSendLinkRequest"),
  [
    ["the demonstrated request", create],
    ["an amount with 2 decimals", { ...create, amount: "10.50" }],
    ["an amount with 1 decimal", { ...create, amount: "10.5" }],
    ["a mobile number starting with 1 (10 digits is the only rule)", { ...create, custMobile: "1234567890" }],
    ["expiry at the end of a day", { ...create, expiryDate: "2026-12-31T23:59:59.999+0000" }],
    [
      "expiry written with Z, as the gateway's published request",
      { ...create, expiryDate: "2021-07-23T10:00:49.778Z" },
    ],
  ],
  [
    ...missing(create, Object.keys(create)),
    ["an amount with 3 decimals", { ...create, amount: "1.005" }, "/amount"],
    ["a numeric amount", { ...create, amount: 1 }, "/amount"],
    ["a negative amount", { ...create, amount: "-1" }, "/amount"],
    ["an amount with a comma", { ...create, amount: "1,000" }, "/amount"],
    ["an amount ending in a dot", { ...create, amount: "1." }, "/amount"],
    ["a 9-digit mobile", { ...create, custMobile: "986888856" }, "/custMobile"],
    ["an 11-digit mobile", { ...create, custMobile: "98688885681" }, "/custMobile"],
    ["a mobile with country code", { ...create, custMobile: "+919868888568" }, "/custMobile"],
    ["a numeric mobile", { ...create, custMobile: 9868888568 }, "/custMobile"],
    ["expiry without milliseconds", { ...create, expiryDate: "2026-08-19T10:00:49+0000" }, "/expiryDate"],
    ["expiry with +05:30", { ...create, expiryDate: "2026-08-19T15:30:49.778+0530" }, "/expiryDate"],
    ["expiry as a date only", { ...create, expiryDate: "2026-08-19" }, "/expiryDate"],
    ["expiry in month 13", { ...create, expiryDate: "2026-13-19T10:00:49.778+0000" }, "/expiryDate"],
    ["expiry at hour 24", { ...create, expiryDate: "2026-08-19T24:00:00.000+0000" }, "/expiryDate"],
    ["an empty merchantRefId", { ...create, merchantRefId: "" }, "/merchantRefId"],
    ["an empty custName", { ...create, custName: "" }, "/custName"],
    ["an empty description", { ...create, description: "" }, "/description"],
    ["custEmail (not in the interface)", { ...create, custEmail: "a@example.in" }, "'custEmail'"],
  ],
);

const created: Obj = {
  status: 0,
  msg: "Success",
  code: null,
  data: {
    link: "https://test.payumoney.com/url/1IOrXuzqo5KH",
    linkId: "D9tC/lQ2x",
    expiryDate: "2026-08-19T10:00:49.778+0000",
  },
};
table(
  "CreateSmartSendLinkResponse (open)",
  () => schema("CreateSmartSendLinkResponse"),
  [
    ["the success answer", created],
    ["an integer code", { ...created, code: 1122 }],
    ["extra fields", { ...created, traceId: "x", data: { ...(created.data as Obj), linkExpiry: 7 } }],
  ],
  [
    ...missing(created, ["status", "msg", "code", "data"]),
    ...missing(created.data as Obj, ["link", "linkId", "expiryDate"]).map(
      ([l, d, w]): [string, unknown, string] => [`data ${l}`, { ...created, data: d }, w],
    ),
    ["status as a string", { ...created, status: "0" }, "/status"],
    ["code as a string", { ...created, code: "1122" }, "/code"],
    [
      "a bad data.expiryDate",
      { ...created, data: { ...(created.data as Obj), expiryDate: "2026-08-19T10:00:49Z" } },
      "/data/expiryDate",
    ],
  ],
);

// ---------------------------------------------------------------- details

const found = example("DetailsFound");
const notFound = example("DetailsNotFound");
const record = found.data as Obj;
table(
  "SmartSendDetailsResponse (open, both shapes)",
  () => schema("SmartSendDetailsResponse"),
  [
    ["a found record", found],
    ["an expired record", example("DetailsExpired")],
    ["the not-found shape (all null but the two identifiers)", notFound],
    [
      "a status outside the known list (open)",
      { ...found, data: { ...record, smartSendStatus: "CANCELLED" } },
    ],
    ["an integer amount", { ...found, data: { ...record, amount: 10 } }],
    ["a txnSubStatus text", { ...found, data: { ...record, txnSubStatus: "SETTLED" } }],
    ["a custEmail", { ...found, data: { ...record, custEmail: "a@example.in" } }],
    ["a payoutMerchantId beyond 32 bits", { ...found, data: { ...record, payoutMerchantId: 90000000001 } }],
    ["extra fields in data", { ...found, data: { ...record, payuTransactionRefNo: "PAYOUT1" } }],
  ],
  [
    ...missing(found, ["status", "msg", "code", "data"]),
    ...missing(record, ["merchantRefId", "payoutMerchantId"]).map(([l, d, w]): [string, unknown, string] => [
      `data ${l}`,
      { ...found, data: d },
      w,
    ]),
    [
      "a null merchantRefId",
      { ...notFound, data: { ...(notFound.data as Obj), merchantRefId: null } },
      "/data/merchantRefId",
    ],
    [
      "a null payoutMerchantId",
      { ...notFound, data: { ...(notFound.data as Obj), payoutMerchantId: null } },
      "/data/payoutMerchantId",
    ],
    [
      "payoutMerchantId as a string",
      { ...found, data: { ...record, payoutMerchantId: "1111312" } },
      "/data/payoutMerchantId",
    ],
    ["amount as a string", { ...found, data: { ...record, amount: "1.0" } }, "/data/amount"],
    ...["addedOn", "expiryDate", "updatedOn", "lastStatusUpdateDate", "succeedOn"].map(
      (f): [string, unknown, string] => [
        `${f} with Z`,
        { ...found, data: { ...record, [f]: "2026-08-12T20:16:39.000Z" } },
        `/data/${f}`,
      ],
    ),
    ...[
      "smartSendStatus",
      "description",
      "linkId",
      "transferType",
      "bankTransactionRefNo",
      "gatewayTransactionRefNo",
      "txnStatus",
      "txnSubStatus",
      "custName",
      "custEmail",
      "custMobile",
      "msg",
      "link",
      "txnSource",
    ].map((f): [string, unknown, string] => [
      `${f} as a number`,
      { ...found, data: { ...record, [f]: 1 } },
      `/data/${f}`,
    ]),
    ["data null", { ...found, data: null }, "/data"],
    ["status as a string", { ...found, status: "1" }, "/status"],
  ],
);

// ---------------------------------------------------------------- envelope of status, extend expiry, cancel

const cancelled: Obj = { status: 1, msg: "SmartPay Link cancelled", code: 1122, data: null };
table(
  "SmartSendEnvelope (open)",
  () => schema("SmartSendEnvelope"),
  [
    ["the cancel success", { status: 0, msg: "Smart send link cancelled", code: null, data: null }],
    ["code 1122, link cancelled", cancelled],
    ["an extra field", { ...cancelled, traceId: "abc" }],
  ],
  [
    ...missing(cancelled, ["status", "msg", "code", "data"]),
    ["data as an object", { ...cancelled, data: {} }, "/data"],
    ["code as a string", { ...cancelled, code: "1122" }, "/code"],
    ["status as a string", { ...cancelled, status: "1" }, "/status"],
    ["a null msg", { ...cancelled, msg: null }, "/msg"],
  ],
);

table(
  "ExtendExpiryRequest",
  () => schema("ExtendExpiryRequest"),
  [
    ["a new expiry", { expiryDate: "2026-08-26T18:29:59.000+0000" }],
    ["a new expiry written with Z", { expiryDate: "2026-08-26T18:29:59.000Z" }],
  ],
  [
    ["no expiryDate", {}, "'expiryDate'"],
    ["expiry with Z but no milliseconds", { expiryDate: "2026-08-26T18:29:59Z" }, "/expiryDate"],
    ["expiry with a space instead of +", { expiryDate: "2026-08-26T18:29:59.000 0000" }, "/expiryDate"],
    ["an unknown field", { expiryDate: "2026-08-26T18:29:59.000+0000", linkId: "x" }, "'linkId'"],
  ],
);

const denied: Obj = example("AccessDenied");
table(
  "PayoutUnauthorized (open)",
  () => schema("PayoutUnauthorized"),
  [
    ["the access-denied body", denied],
    ["another path", { ...denied, path: "/payout/smartPay/cancel" }],
  ],
  [
    ...missing(denied, ["timestamp", "status", "error", "message", "path"]),
    ["status 403", { ...denied, status: 403 }, "/status"],
    ["status as a string", { ...denied, status: "401" }, "/status"],
  ],
);

// ---------------------------------------------------------------- parameters and security of each call

type ParamRow = [string, string, boolean];
const paramsOf = (where: string): ParamRow[] =>
  operations()
    .find((o) => o.where === where)!
    .params.map(([p]): ParamRow => [String(p.name), String(p.in), p.required === true]);

describe("operations", () => {
  const ops = operations();
  it("are the five smart send calls", () => {
    expect(ops.map((o) => o.where).sort()).toEqual(
      [`POST ${LINK}`, `GET ${DETAILS}`, `GET ${STATUS}`, `PUT ${EXPIRY}`, `POST ${CANCEL}`].sort(),
    );
  });
  it.each(ops.map((o) => [o.where, o] as const))(
    "%s is documented and answers 401 with the shared response",
    (_w, { op }) => {
      for (const key of ["operationId", "summary", "description"]) expect(typeof op[key]).toBe("string");
      expect((op.tags as string[]).length).toBeGreaterThan(0);
      expect((op.responses as Obj)["401"]).toEqual({ $ref: "#/components/responses/Unauthorized" });
    },
  );
  it("create: pid header required, JSON body required, bearer token", () => {
    expect(paramsOf(`POST ${LINK}`)).toEqual([["pid", "header", true]]);
    const op = at(HOST, ptr("paths", LINK, "post")) as Obj;
    expect(op.security).toEqual([{ payoutBearer: [] }]);
    expect(Object.keys((op.requestBody as Obj).content as Obj)).toEqual([JSON_MT]);
    expect((op.requestBody as Obj).required).toBe(true);
  });
  it("details: payoutMerchantId and merchantRefId query parameters required, bearer token", () => {
    expect(paramsOf(`GET ${DETAILS}`)).toEqual([
      ["payoutMerchantId", "query", true],
      ["merchantRefId", "query", true],
    ]);
    expect(at(HOST, ptr("paths", DETAILS, "get", "security"))).toEqual([{ payoutBearer: [] }]);
    expect(at(HOST, ptr("components", "parameters", "PayoutMerchantIdQuery", "schema", "$ref"))).toBe(
      "#/components/schemas/PayoutMerchantIdText",
    );
  });
  it("status: linkId query required, token optional", () => {
    expect(paramsOf(`GET ${STATUS}`)).toEqual([["linkId", "query", true]]);
    expect(at(HOST, ptr("paths", STATUS, "get", "security"))).toEqual([{}, { payoutBearer: [] }]);
  });
  it("extend expiry: path id, mid optional, pid required, form body required", () => {
    expect(paramsOf(`PUT ${EXPIRY}`)).toEqual([
      ["id", "path", true],
      ["mid", "header", false],
      ["pid", "header", true],
    ]);
    const op = at(HOST, ptr("paths", EXPIRY, "put")) as Obj;
    expect(op.security).toEqual([{ payoutBearer: [] }]);
    expect(Object.keys((op.requestBody as Obj).content as Obj)).toEqual([FORM]);
  });
  it("cancel: payoutMerchantId header and merchantRefId query required, no body", () => {
    expect(paramsOf(`POST ${CANCEL}`)).toEqual([
      ["payoutMerchantId", "header", true],
      ["merchantRefId", "query", true],
    ]);
    const op = at(HOST, ptr("paths", CANCEL, "post")) as Obj;
    expect(op.security).toEqual([{ payoutBearer: [] }]);
    expect(op.requestBody).toBeUndefined();
  });
  it("the bearer scheme mentions the lower-case authorization header", () => {
    const scheme = at(HOST, ptr("components", "securitySchemes", "payoutBearer")) as Obj;
    expect(scheme).toMatchObject({ type: "http", scheme: "bearer" });
    expect(scheme.description).toContain("authorization");
  });
  it("paths carry v2 for link, status and expiry, none for details and cancel", () => {
    const paths = Object.keys(loadBundle(HOST).paths as Obj);
    for (const p of [LINK, STATUS, EXPIRY]) expect(p).toContain("/v2/");
    for (const p of [DETAILS, CANCEL]) expect(p).not.toMatch(/\/v[0-9]+\//);
    expect(paths.sort()).toEqual([LINK, DETAILS, STATUS, EXPIRY, CANCEL].sort());
  });
  it("the timestamps reuse the shared SmartSendTimestamp and the amount the shared DecimalAmount2", () => {
    const props = at(
      HOST,
      ptr("components", "schemas", "CreateSmartSendLinkRequest", "properties"),
    ) as Record<string, Obj>;
    expect(props.amount!.$ref).toBe("#/components/schemas/DecimalAmount2");
    expect(props.expiryDate!.$ref).toBe("#/components/schemas/SmartSendTimestampInput");
  });
});

describe("document", () => {
  it("has version v2 and the local mock server", () => {
    const doc = loadBundle(HOST);
    expect((doc.info as Obj).version).toBe("v2");
    const server = (doc.servers as Obj[])[0]!;
    expect(((server.variables as Obj).base as Obj).default).toBe("http://127.0.0.1:4015");
    expect(server.description).toContain("PGI_PAYOUT_URL");
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
      undeclared(at(HOST, ptr("components", "schemas", "SmartSendDetailsResponse")) as Obj, {
        ...found,
        data: { ...record, extra: 1 },
      }),
    ).toEqual(["/data/extra"]);
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
  it("cover the scenarios the interface shows", () => {
    const names = (path: string, method: string) =>
      Object.keys(
        at(HOST, ptr("paths", path, method, "responses", "200", "content", JSON_MT, "examples")) as Obj,
      ).sort();
    expect(names(DETAILS, "get")).toEqual(["found", "foundExpired", "notFound"]);
    // notFound on cancel and status: what the mock answers the documented requests (no such link yet).
    expect(names(CANCEL, "post")).toEqual(["alreadyCancelled", "cancelled", "notFound"]);
    expect(names(STATUS, "get")).toEqual(["cancelled", "notFound", "succeeded"]);
    expect(example("SmartSendRecordNotFound")).toMatchObject({ status: 1, code: null, data: null });
    expect(notFound.status).toBe(1);
    const nulls = Object.entries(notFound.data as Obj)
      .filter(([, v]) => v !== null)
      .map(([k]) => k)
      .sort();
    expect(nulls).toEqual(["merchantRefId", "payoutMerchantId"]);
    expect(example("LinkCancelled")).toMatchObject({ status: 1, code: 1122, data: null });
    expect(example("CancelSuccess")).toMatchObject({ status: 0, code: null, data: null });
    expect(denied).toMatchObject({ status: 401, error: "Unauthorized" });
  });
});
