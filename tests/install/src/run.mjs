// @ts-check
// The install test: packs every public package, installs the tarballs with npm into a fresh project under the
// system temp directory, and there type-checks and runs a merchant's program and every CLI, as a stranger would.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalRegistry } from "./local-registry.mjs";
import { catalog, packOne, workspacePackages } from "./pack.mjs";
import { childEnv, freePortRange, run, startServer, stopAll, tail, waitForOk } from "./processes.mjs";
import { checkPasted, heredocFile, shellBlocks, USER_SECTION } from "./readme-blocks.mjs";
import { runExamples, writeExamples } from "./readme-examples.mjs";
import { step } from "./steps.mjs";
import { problems } from "./tarball-check.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const DEADLINE_MS = 300_000;
const MOCK_HOSTS = ["otp", "gateway", "wallet", "partner", "accounts", "payout", "bbps"];
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

/** Fails with `message` unless `condition` holds. */
function check(/** @type {unknown} */ condition, /** @type {string} */ message) {
  if (!condition) throw new Error(message);
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

    await step("npm install the tarballs into a fresh project outside the workspace", async () => {
      await mkdir(project);
      await writeFile(
        join(project, "package.json"),
        '{ "name": "merchant-app", "private": true, "type": "module" }\n',
      );
      const versions = await catalog(root);
      const tools = [`typescript@${versions.typescript}`, `@types/node@${versions["@types/node"]}`];
      await run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", ...tarballs, ...tools], {
        cwd: project,
        timeoutMs: 150_000,
      });
      await cp(join(here, "..", "fixture"), project, { recursive: true });
      await writeExamples(project);
      // The root README's program, type-checked under the strict settings below as a merchant's .ts file.
      const program = userBlocks.map(heredocFile).find(Boolean);
      if (!program)
        throw new Error(`the root README's "${USER_SECTION}" has no program (cat > FILE <<'JS' ... JS)`);
      await writeFile(join(project, "readme-root.ts"), program.text);
      return project;
    });

    await step(
      "strict type-check under module NodeNext (and emit) and moduleResolution Bundler",
      async () => {
        const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
        await run("node", [tsc, "-p", "tsconfig.nodenext.json"], { cwd: project, timeoutMs: 90_000 });
        await run("node", [tsc, "-p", "tsconfig.bundler.json"], { cwd: project, timeoutMs: 90_000 });
      },
    );

    await step("help of the installed CLIs names the command as invoked", async () => {
      for (const bin of ["pgi-mock", "pgi-sign", "pgi-conformance"]) {
        const { stdout } = await run("npx", ["--no-install", bin, "--help"], {
          cwd: project,
          timeoutMs: 30_000,
        });
        check(
          new RegExp(`Usage:?\\s+${bin} `).test(stdout),
          `${bin} --help does not say "Usage: ${bin}":\n${tail(stdout, 5)}`,
        );
        check(!/pnpm (mock|sign|conformance)/.test(stdout), `${bin} --help tells an npm user to run pnpm`);
      }
    });

    /** @type {ReturnType<typeof startServer> | undefined} */
    let mock;
    const base = await freePortRange(MOCK_HOSTS.length);
    try {
      await step("npx pgi-mock on free ports", async () => {
        mock = startServer("npx", ["--no-install", "pgi-mock", "--port-base", String(base), "--quiet"], {
          cwd: project,
        });
        await waitForOk(`http://127.0.0.1:${base + 1}/__mock/health`, mock, 90_000);
        return `pid ${mock.pid} on ${base}-${base + MOCK_HOSTS.length - 1}`;
      });

      await step("a signed call to the mock with the client (fixture/app.ts)", async () => {
        const env = childEnv({
          PGI_OTP_URL: `http://127.0.0.1:${base}`,
          PGI_GATEWAY_URL: `http://127.0.0.1:${base + 1}`,
        });
        const { stdout } = await run("node", ["build/app.js"], { cwd: project, env, timeoutMs: 30_000 });
        check(/hash matches @pgi\/signing; webhook 200/.test(stdout), `app.js said:\n${stdout}`);
        return stdout.trim();
      });

      await step("each package README's first example, as installed", () => runExamples(project, base));
    } finally {
      await mock?.stop();
    }

    await step(
      `the root README's "${USER_SECTION}" commands pasted into bash in an empty folder`,
      async () => {
        // Verbatim, with one substitution of where packages come from: npm takes @pgi/* from a registry on
        // 127.0.0.1 serving this commit's tarballs (set through npm's own @pgi:registry setting; the commands are
        // unchanged, and every other package comes from the usual registry). The mock's ports are PGI_MOCK_PORT_BASE,
        // a free range, so a mock or test already on 4010-4016 on this machine neither breaks nor hides a failure.
        const registry = await startLocalRegistry(packedAll, "@pgi");
        const portBase = await freePortRange(MOCK_HOSTS.length);
        try {
          const stdout = await checkPasted(userBlocks, {
            dir: join(work, "empty-folder"),
            env: childEnv({ ...registry.env, PGI_MOCK_PORT_BASE: String(portBase) }),
            timeoutMs: 240_000,
            expected: README_SUCCESS,
            ports: MOCK_HOSTS.map((_, i) => portBase + i),
          });
          // npm resolved @pgi/* through the local registry (the tarballs themselves may come from npm's cache,
          // which holds them by their integrity, the same sha512 the registry gave).
          const asked = ["@pgi/client", "@pgi/mock"].filter(
            (name) => !registry.requests.includes(`GET /${name.replace("/", "%2f")}`),
          );
          check(asked.length === 0, `npm did not resolve ${asked.join(", ")} through the local registry`);
          return `printed ${stdout.match(README_SUCCESS[0])?.[0].replace(/\s+/g, " ")}; nothing left running, ${portBase}-${portBase + MOCK_HOSTS.length - 1} closed`;
        } finally {
          await registry.close();
        }
      },
    );

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
