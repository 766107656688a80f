// @ts-check
// The install test: packs every public package, installs the tarballs with npm into a fresh project under the
// system temp directory, and there type-checks and runs a merchant's program and every CLI, as a stranger would.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOST_NAMES } from "@pgi/mock";
import { contractSteps } from "./contract-steps.mjs";
import { startLocalRegistry } from "./local-registry.mjs";
import { merchantProject } from "./merchant-project.mjs";
import { packOne, workspacePackages } from "./pack.mjs";
import { childEnv, freePortRange, run, stopAll } from "./processes.mjs";
import { checkPasted, shellBlocks, USER_SECTION } from "./readme-blocks.mjs";
import { check, step } from "./steps.mjs";
import { problems } from "./tarball-check.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const DEADLINE_MS = 600_000; // about two minutes alone; the bound is for a loaded machine
const MOCK_HOSTS = HOST_NAMES;
const started = Date.now();
/**
 * What the root README's "Use it from npm" program prints when it works: the link it created (status 0, msg
 * Success, with a link) and that link's status read back (status 0).
 */
const README_SUCCESS = [
  /status: 0,\s+msg: 'Success'/,
  /link: 'https?:\/\/\S+'/,
  /status: 0,\s+msg: 'PENDING'/,
];

/**
 * The root README's "Use it from npm" blocks pasted into bash in an empty folder under `work`, the mock on
 * `portBase`..+6. Verbatim, with one substitution of where packages come from: npm takes @pgi/* from a registry on
 * 127.0.0.1 serving this commit's tarballs (npm's own @pgi:registry setting, given as an environment variable: the
 * commands are unchanged, and every other package comes from the usual registry). The mock's ports are
 * PGI_MOCK_PORT_BASE, a free range, so a mock or test already on 4010-4016 on this machine neither breaks nor hides
 * a failure.
 *
 * @param {string} work
 * @param {import("./local-registry.mjs").Packed[]} packed
 * @param {string[]} blocks
 * @param {number} portBase
 */
async function pasteReadme(work, packed, blocks, portBase) {
  const registry = await startLocalRegistry(packed, "@pgi");
  try {
    const stdout = await checkPasted(blocks, {
      dir: join(work, "empty-folder"),
      env: childEnv({ ...registry.env, PGI_MOCK_PORT_BASE: String(portBase) }),
      timeoutMs: 240_000,
      expected: README_SUCCESS,
      ports: MOCK_HOSTS.map((_, i) => portBase + i),
    });
    // npm resolved @pgi/* through the local registry (the tarballs themselves may come from npm's cache, which
    // holds them by their integrity, the same sha512 the registry gave).
    const asked = ["@pgi/client", "@pgi/mock"].filter(
      (name) => !registry.requests.includes(`GET /${name.replace("/", "%2f")}`),
    );
    check(asked.length === 0, `npm did not resolve ${asked.join(", ")} through the local registry`);
    return `printed ${stdout.match(README_SUCCESS[0])?.[0].replace(/\s+/g, " ")}; nothing left running, ${portBase}-${portBase + MOCK_HOSTS.length - 1} closed`;
  } finally {
    await registry.close();
  }
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), "pgi-install-"));
  const project = join(work, "merchant-app");
  const tarballs = [];
  /** @type {import("./local-registry.mjs").Packed[]} */
  const packedAll = [];
  const readme = await readFile(join(root, "README.md"), "utf8");
  const userBlocks = shellBlocks(readme, USER_SECTION);
  try {
    const all = await workspacePackages(root);
    const publics = all.filter((p) => !p.private);
    const privateNames = new Set(all.filter((p) => p.private).map((p) => p.name));
    const license = await readFile(join(root, "LICENSE"), "utf8");
    const repositoryUrl = JSON.parse(await readFile(join(root, "package.json"), "utf8")).repository?.url;

    await step(`pack ${publics.length} public packages and check each tarball`, async () => {
      const found = [];
      for (const pkg of publics) {
        const { tarball, packed } = await packOne(pkg, join(work, "tarballs"));
        tarballs.push(tarball);
        packedAll.push({ manifest: packed.manifest, tarball });
        found.push(...problems(packed, { privateNames, license, repositoryUrl }));
      }
      check(found.length === 0, `tarball problems:\n  ${found.join("\n  ")}`);
      return publics.map((p) => p.name).join(", ");
    });

    const readmePorts = await freePortRange(MOCK_HOSTS.length);
    // The README's commands need only the tarballs: they run alongside the project's steps (mostly waiting on npm).
    const pasted = step(
      `the root README's "${USER_SECTION}" commands pasted into bash in an empty folder`,
      () => pasteReadme(work, packedAll, userBlocks, readmePorts),
    );
    const avoid = MOCK_HOSTS.map((_, i) => readmePorts + i);
    const merchant = merchantProject({ root, project, tarballs, userBlocks, avoid });
    const outcomes = await Promise.allSettled([pasted, merchant]);
    for (const o of outcomes) if (o.status === "rejected") throw o.reason;

    await step("npx pgi-conformance against its embedded mock", async () => {
      const { stdout } = await run("npx", ["--no-install", "pgi-conformance"], {
        cwd: project,
        timeoutMs: 90_000,
      });
      const last = stdout.trimEnd().split("\n").at(-1) ?? "";
      check(/^\d+ passed, 0 failed/.test(last), `last line: ${last}`);
      return last;
    });

    await step("npx pgi-conformance validate small.har", async () => {
      const { stdout } = await run("npx", ["--no-install", "pgi-conformance", "validate", "small.har"], {
        cwd: project,
        timeoutMs: 30_000,
      });
      const last = stdout.trimEnd().split("\n").at(-1) ?? "";
      check(/^[1-9]\d* passed, 0 failed/.test(last), `last line: ${last}`);
      return last;
    });

    await step("npx pgi-contract diff of the installed bundles, a planted breaking change, postman", () =>
      contractSteps(project),
    );

    await step("npx pgi-sign computes what @pgi/signing computes", async () => {
      const fields = {
        key: "Jx7Kq2",
        txnid: "T1",
        amount: "1.00",
        productinfo: "p",
        firstname: "A",
        email: "",
      };
      const secret = "install-test-salt";
      const { stdout } = await run(
        "npx",
        ["--no-install", "pgi-sign", "payment-request", "--secret", secret],
        {
          cwd: project,
          timeoutMs: 30_000,
          input: JSON.stringify(fields),
        },
      );
      const script = `import { sign } from "@pgi/signing"; process.stdout.write(sign("payment-request", ${JSON.stringify(fields)}, ${JSON.stringify(secret)}).digest);`;
      const { stdout: expected } = await run("node", ["--input-type=module", "-e", script], {
        cwd: project,
        timeoutMs: 30_000,
      });
      check(/^[0-9a-f]{128}$/.test(stdout.trim()), `pgi-sign printed ${JSON.stringify(stdout)}`);
      check(stdout.trim() === expected, "pgi-sign and @pgi/signing disagree");
    });
  } finally {
    stopAll();
    await rm(work, { recursive: true, force: true }).catch(() => {});
  }
}

const guard = setTimeout(() => {
  console.error(`install test: still running after ${DEADLINE_MS / 1000} s; stopping`);
  stopAll();
  process.exit(1);
}, DEADLINE_MS);
main().then(
  () => {
    clearTimeout(guard);
    console.log(`install test passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  },
  (error) => {
    clearTimeout(guard);
    console.error(`FAIL install test: ${error.message}`);
    process.exitCode = 1;
  },
);
