// Reads the x-pgi-signature and x-pgi-rule extensions out of a bundled document (the docs site renders them).

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
