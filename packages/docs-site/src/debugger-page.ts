// The hash debugger page, and the esbuild bundle of its script with @pgi/signing made browser-ready.
import { join } from "node:path";
import { build } from "esbuild";
import { layout, type NavGuide } from "./html.js";
import { DEBUGGER_ENTRY } from "./paths.js";

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
 * writeFileSync("debugger.html", debuggerPage(guides));
 */
export function debuggerPage(guides: readonly NavGuide[]): string {
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
<p>The same from a terminal: <code>pnpm --silent sign &lt;scheme&gt; --explain --verify DIGEST</code>.
See the <a href="guide-getting-started.html">getting-started guide</a> and each reference page's "Contract rules".</p>
</main>
<script type="module" src="debugger.js"></script>`;
  return layout({ title: "Hash debugger", path: "debugger.html", guides, body });
}
