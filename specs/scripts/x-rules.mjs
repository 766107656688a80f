// Reads the x-pgi-* extensions out of a bundled document and renders them as Markdown for the docs.

/** Resolves a local `#/...` reference inside `doc`. */
export function resolveRef(doc, ref) {
  let node = doc;
  for (const raw of ref.replace(/^#\//, "").split("/")) {
    node = node?.[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node;
}

/** Every x-pgi-* extension found under `node` (following local refs), as [key, value] pairs, de-duplicated. */
export function collectExtensions(doc, node) {
  const found = new Map();
  const seen = new Set();
  const walk = (n) => {
    if (!n || typeof n !== "object" || seen.has(n)) return;
    seen.add(n);
    if (typeof n.$ref === "string" && n.$ref.startsWith("#/")) walk(resolveRef(doc, n.$ref));
    for (const [k, v] of Object.entries(n)) {
      if (k === "x-pgi-signature" || k === "x-pgi-rule") {
        const id = v?.id ?? v?.description ?? JSON.stringify(v);
        found.set(`${k}:${id}`, [k, v]);
      } else if (k !== "callbacks") walk(v);
    }
  };
  walk(node);
  return [...found.values()];
}

const SECRET_NAME = { salt: "<SALT>", "signing-secret": "<SIGNING_SECRET>" };

/** The pre-image template of a signature recipe, e.g. `key|txnid|amount|authentication_info|<SALT>`. */
export function preimageTemplate(recipe) {
  if (recipe.format === "sorted-key-value") return "key1value1key2value2… (every top-level body key, sorted)";
  const q = recipe.quote ?? "";
  let out = "";
  recipe.parts.forEach((part, i) => {
    const sep = i === 0 ? "" : recipe.join;
    if (part === "$secret") out += `${sep}${q}${SECRET_NAME[recipe.secret] ?? "<SECRET>"}${q}`;
    else if (part === "$empty") out += `${sep}${q}${q}`;
    else if (typeof part === "object") {
      out += i === 0 ? `[${q}${part.field}${q}${recipe.join}]` : `[${sep}${q}${part.field}${q}]`;
    } else out += `${sep}${q}${part}${q}`;
  });
  return out;
}

const ALGORITHM = {
  sha512: "SHA-512 of the pre-image (the salt is part of it), lowercase hex",
  "hmac-sha256": "HMAC-SHA256 keyed with the signing secret, lowercase hex",
};

function renderSignature(recipe) {
  const carrier =
    recipe.carrier?.in === "header"
      ? `header \`${recipe.carrier.name}\``
      : `field \`${recipe.carrier?.name}\``;
  return [
    `**${recipe.title}** (\`x-pgi-signature\`, scheme \`${recipe.id}\`)`,
    "",
    `- Digest: ${ALGORITHM[recipe.algorithm] ?? recipe.algorithm}, carried in ${carrier}`,
    `- Pre-image: \`${preimageTemplate(recipe)}\`${recipe.parts.some((p) => typeof p === "object") ? " (bracketed parts only when present)" : ""}`,
    `- ${recipe.notes}`,
    `- Compute or check it with \`pnpm --silent sign ${recipe.id}\` or \`@pgi/signing\`.`,
  ].join("\n");
}

function renderRule(rule) {
  const { description, ...rest } = rule;
  const lines = Object.entries(rest).map(([k, v]) => `- \`${k}\`: \`${JSON.stringify(v)}\``);
  return [`**Rule** (\`x-pgi-rule\`): ${description}`, "", ...lines].join("\n");
}

/** Markdown section describing every x-pgi-* rule that applies to an operation. */
export function renderExtensions(extensions) {
  if (extensions.length === 0) return "";
  const blocks = extensions.map(([k, v]) => (k === "x-pgi-signature" ? renderSignature(v) : renderRule(v)));
  return `\n\n#### Contract rules\n\n${blocks.join("\n\n")}\n`;
}
