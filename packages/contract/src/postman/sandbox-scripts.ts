// The pre-request and test scripts of every generated request, run inside Postman's sandbox. Each is embedded
// with Function.prototype.toString() and takes its plan (data from the spec) as an argument: nothing here is
// written per operation.
import type { DigestSource } from "./sandbox-digest.js";
import type { CheckPlan, CryptoLike, Pm, PreparePlan, RecipeData } from "./sandbox-types.js";

type Digest = (
  c: CryptoLike,
  r: RecipeData,
  s: DigestSource,
  secret: string,
) => { preimage: string; digest: string };

/**
 * Pre-request: writes generated values, asks the mock for state it needs (only when pgiMock is "true"), then
 * resolves the signed values as they will be sent, computes the recipe and puts the digest in its carrier.
 *
 * @example
 * pgiPrepare(pm, CryptoJS, plan, pgiDigest); // inside Postman
 */
export function pgiPrepare(pm: Pm, CryptoJS: CryptoLike, plan: PreparePlan, digestOf: Digest): void {
  const fail = (message: string): never => {
    throw new Error(`pgi: ${message}`);
  };
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  for (const g of plan.generate) {
    const [kind, arg] = g.kind.split(":");
    let value: string;
    if (kind === "unique") value = `${arg ?? ""}${Date.now() % 1_000_000_000}`;
    else if (kind === "future") {
      const d = new Date(Date.now() + Number(arg) * 86_400_000);
      value = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}+0000`;
    } else value = fail(`unknown generated value ${g.kind}`);
    pm.collectionVariables.set(g.variable, value);
    pm.variables.set(g.variable, value);
  }
  const body = pm.request.body;
  const formFields = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const e of body?.urlencoded?.all() ?? []) {
      if (e.disabled) continue;
      if (Object.hasOwn(out, e.key)) fail(`form field ${e.key} is sent twice`);
      out[e.key] = pm.variables.replaceIn(e.value);
    }
    return out;
  };
  const jsonFields = (raw: string): Record<string, string> => {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed))
      out[k] = v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);
    return out;
  };
  const fieldValue = (name: string): string => {
    if (body?.mode === "urlencoded") return formFields()[name] ?? "";
    if (body?.mode === "raw") return jsonFields(pm.variables.replaceIn(body.raw ?? "{}"))[name] ?? "";
    return "";
  };
  const value = (spec: string): string =>
    spec.startsWith("$field:")
      ? fieldValue(spec.slice(7))
      : spec.startsWith("$var:")
        ? String(pm.variables.get(spec.slice(5)) ?? "")
        : spec;
  const sign = () => {
    const s = plan.sign;
    if (!s) return;
    const secret = String(pm.variables.get(s.secretVariable) ?? "");
    if (secret === "")
      fail(`set ${s.secretVariable} (recipe ${s.recipe.id}) in the environment or the collection variables`);
    let source: DigestSource;
    if (s.body === "urlencoded") {
      for (const e of body?.urlencoded?.all() ?? [])
        if (!e.disabled) e.value = pm.variables.replaceIn(e.value);
      source = { fields: formFields() };
    } else {
      const raw = pm.variables.replaceIn(body?.raw ?? "");
      body?.update({ mode: "raw", raw, options: { raw: { language: "json" } } });
      source = { raw, fields: jsonFields(raw) };
    }
    const { preimage, digest } = digestOf(CryptoJS, s.recipe, source, secret);
    const carrier = s.recipe.carrier;
    if (carrier.in === "header") pm.request.headers.upsert({ key: carrier.name, value: digest });
    else if (s.body === "urlencoded") body?.urlencoded?.upsert({ key: carrier.name, value: digest });
    else fail(`recipe ${s.recipe.id}: a digest in a JSON body field is not supported`);
    const masked = preimage.split(secret).join(`<${s.secretVariable}>`);
    console.log(`pgi: ${s.recipe.id} over ${JSON.stringify(masked)} -> ${carrier.in} ${carrier.name}`);
  };
  const steps = pm.variables.get("pgiMock") === "true" ? plan.mock : [];
  const run = (index: number): void => {
    const step = steps[index];
    if (!step) {
      sign();
      return;
    }
    const stepBody = step.body
      ? Object.fromEntries(Object.entries(step.body).map(([k, v]) => [k, value(v)]))
      : undefined;
    const request = {
      url: pm.variables.replaceIn(step.url),
      method: step.method,
      header: { "content-type": "application/json" },
      ...(stepBody ? { body: { mode: "raw", raw: JSON.stringify(stepBody) } } : {}),
    };
    pm.sendRequest(request, (error, response) => {
      if (error) fail(`mock step ${step.method} ${request.url}: ${String(error)}`);
      const pick = step.pick;
      if (pick) {
        const list = ((response.json() as Record<string, unknown>)[pick.list] ?? []) as Record<
          string,
          unknown
        >[];
        const wanted = Object.entries(pick.where).map(([k, v]) => [k, value(v)] as const);
        const found = list.filter((e) => wanted.every(([k, v]) => String(e[k]) === v)).pop();
        if (!found)
          fail(`the mock has no ${pick.list} entry with ${JSON.stringify(Object.fromEntries(wanted))}`);
        const picked = String(found?.[pick.field] ?? "");
        pm.variables.set(pick.variable, pick.numeric ? String(Number(picked)) : picked);
      }
      run(index + 1);
    });
  };
  run(0);
}

/**
 * Tests: the documented status, the answer's hash or checksum where the interface defines one, and the values
 * later requests need.
 *
 * @example
 * pgiCheck(pm, CryptoJS, plan, pgiDigest); // inside Postman
 */
export function pgiCheck(pm: Pm, CryptoJS: CryptoLike, plan: CheckPlan, digestOf: Digest): void {
  const code = pm.response.code;
  pm.test(`status is the documented ${plan.statuses.join(" or ")}`, () => {
    pm.expect(code).to.be.oneOf([...plan.statuses]);
  });
  let json: unknown;
  try {
    json = JSON.parse(pm.response.text());
  } catch {
    json = undefined;
  }
  const at = (path: readonly string[]): unknown =>
    path.reduce<unknown>(
      (o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined),
      json,
    );
  for (const v of plan.verify) {
    if (v.status !== code) continue;
    const target = at(v.path);
    const name = `answer ${[...v.path, v.recipe.carrier.name].join(".")} verifies with ${v.recipe.id}`;
    const object =
      target !== null && typeof target === "object" ? (target as Record<string, unknown>) : undefined;
    const received = object?.[v.recipe.carrier.name];
    if (typeof received !== "string" || received === "") {
      pm.test.skip(`${name} (this answer carries none)`, () => {});
      continue;
    }
    const fields: Record<string, string> = {};
    for (const [k, val] of Object.entries(object ?? {})) {
      fields[k] =
        val === null || val === undefined ? "" : typeof val === "string" ? val : JSON.stringify(val);
    }
    const secret = String(pm.variables.get(v.secretVariable) ?? "");
    pm.test(name, () => {
      pm.expect(
        secret === "" ? `set ${v.secretVariable}` : digestOf(CryptoJS, v.recipe, { fields }, secret).digest,
      ).to.equal(received.toLowerCase());
    });
  }
  for (const c of plan.capture) {
    let value: unknown;
    if (c.from === "text") {
      const text = pm.response.text().trim();
      value = text.startsWith('"') ? JSON.parse(text) : text;
    } else value = at(c.from.replace(/^json:/, "").split("."));
    if (value === undefined || value === null || value === "") continue;
    pm.collectionVariables.set(c.variable, String(value));
    pm.collectionVariables.set(`${c.variable}Encoded`, encodeURIComponent(String(value)));
  }
}
