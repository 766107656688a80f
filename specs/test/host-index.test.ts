// The host index read from each spec's x-pgi-host: consistent with the specs it describes, and refused clearly when wrong.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { CONFIGURATION, HOSTS, readHostIndex } from "../scripts/hosts.mjs";
import { loadBundle } from "./helpers.js";

type Obj = Record<string, unknown>;

/** Every parameter name and every request-body property name of a bundle's operations. */
function namesOf(doc: Obj): { parameters: Set<string>; bodyFields: Set<string> } {
  const parameters = new Set<string>();
  const bodyFields = new Set<string>();
  const deref = (node: unknown): Obj => {
    const ref = (node as { $ref?: string } | undefined)?.$ref;
    if (!ref) return (node ?? {}) as Obj;
    return deref(
      ref
        .slice(2)
        .split("/")
        .reduce<unknown>((n, k) => (n as Obj)[k], doc),
    );
  };
  const collect = (schema: unknown, depth = 0): void => {
    const s = deref(schema);
    if (depth > 4) return;
    for (const k of Object.keys((s.properties as Obj | undefined) ?? {})) bodyFields.add(k);
    for (const key of ["allOf", "oneOf", "anyOf"])
      for (const m of (s[key] as unknown[]) ?? []) collect(m, depth + 1);
  };
  for (const item of Object.values((doc.paths ?? {}) as Obj)) {
    const path = deref(item);
    for (const p of (path.parameters as unknown[]) ?? []) parameters.add(String(deref(p).name));
    for (const method of ["get", "put", "post", "delete", "patch"]) {
      const op = path[method] as Obj | undefined;
      if (!op) continue;
      for (const p of (op.parameters as unknown[]) ?? []) parameters.add(String(deref(p).name));
      const content = (deref(op.requestBody).content ?? {}) as Record<string, { schema?: unknown }>;
      for (const media of Object.values(content)) collect(media.schema);
    }
  }
  return { parameters, bodyFields };
}

/** The secrets (salt, signing-secret) of the recipes a bundle references. */
function recipeSecrets(doc: Obj): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (!node || typeof node !== "object" || depth > 30) return;
    const sig = (node as Obj)["x-pgi-signature"] as { secret?: string } | undefined;
    if (sig?.secret) out.add(sig.secret);
    for (const v of Object.values(node as Obj)) walk(v, depth + 1);
  };
  walk(doc, 0);
  return out;
}

describe("the host index (x-pgi-host of every spec)", () => {
  it("lists every host once, ordered by its default mock port, with its base-URL name", () => {
    expect(HOSTS.map((h) => h.host)).toEqual([
      "otp",
      "gateway",
      "wallet",
      "partner",
      "accounts",
      "payout",
      "bbps",
    ]);
    expect(HOSTS.map((h) => h.port)).toEqual([4010, 4011, 4012, 4013, 4014, 4015, 4016]);
    for (const h of HOSTS) expect(h.env).toBe(`PGI_${h.host.toUpperCase()}_URL`);
  });

  it.each(CONFIGURATION.map((c) => [c.name, c] as const))(
    "%s is used by its host's spec as it says",
    (_, c) => {
      const doc = loadBundle(c.host as Parameters<typeof loadBundle>[0]);
      const names = namesOf(doc);
      const use = c.use as Record<string, unknown>;
      if ("security" in use) {
        const schemes = ((doc.components as Obj | undefined)?.securitySchemes ?? {}) as Obj;
        expect(Object.keys(schemes)).toContain(use.security);
      }
      for (const p of (use.parameters as string[] | undefined) ?? [])
        expect([...names.parameters]).toContain(p);
      for (const f of (use.bodyFields as string[] | undefined) ?? [])
        expect([...names.bodyFields]).toContain(f);
      if ("recipeSecret" in use) expect([...recipeSecrets(doc)]).toContain(use.recipeSecret);
    },
  );

  it("marks every credential that signs, authenticates or identifies the merchant key as secret", () => {
    for (const c of CONFIGURATION) {
      const use = c.use as Record<string, unknown>;
      if ("security" in use || "recipeSecret" in use) expect(c.secret, c.name).toBe(true);
    }
    expect(CONFIGURATION.find((c) => c.name === "PGI_MERCHANT_KEY")?.secret).toBe(true);
  });
});

describe("a wrong x-pgi-host is refused naming the file and the field", () => {
  const dir = mkdtempSync(join(tmpdir(), "pgi-host-index-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (folder: string, doc: Obj) => {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, "openapi.yaml"), stringify(doc));
  };
  const base = (folder: string, port: number, extra: Obj = {}): Obj => ({
    openapi: "3.1.0",
    info: { title: folder, version: "v1" },
    servers: [{ url: "{base}", variables: { base: { default: `http://127.0.0.1:${port}` } } }],
    "x-pgi-host": { id: folder, title: folder, baseUrlName: `PGI_${folder.toUpperCase()}_URL`, ...extra },
    paths: {},
  });
  const entry = {
    name: "PGI_ONE_TOKEN",
    field: "oneToken",
    description: "A token.",
    secret: true,
    suite: "required",
    clientOptions: [],
    use: { security: "bearer" },
    testValue: "t",
  };

  it.each([
    ["a folder without x-pgi-host", { "x-pgi-host": undefined }, /x-pgi-host\.: every host's spec declares/],
    [
      "an id that is not the folder",
      { "x-pgi-host": { id: "two" } },
      /x-pgi-host\.id: the spec's folder name/,
    ],
    [
      "a lower-case configuration name",
      { configuration: [{ ...entry, name: "pgi_one" }] },
      /specs\/one\/openapi\.yaml: x-pgi-host\.configuration\[0\]\.name/,
    ],
    [
      "two uses at once",
      { configuration: [{ ...entry, use: { security: "b", bodyFields: ["x"] } }] },
      /configuration\[0\]\.use: exactly one of/,
    ],
    [
      "secret not a boolean",
      { configuration: [{ ...entry, secret: "yes" }] },
      /configuration\[0\]\.secret: true or false/,
    ],
  ])("%s", (_, change, message) => {
    rmSync(dir, { recursive: true, force: true });
    const doc = base("one", 5000);
    const x = doc["x-pgi-host"] as Obj;
    if ("x-pgi-host" in change && change["x-pgi-host"] === undefined) delete doc["x-pgi-host"];
    else if ("x-pgi-host" in change) Object.assign(x, change["x-pgi-host"]);
    else Object.assign(x, change);
    write("one", doc);
    expect(() => readHostIndex(dir)).toThrow(message);
  });

  it("two hosts on one port, or one configuration name twice", () => {
    rmSync(dir, { recursive: true, force: true });
    write("one", base("one", 5000));
    write("two", base("two", 5000));
    expect(() => readHostIndex(dir)).toThrow(/mock port 5000 is declared twice/);
    write("two", base("two", 5001, { configuration: [entry] }));
    write("one", base("one", 5000, { configuration: [entry] }));
    expect(() => readHostIndex(dir)).toThrow(/configuration name PGI_ONE_TOKEN is declared twice/);
  });
});
