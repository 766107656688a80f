// @ts-check
// The first example of each installed package's README, written out as a file of the merchant's project (so the
// strict type-checks cover it) and run there: against the running mock, alone, or sent one signed webhook.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { childEnv, freePortRange, run, startServer, tail } from "./processes.mjs";

/** Short package names whose README examples the install test writes out and runs. */
export const README_PACKAGES = ["signing", "client", "mock", "conformance", "webhooks", "contract"];

/**
 * The README's opening: `npm install @pgi/<name>`, then the first ```ts block, which it returns.
 *
 * @param {string} readme
 * @param {string} name  e.g. "@pgi/client"
 * @example
 * firstExample("# @pgi/x\n\n```sh\nnpm install @pgi/x\n```\n\n```ts\nconsole.log(1);\n```\n", "@pgi/x"); // "console.log(1);\n"
 */
export function firstExample(readme, name) {
  const m = readme.match(/^# [^\n]+\n+```sh\nnpm install ([^\n]+)\n```\n+```ts\n([\s\S]*?)```/);
  if (!m) throw new Error(`${name}: README does not open with "npm install ${name}" and a ts example`);
  if (m[1] !== name) throw new Error(`${name}: README opens with "npm install ${m[1]}"`);
  const code = /** @type {string} */ (m[2]);
  const lines = code.trimEnd().split("\n").length;
  if (lines > 12) throw new Error(`${name}: the README's first example has ${lines} lines, not about ten`);
  return code;
}

/**
 * Writes `readme-<name>.ts` for each package into the project, from the installed README.
 *
 * @param {string} project
 */
export async function writeExamples(project) {
  for (const short of README_PACKAGES) {
    const readme = await readFile(join(project, "node_modules", "@pgi", short, "README.md"), "utf8");
    await writeFile(join(project, `readme-${short}.ts`), firstExample(readme, `@pgi/${short}`));
  }
}

/**
 * Runs the compiled examples (build/readme-<name>.js); the client's against the mock at `mockBase`.
 *
 * @param {string} project
 * @param {number} mockBase  the running mock's first port
 * @returns {Promise<string>} one line per example
 */
export async function runExamples(project, mockBase) {
  const out = [];
  const node = (/** @type {string} */ short, /** @type {Record<string, string>} */ env = {}) =>
    run("node", [`build/readme-${short}.js`], { cwd: project, env: childEnv(env), timeoutMs: 90_000 });

  const signing = await node("signing");
  if (!/^true$/m.test(signing.stdout)) throw new Error(`signing example printed:\n${signing.stdout}`);
  out.push("signing: verify true");

  const client = await node("client", { PGI_OTP_URL: `http://127.0.0.1:${mockBase}` });
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-/m.test(client.stdout))
    throw new Error(`client example printed:\n${client.stdout}`);
  out.push("client: OTP sent to the mock");

  const mock = await node("mock");
  if (mock.stdout.trim() === "") throw new Error("mock example printed nothing");
  out.push("mock: started, answered, closed");

  const conformance = await node("conformance");
  const last = conformance.stdout.trimEnd().split("\n").at(-1) ?? "";
  if (!/^\d+ passed, 0 failed/.test(last)) throw new Error(`conformance example ended: ${last}`);
  out.push(`conformance: ${last}`);

  out.push(`webhooks: ${await runWebhookExample(project)}`);

  const contract = await node("contract");
  if (!/breaking: 0, nonBreaking: 0, informational: 0/.test(contract.stdout))
    throw new Error(`contract example printed:\n${contract.stdout}`);
  out.push("contract: seven bundles listed, identical diff");

  return out.join("; ");
}

/** Starts the webhooks example on a free port, delivers one signed webhook to it, and stops it by its pid. */
async function runWebhookExample(/** @type {string} */ project) {
  const port = await freePortRange(1);
  const server = startServer("node", ["build/readme-webhooks.js"], {
    cwd: project,
    env: childEnv({ PORT: String(port) }),
  });
  try {
    const event = {
      previous_status: "Received",
      current_status: "Approved",
      change_timestamp: 1754978400,
      mid: 8000051,
      merchant_uuid: "11eb-de10-3a450888-a354-a483e7015be5",
      event_name: "SIGNED_AUTHORISATION_LETTER status update",
      error: "",
      remarks: "",
    };
    const script = `import { generateTestWebhook } from "@pgi/signing/testing"; process.stdout.write(JSON.stringify(generateTestWebhook(${JSON.stringify(event)}, "pgi-test-webhook-secret")));`;
    const signed = JSON.parse(
      (await run("node", ["--input-type=module", "-e", script], { cwd: project, timeoutMs: 30_000 })).stdout,
    );
    const until = Date.now() + 60_000; // bounds for a loaded machine; a good run takes milliseconds
    let status = 0;
    while (Date.now() < until && status === 0) {
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        method: "POST",
        headers: signed.headers,
        body: signed.body,
        signal: AbortSignal.timeout(5_000),
      }).catch(() => undefined);
      status = res?.status ?? 0;
      if (status === 0) await new Promise((r) => setTimeout(r, 200));
    }
    if (status !== 200) throw new Error(`webhooks example answered ${status}\n${tail(server.output())}`);
    const until2 = Date.now() + 30_000;
    while (Date.now() < until2 && !server.output().includes("is Approved"))
      await new Promise((r) => setTimeout(r, 50));
    if (!server.output().includes("is Approved"))
      throw new Error(`webhooks example printed:\n${server.output()}`);
    return `answered 200 and logged the event (pid ${server.pid})`;
  } finally {
    await server.stop();
  }
}
