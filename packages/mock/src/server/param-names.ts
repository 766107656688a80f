// Parameter names as the spec spells them: query names match case-sensitively, and violations name every parameter
// (header, query, path) with the spec's spelling, although headers match whatever their case.
import type { OperationInfo } from "../core/spec-index.js";
import type { Violation } from "./violations.js";

type Location = "header" | "query" | "path";
const PRISM_KEY: Readonly<Record<Location, string>> = { header: "headers", query: "query", path: "path" };

const spelled = new WeakMap<OperationInfo, Map<string, string>>();

/** The operation's parameters by `location.lowercasename`, each to its spelling in the spec. */
function spellings(op: OperationInfo): Map<string, string> {
  let map = spelled.get(op);
  if (map) return map;
  map = new Map();
  const request = (op.prism.request ?? {}) as Record<string, { name?: string }[] | undefined>;
  for (const location of Object.keys(PRISM_KEY) as Location[]) {
    for (const p of request[PRISM_KEY[location]] ?? []) {
      if (p.name) map.set(`${location}.${p.name.toLowerCase()}`, p.name);
    }
  }
  spelled.set(op, map);
  return map;
}

/**
 * The query without the names that differ only in case from a documented parameter: query names are
 * case-sensitive, so `?payoutmerchantid=1` is an undocumented parameter, not `payoutMerchantId`.
 *
 * @example
 * caseSensitiveQuery(op, new URLSearchParams("linkid=a&linkId=b")); // [["linkId", "b"]]
 */
export function caseSensitiveQuery(op: OperationInfo, search: URLSearchParams): [string, string][] {
  const names = spellings(op);
  const out: [string, string][] = [];
  for (const [key, value] of search) {
    const documented = names.get(`query.${key.toLowerCase()}`);
    if (documented === undefined || documented === key) out.push([key, value]);
  }
  return out;
}

const QUOTED = /'([^']+)'/g;
const PARAMETER = /(Request (?:header|query|path) parameter )(\S+)/;

/**
 * The violations with every header, query and path parameter named as the spec spells it (`header.clientType`,
 * `query.linkId`), in the field and in the message; and, for a required query parameter sent in another case,
 * a note naming what was sent.
 *
 * @example
 * withSpecNames(op, [{ location: "query", field: "query.linkid", rule: "required", message: "... 'linkid'" }], search);
 * // [{ location: "query", field: "query.linkId", rule: "required", message: "... 'linkId' (the query has 'linkid'; ...)" }]
 */
export function withSpecNames(
  op: OperationInfo,
  violations: readonly Violation[],
  search?: URLSearchParams,
): Violation[] {
  const names = spellings(op);
  if (names.size === 0) return [...violations];
  return violations.map((v) => {
    if (v.location !== "header" && v.location !== "query" && v.location !== "path") return v;
    const spell = (name: string) => names.get(`${v.location}.${name.toLowerCase()}`) ?? name;
    const [location, ...rest] = v.field.split(".");
    const field =
      rest.length > 0
        ? `${location}.${spell(rest[0] as string)}${rest.length > 1 ? `.${rest.slice(1).join(".")}` : ""}`
        : v.field;
    let message = v.message
      .replace(QUOTED, (_m, name: string) => `'${spell(name)}'`)
      .replace(PARAMETER, (_m, head: string, name: string) => `${head}${spell(name)}`);
    if (v.location === "query" && v.rule === "required" && search) {
      const documented = field.slice("query.".length);
      const sent = [...search.keys()].find(
        (k) => k !== documented && k.toLowerCase() === documented.toLowerCase(),
      );
      if (sent !== undefined)
        message += ` (the query has '${sent.slice(0, 60)}': query parameter names are case-sensitive)`;
    }
    return { ...v, field, message };
  });
}
