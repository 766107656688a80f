// Generates src/generated/operations.ts from specs/dist/*.yaml: per operation its media type, JSON-in-form fields,
// hash recipes (by request shape), security, headers and idempotency; and the x-pgi-rule values the helpers use.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const pkgDir = dirname(dirname(fileURLToPath(import.meta.url)));
const specsDist = join(pkgDir, "..", "..", "specs", "dist");
const { HOSTS } = await import(join(pkgDir, "..", "..", "specs", "scripts", "hosts.mjs"));

const operations = [];
const rules = {};
/** host → path → method → JSON-in-form field → name of the component schema of its contentSchema. */
const jsonTypes = {};
for (const { host } of HOSTS) {
  const doc = parse(readFileSync(join(specsDist, `${host}.yaml`), "utf8"));
  const deref = (v, d = 0) => {
    if (d > 30 || !v || typeof v !== "object" || typeof v.$ref !== "string") return v;
    return deref(
      v.$ref
        .slice(2)
        .split("/")
        .reduce((n, k) => n?.[k.replace(/~1/g, "/")], doc),
      d + 1,
    );
  };
  const collectRules = (node, depth = 0) => {
    if (!node || typeof node !== "object" || depth > 14) return;
    const rule = node["x-pgi-rule"];
    if (rule && typeof rule === "object") {
      if (Array.isArray(rule.all)) rules.mandateRegistered = rule.all;
      if (Array.isArray(rule.avoidWindows)) rules.autopayExecution = rule;
      if (Array.isArray(rule.forbidden)) rules.mandateFrequency = rule.forbidden;
      if (Array.isArray(rule.duplicateKey)) rules.webhookDelivery = rule;
    }
    for (const v of Object.values(node)) collectRules(v, depth + 1);
  };
  collectRules(doc);
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(rawItem);
    for (const method of ["get", "put", "post", "delete", "patch"]) {
      const op = deref(item[method]);
      if (!op?.operationId) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(p));
      const body = deref(op.requestBody);
      const [mediaType, media] = Object.entries(body?.content ?? {})[0] ?? [];
      const schema = deref(media?.schema);
      const variants = schema ? [schema, ...(schema.oneOf ?? []).map((v) => deref(v))] : [];
      const jsonInForm = new Set();
      const signatures = [];
      for (const v of variants) {
        for (const [name, prop] of Object.entries(v.properties ?? {})) {
          const p = deref(prop);
          if (p?.contentMediaType !== "application/json") continue;
          jsonInForm.add(name);
          const ref = p.contentSchema?.$ref;
          const schema =
            typeof ref === "string" && ref.match(/^#\/components\/schemas\/([A-Za-z0-9_]+)$/)?.[1];
          if (!schema)
            throw new Error(
              `${host} ${method.toUpperCase()} ${path}: ${name} carries JSON but its contentSchema is not a $ref to a component schema, so the client cannot type it`,
            );
          jsonTypes[host] ??= {};
          jsonTypes[host][path] ??= {};
          jsonTypes[host][path][method] ??= {};
          const fields = jsonTypes[host][path][method];
          fields[name] ??= new Set();
          fields[name].add(schema);
        }
        const sig = deref(v["x-pgi-signature"]);
        if (sig?.id) signatures.push({ scheme: sig.id, required: v.required ?? [] });
      }
      const sig = deref(op["x-pgi-signature"]);
      if (signatures.length === 0 && sig?.id) signatures.push({ scheme: sig.id, required: [] });
      const security = (op.security ?? [])
        .flatMap((alt) => Object.keys(alt))
        .map((k) => doc.components?.securitySchemes?.[k]?.type);
      operations.push({
        host,
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        mediaType: mediaType ?? null,
        jsonInForm: [...jsonInForm],
        signatures: signatures.reverse(),
        security: security.includes("http") ? "bearer" : security.includes("apiKey") ? "apiKey" : null,
        securityOptional: (op.security ?? []).some((alt) => Object.keys(alt).length === 0),
        headers: params
          .filter((p) => p.in === "header")
          .map((p) => ({ name: p.name, required: p.required === true })),
        idempotent: method === "get" || method === "put",
      });
    }
  }
}
for (const key of ["mandateRegistered", "autopayExecution", "mandateFrequency", "webhookDelivery"]) {
  if (!rules[key]) throw new Error(`x-pgi-rule for ${key} not found in the bundles`);
}
const typeLines = [];
for (const [host, byPath] of Object.entries(jsonTypes)) {
  typeLines.push(`  ${host}: {`);
  for (const [path, byMethod] of Object.entries(byPath)) {
    typeLines.push(`    ${JSON.stringify(path)}: {`);
    for (const [method, fields] of Object.entries(byMethod)) {
      const members = Object.entries(fields).map(
        ([name, schemas]) =>
          `${name}: ${[...schemas].map((s) => `${host}["schemas"][${JSON.stringify(s)}]`).join(" | ")};`,
      );
      typeLines.push(`      ${method}: { ${members.join(" ")} };`);
    }
    typeLines.push("    };");
  }
  typeLines.push("  };");
}
writeFileSync(
  join(pkgDir, "src", "generated", "json-in-form.ts"),
  `// Generated by packages/client/scripts/generate-operations.mjs from specs/dist/*.yaml. Do not edit: run \`pnpm build\`.
${Object.keys(jsonTypes)
  .map((host) => `import type { components as ${host} } from "./${host}.js";`)
  .join("\n")}

/** Per host, path and method: the generated type of each JSON-in-form field (its spec contentSchema). */
export interface JsonInFormTypes {
${typeLines.join("\n")}
}
`,
);
writeFileSync(
  join(pkgDir, "src", "generated", "operations.ts"),
  `// Generated by packages/client/scripts/generate-operations.mjs from specs/dist/*.yaml. Do not edit: run \`pnpm build\`.
import type { HostName } from "./hosts.js";

/** What the client needs to know about an operation to serialise, sign, authorise and retry it. */
export interface OperationMeta {
  host: HostName;
  operationId: string;
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  path: string;
  mediaType: string | null;
  jsonInForm: readonly string[];
  signatures: readonly { scheme: string; required: readonly string[] }[];
  security: "bearer" | "apiKey" | null;
  securityOptional: boolean;
  headers: readonly { name: string; required: boolean }[];
  idempotent: boolean;
}

export const OPERATIONS: readonly OperationMeta[] = ${JSON.stringify(operations, null, 2)};

/** Rules of the interface from the specs' x-pgi-rule extensions. */
export const RULES = ${JSON.stringify(rules, null, 2)} as const;
`,
);
