// The hash debugger page, and the esbuild bundle of its script with @pgi/signing made browser-ready.
import { join } from "node:path";
import { collectExtensions } from "@pgi/specs/x-rules";
import { build } from "esbuild";
import { escapeHtml, layout, type NavGuide } from "./html.js";
import { DEBUGGER_ENTRY } from "./paths.js";
import { type Json, operationsOf } from "./spec-walk.js";

/** Where a recipe is used: an operation of a reference page (a callback is shown inside its operation). */
export interface RecipeUse {
  readonly scheme: string;
  readonly host: string;
  readonly hostTitle: string;
  readonly operationId: string;
  readonly summary: string;
}

/**
 * Every operation that carries a signature recipe, read from the bundles' x-pgi-signature extensions.
 *
 * @example
 * recipeUses([{ host: "wallet", title: "Wallet", doc }]) // [{ scheme: "wallet-checksum", operationId: "generateWalletToken", ... }]
 */
export function recipeUses(docs: readonly { host: string; title: string; doc: Json }[]): RecipeUse[] {
  const uses: RecipeUse[] = [];
  const seen = new Set<string>();
  for (const { host, title, doc } of docs) {
    let parent: Json | undefined;
    for (const { group, op } of operationsOf(doc)) {
      if (group !== "callbacks") parent = op;
      const anchor = parent ?? op;
      for (const [key, value] of collectExtensions(doc, op)) {
        if (key !== "x-pgi-signature") continue;
        const scheme = String(value.id);
        const id = `${scheme} ${host} ${String(anchor.operationId)}`;
        if (seen.has(id)) continue;
        seen.add(id);
        uses.push({
          scheme,
          host,
          hostTitle: title,
          operationId: String(anchor.operationId),
          summary: String(anchor.summary ?? anchor.operationId),
        });
      }
    }
  }
  return uses;
}

function usesList(uses: readonly RecipeUse[]): string {
  const schemes = [...new Set(uses.map((u) => u.scheme))].sort();
  const items = schemes.map((scheme) => {
    const links = uses
      .filter((u) => u.scheme === scheme)
      .map(
        (u) =>
          `<a href="reference-${u.host}.html#operation/${encodeURIComponent(u.operationId)}">${escapeHtml(u.summary)}</a> (${escapeHtml(u.hostTitle)})`,
      );
    return `<li><code>${escapeHtml(scheme)}</code>: ${links.join(", ")}</li>`;
  });
  return `<ul class="recipe-uses">${items.join("\n")}</ul>`;
}

/**
 * Bundles src/debugger/app.ts with @pgi/signing into `debugger.js`; `node:crypto` becomes the pure shim and
 * `Buffer` the small browser class, so signing's Node build is used unchanged.
 *
 * @example
 * await bundleDebugger("dist/site");
 */
export async function bundleDebugger(outDir: string): Promise<void> {
  const dir = join(DEBUGGER_ENTRY, "..");
  await build({
    entryPoints: [DEBUGGER_ENTRY],
    outfile: join(outDir, "debugger.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    alias: { "node:crypto": join(dir, "node-crypto.ts") },
    inject: [join(dir, "buffer.ts")],
  });
}

/**
 * The debugger's HTML: inputs, then the outputs the script fills.
 *
 * @example
 * writeFileSync("debugger.html", debuggerPage(guides, recipeUses(docs)));
 */
export function debuggerPage(guides: readonly NavGuide[], uses: readonly RecipeUse[]): string {
  const out = (id: string, label: string) =>
    `<label for="${id}">${label}</label><output id="${id}"></output>`;
  const body = `<main class="content debugger">
<h1>Hash debugger</h1>
<p>Why does my hash not match? Paste what you sent (a form body, a JSON request), a JSON result from the
gateway, or a webhook body, enter the salt or signing secret, and see the exact pre-image (secret masked), the
expected digest and, when you paste the digest you got or sent, what explains the difference. Everything runs
in this page with <code>@pgi/signing</code>: nothing is sent anywhere.</p>
<form id="form">
<label for="scheme">Scheme</label>
<select id="scheme"><option value="detect">detect from the fields</option></select>
<label for="input">Request body, JSON result or webhook body</label>
<textarea id="input" spellcheck="false" placeholder="key=Jx7Kq2&amp;txnid=TXN1&amp;amount=1.00&amp;…  or  {&quot;key&quot;:…}"></textarea>
<label for="secret">Salt or signing secret</label>
<input id="secret" type="password" autocomplete="off">
<label for="received">Received digest (optional; a hash or checksum field in the input is used otherwise)</label>
<input id="received" class="mono" autocomplete="off" spellcheck="false">
<p><button id="explain" type="submit">Explain</button></p>
</form>
<p id="error" role="alert"></p>
${out("detected", "Scheme used")}
${out("formula", "Formula")}
${out("preimage", "Pre-image (secret masked)")}
${out("parts", "Parts")}
${out("digest", "Expected digest")}
${out("result", "Result")}
${out("diagnosis", "Diagnosis")}
<h2>What the diagnosis tries</h2>
<p>When the digest differs, the debugger tries a few dozen to a few hundred other ways of building it and names
the one that reproduces it: the amount written as <code>1</code> or <code>1.00</code>, udf1-udf5 only or all ten
udf slots, two fields swapped, a field left out or hashed empty, an extra <code>|</code>, the parts reversed,
another recipe, re-serialised JSON, a trailing newline, a second hash. The same from a terminal:
<code>pnpm --silent sign &lt;scheme&gt; --explain --verify DIGEST</code>.</p>
<h2>Where each recipe is used</h2>
<p>Each operation's reference lists its recipe under "Contract rules".</p>
${usesList(uses)}
<p>New to the toolkit? Start with the <a href="guide-getting-started.html">getting-started guide</a>.</p>
</main>
<script type="module" src="debugger.js"></script>`;
  return layout({ title: "Hash debugger", path: "debugger.html", guides, body });
}
