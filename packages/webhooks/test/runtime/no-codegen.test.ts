// The Fetch handler where code generation from strings is disallowed (as on Workers): built dist, real node flag.
import { execFile } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";

const dist = pathToFileURL(fileURLToPath(new URL("../../dist/index.js", import.meta.url))).href;
const SECRET = "codegen-secret";
const event = {
  previous_status: "Pending",
  current_status: "Approved",
  change_timestamp: 1,
  mid: 1,
  merchant_uuid: "m-codegen",
  event_name: "Website status update",
  error: "NA",
  remarks: "NA",
};
const valid = webhookSignature.sign(event, SECRET);
const invalid = webhookSignature.sign({ ...event, merchant_uuid: "" }, SECRET);
const script = `
const { createFetchHandler } = await import(${JSON.stringify(dist)});
let eval_blocked = false;
try { new Function("return 1"); } catch { eval_blocked = true; }
const handle = createFetchHandler({ secret: ${JSON.stringify(SECRET)}, onEvent: () => {} });
const out = [];
for (const d of ${JSON.stringify([valid, invalid])}) {
  const r = await handle(new Request("http://x/", { method: "POST", body: d.body, headers: { authorization: d.digest } }));
  out.push([r.status, await r.json()]);
}
console.log(JSON.stringify({ eval_blocked, out }));
`;

describe("no code generation from strings", () => {
  it("validates and answers under node --disallow-code-generation-from-strings", async () => {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script],
        { timeout: 20_000 },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      );
    });
    const { eval_blocked, out } = JSON.parse(stdout);
    expect(eval_blocked).toBe(true);
    expect(out[0]).toEqual([200, { ok: true }]);
    expect(out[1][0]).toBe(400);
    expect(out[1][1].violations).toEqual(["/merchant_uuid: must NOT have fewer than 1 characters"]);
  });
});
