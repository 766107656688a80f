// @ts-check
// The merchant's project of the install test: the tarballs installed with npm beside TypeScript, strictly
// type-checked, and used there: the CLIs' help, the mock on free ports, a signed call, each README's first example.
import { cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { catalog } from "./pack.mjs";
import { childEnv, freePortRange, run, startServer, tail, waitForOk } from "./processes.mjs";
import { heredocFile, USER_SECTION } from "./readme-blocks.mjs";
import { runExamples, writeExamples } from "./readme-examples.mjs";
import { check, step } from "./steps.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const MOCK_HOSTS = 7;

/**
 * Runs the project's steps in `project` (created here); the mock takes free ports other than `avoid`.
 *
 * @param {{ root: string, project: string, tarballs: string[], userBlocks: string[], avoid: number[] }} o
 * @example
 * await merchantProject({ root, project: join(work, "merchant-app"), tarballs, userBlocks, avoid: [] });
 */
export async function merchantProject({ root, project, tarballs, userBlocks, avoid }) {
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

  await step("strict type-check under module NodeNext (and emit) and moduleResolution Bundler", async () => {
    const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
    await run("node", [tsc, "-p", "tsconfig.nodenext.json"], { cwd: project, timeoutMs: 90_000 });
    await run("node", [tsc, "-p", "tsconfig.bundler.json"], { cwd: project, timeoutMs: 90_000 });
  });

  await step("help of the installed CLIs names the command as invoked", async () => {
    for (const bin of ["pgi-mock", "pgi-sign", "pgi-conformance", "pgi-contract"]) {
      const { stdout } = await run("npx", ["--no-install", bin, "--help"], {
        cwd: project,
        timeoutMs: 30_000,
      });
      check(
        new RegExp(`Usage:?\\s+${bin} `).test(stdout),
        `${bin} --help does not say "Usage: ${bin}":\n${tail(stdout, 5)}`,
      );
      check(
        !/pnpm (mock|sign|conformance|contract)/.test(stdout),
        `${bin} --help tells an npm user to run pnpm`,
      );
    }
  });

  /** @type {ReturnType<typeof startServer> | undefined} */
  let mock;
  const base = await freePortRange(MOCK_HOSTS, { avoid });
  try {
    await step("npx pgi-mock on free ports", async () => {
      mock = startServer("npx", ["--no-install", "pgi-mock", "--port-base", String(base), "--quiet"], {
        cwd: project,
      });
      await waitForOk(`http://127.0.0.1:${base + 1}/__mock/health`, mock, 90_000);
      return `pid ${mock.pid} on ${base}-${base + MOCK_HOSTS - 1}`;
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
}
