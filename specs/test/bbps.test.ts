// Contract tests of the bill-payment complaints host (specs/dist/bbps.yaml): valid/invalid instance tables per
// schema (each payload shape with its status), both method designations, security, and every named example.
import type { ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { at, check, loadBundle, ptr, validatorAt } from "./helpers.js";

type Obj = Record<string, unknown>;
const HOST = "bbps" as const;
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
const PATH = "/gateway-nbc/v1/nbc/checkComplaintStatus";

// ---------------------------------------------------------------- complaint status answer

const success: Obj = example("ComplaintCaptured");
const failure: Obj = example("ComplaintRequestFailed");
const sp = success.payload as Obj;
const fp = failure.payload as Obj;
const withPayload = (base: Obj, payload: Obj) => ({ ...base, payload });
table(
  "ComplaintStatusResponse (open, payload by status)",
  () => schema("ComplaintStatusResponse"),
  [
    ...(["CAPTURED", "RESOLVED", "ASSIGNED"] as const).map((s): [string, unknown] => [
      `complaintStatus ${s}`,
      withPayload(success, { ...sp, complaintStatus: s }),
    ]),
    ["a refId", withPayload(success, { ...sp, refId: "CC0126224AAB0000123" })],
    ["the code-600 failure", failure],
    [
      "additionalParams with string pairs",
      withPayload(failure, { ...fp, additionalParams: { billerId: "OTME00005XXZ43", channel: "API" } }),
    ],
    [
      "a numeric errorCode",
      withPayload(failure, { ...fp, errors: [{ reason: "Complaint not found", errorCode: 101 }] }),
    ],
    [
      "several errors",
      withPayload(failure, {
        ...fp,
        errors: [
          { reason: "a", errorCode: "E1" },
          { reason: "b", errorCode: "E2" },
        ],
      }),
    ],
    ["no errors listed", withPayload(failure, { ...fp, errors: [] })],
    ["a code outside the known list (open)", { ...failure, code: 601 }],
    ["extra fields", { ...success, traceId: "t-1", payload: { ...sp, complaintType: "NON_BBPS" } }],
  ],
  [
    ...missing(success, ["code", "status", "payload"]),
    ...missing(sp, ["refId", "billerReply", "complaintId", "billerID", "complaintStatus"]).map(
      ([l, p, w]): [string, unknown, string] => [`success payload ${l}`, withPayload(success, p as Obj), w],
    ),
    ...missing(fp, ["errors", "refId", "type", "message", "additionalParams"]).map(
      ([l, p, w]): [string, unknown, string] => [`failure payload ${l}`, withPayload(failure, p as Obj), w],
    ),
    [
      "complaintStatus OPEN",
      withPayload(success, { ...sp, complaintStatus: "OPEN" }),
      "/payload/complaintStatus",
    ],
    [
      "complaintStatus in lower case",
      withPayload(success, { ...sp, complaintStatus: "captured" }),
      "/payload/complaintStatus",
    ],
    ["status PENDING", { ...success, status: "PENDING" }, "/status"],
    ["code as a string", { ...success, code: "200" }, "/code"],
    ["SUCCESS with the failure payload", { ...failure, status: "SUCCESS" }, "'complaintId'"],
    ["FAILURE with the success payload", { ...success, status: "FAILURE" }, "'errors'"],
    ["a numeric refId", withPayload(success, { ...sp, refId: 5 }), "/payload/refId"],
    ["a null billerReply", withPayload(success, { ...sp, billerReply: null }), "/payload/billerReply"],
    [
      "additionalParams with a number",
      withPayload(failure, { ...fp, additionalParams: { attempts: 3 } }),
      "/payload/additionalParams/attempts",
    ],
    [
      "additionalParams as a string",
      withPayload(failure, { ...fp, additionalParams: "none" }),
      "/payload/additionalParams",
    ],
    ["errors as an object", withPayload(failure, { ...fp, errors: { reason: "x" } }), "/payload/errors"],
    [
      "an error with a numeric reason",
      withPayload(failure, { ...fp, errors: [{ reason: 1, errorCode: "E1" }] }),
      "/payload/errors/0/reason",
    ],
    [
      "an errorCode as a boolean",
      withPayload(failure, { ...fp, errors: [{ reason: "x", errorCode: true }] }),
      "/payload/errors/0/errorCode",
    ],
    ["payload as an array", { ...success, payload: [] }, "/payload"],
  ],
);

table(
  "complaintId query parameter",
  () => validatorAt(HOST, ptr("components", "parameters", "ComplaintId", "schema")),
  [["an identifier", "239uu42942"]],
  [["an empty string", "", "fewer than 1"]],
);

// ---------------------------------------------------------------- operations

describe("operations", () => {
  const ops = operations();
  it("are the GET and POST designations of the same path", () => {
    expect(ops.map((o) => o.where).sort()).toEqual([`GET ${PATH}`, `POST ${PATH}`]);
  });
  it.each(ops.map((o) => [o.where, o] as const))(
    "%s: complaintId query required, role check_complain_status, no body",
    (_w, { op, params }) => {
      for (const key of ["operationId", "summary", "description"]) expect(typeof op[key]).toBe("string");
      expect((op.tags as string[]).length).toBeGreaterThan(0);
      expect(params.map(([p]) => [p.name, p.in, p.required])).toEqual([["complaintId", "query", true]]);
      expect(op.security).toEqual([{ bbpsBearer: ["check_complain_status"] }]);
      expect(op.requestBody).toBeUndefined();
      expect((op.responses as Obj)["200"]).toEqual({ $ref: "#/components/responses/ComplaintStatus" });
      expect(Object.keys(op.responses as Obj).sort()).toEqual(["200", "400", "401", "413", "503"]);
      expect((op.responses as Obj)["400"]).toEqual({ $ref: "#/components/responses/BadRequest" });
    },
  );
  it("the 200 answer has one named example per complaintStatus and the code-600 failure", () => {
    const ex = at(
      HOST,
      ptr("components", "responses", "ComplaintStatus", "content", JSON_MT, "examples"),
    ) as Obj;
    expect(Object.keys(ex).sort()).toEqual(["assigned", "captured", "requestFailed", "resolved"]);
    expect((example("ComplaintAssigned").payload as Obj).complaintStatus).toBe("ASSIGNED");
    expect((example("ComplaintResolved").payload as Obj).complaintStatus).toBe("RESOLVED");
    expect(sp.complaintStatus).toBe("CAPTURED");
    expect(failure).toMatchObject({ code: 600, status: "FAILURE" });
    expect(fp).toMatchObject({ type: "non_bbps_complain_status", message: "complaint_request_failed" });
  });
  it("the bearer scheme names the scope", () => {
    const scheme = at(HOST, ptr("components", "securitySchemes", "bbpsBearer")) as Obj;
    expect(scheme).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(scheme["x-pgi-scopes"] as Obj)).toEqual(["check_complain_status"]);
  });
});

describe("document", () => {
  it("has version v1 and the local mock server", () => {
    const doc = loadBundle(HOST);
    expect((doc.info as Obj).version).toBe("v1");
    const server = (doc.servers as Obj[])[0]!;
    expect(((server.variables as Obj).base as Obj).default).toBe("http://127.0.0.1:4016");
    expect(server.description).toContain("PGI_BBPS_URL");
  });
});

describe("named examples", () => {
  const all = bodies();
  it("exist on every body", () => {
    expect(all.length).toBeGreaterThan(0);
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
      undeclared(at(HOST, ptr("components", "schemas", "ComplaintStatusResponse")) as Obj, {
        ...success,
        payload: { ...sp, extra: 1 },
      }),
    ).toEqual(["/payload/extra"]);
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
