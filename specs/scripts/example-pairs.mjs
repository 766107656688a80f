// The named request/response example pairs of a bundle, as tools that build one test per name see them: a pair
// `foo` is the parameters' and the request body's examples named `foo`, and the response example named `foo`.

/** Characters a path or query value may hold and reach the server unchanged when put into a URL as it is. */
const URL_SAFE = /^[A-Za-z0-9\-._~]*$/;
/** What a header value may hold (visible ASCII and spaces). */
const HEADER_SAFE = /^[\x20-\x7e]*$/;
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** Follows local `$ref`s ("#/components/...") of a bundle. */
function deref(doc, node) {
  let n = node;
  for (let i = 0; i < 20 && n && typeof n === "object" && typeof n.$ref === "string"; i++) {
    n = n.$ref
      .slice(2)
      .split("/")
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((o, k) => o?.[k], doc);
  }
  return n;
}

/** Named examples of a parameter or media type: name to value. */
function named(doc, holder) {
  const out = new Map();
  for (const [name, ex] of Object.entries(holder?.examples ?? {})) out.set(name, deref(doc, ex)?.value);
  return out;
}

/**
 * Every named example pair of a bundle, and the problems a tool would meet building tests from them: a request
 * example with no response example of its name (or several, under different statuses), a required parameter with
 * no example of the pair's name (a tool would leave it out), and examples that do not survive being sent as they
 * are (a path or query value that is not URL-safe, a header value that is not visible ASCII).
 *
 * The pair names of an operation are its request body's example names; an operation without a body example takes
 * the names every required parameter has an example of.
 *
 * @example
 * const { pairs, problems } = examplePairs(parse(readFileSync("specs/dist/payout.yaml", "utf8")));
 * pairs[0]; // { operationId, method, template, name, params: [{ in, name, value }], body?, responses: [...] }
 */
export function examplePairs(doc) {
  const pairs = [];
  const problems = [];
  for (const [template, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${template} (${op.operationId})`;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p));
      for (const p of params) {
        for (const [name, value] of named(doc, p)) {
          const text = String(value);
          if ((p.in === "path" || p.in === "query") && !URL_SAFE.test(text))
            problems.push(
              `${where}: ${p.in} ${p.name} example ${name} ${JSON.stringify(text)} is not URL-safe`,
            );
          if (p.in === "header" && !HEADER_SAFE.test(text))
            problems.push(`${where}: header ${p.name} example ${name} is not a header value`);
        }
      }
      const content = Object.entries(deref(doc, op.requestBody)?.content ?? {});
      const [mediaType, media] = content[0] ?? [];
      const bodyExamples = named(doc, media);
      const required = params.filter((p) => p.required && p.in !== "cookie");
      let names = [...bodyExamples.keys()];
      if (names.length === 0 && required.length > 0) {
        const per = required.map((p) => new Set(named(doc, p).keys()));
        names = [...per[0]].filter((n) => per.every((s) => s.has(n)));
      }
      for (const name of names) {
        const responses = [];
        for (const [status, rawResponse] of Object.entries(op.responses ?? {})) {
          for (const [type, m] of Object.entries(deref(doc, rawResponse)?.content ?? {})) {
            const examples = named(doc, m);
            if (examples.has(name))
              responses.push({ status: Number(status), mediaType: type, value: examples.get(name) });
          }
        }
        const statuses = [...new Set(responses.map((r) => r.status))];
        if (statuses.length === 0)
          problems.push(`${where}: request example ${name} has no response example ${name}`);
        if (statuses.length > 1)
          problems.push(
            `${where}: response examples named ${name} under several statuses (${statuses.join(", ")})`,
          );
        for (const p of required) {
          if (!named(doc, p).has(name))
            problems.push(
              `${where}: required ${p.in} ${p.name} has no example ${name}: a tool would leave it out`,
            );
        }
        pairs.push({
          operationId: op.operationId,
          method: method.toUpperCase(),
          template,
          name,
          params: params
            .filter((p) => named(doc, p).has(name))
            .map((p) => ({ in: p.in, name: p.name, value: String(named(doc, p).get(name)) })),
          ...(mediaType && bodyExamples.has(name)
            ? { body: { mediaType, value: bodyExamples.get(name) } }
            : {}),
          responses,
        });
      }
    }
  }
  return { pairs, problems };
}

/**
 * The request a tool sends for a pair: parameters put into the URL and headers as they are (no escaping, as such
 * tools do), a JSON body serialised, a form body URL-encoded with JSON-valued fields serialised.
 *
 * @example
 * const { path, headers, body } = pairRequest(pair); // fetch(base + path, { method: pair.method, headers, body })
 */
export function pairRequest(pair) {
  let path = pair.template;
  const query = [];
  const headers = {};
  for (const p of pair.params) {
    if (p.in === "path") path = path.replace(`{${p.name}}`, p.value);
    else if (p.in === "query") query.push(`${p.name}=${p.value}`);
    else if (p.in === "header") headers[p.name] = p.value;
  }
  if (query.length > 0) path += `?${query.join("&")}`;
  let body;
  if (pair.body) {
    headers["Content-Type"] = pair.body.mediaType;
    const value = pair.body.value;
    if (pair.body.mediaType === "application/x-www-form-urlencoded") {
      body = new URLSearchParams(
        Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
      ).toString();
    } else body = typeof value === "string" ? value : JSON.stringify(value);
  }
  return { path, headers, ...(body !== undefined ? { body } : {}) };
}
