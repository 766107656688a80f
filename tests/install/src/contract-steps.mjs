// @ts-check
// The install test's checks of the installed pgi-contract: an identical diff, a planted breaking change, postman.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { HOST_NAMES } from "@pgi/mock";
import { childEnv, run } from "./processes.mjs";
import { check } from "./steps.mjs";

/**
 * Runs the installed `pgi-contract` in `project`: the bundles against themselves (no change), a wallet recipe with its
 * parts reversed (breaking, exit 1), and `postman --out` (one folder per host).
 *
 * @param {string} project
 */
export async function contractSteps(project) {
  const specs = join(project, "node_modules", "@pgi", "contract", "dist", "specs");
  const same = await run("npx", ["--no-install", "pgi-contract", "diff", specs, specs], {
    cwd: project,
    env: childEnv({ NO_COLOR: "1" }),
    timeoutMs: 60_000,
  });
  const last = same.stdout.trimEnd().split("\n").at(-1) ?? "";
  check(last === "0 breaking, 0 non-breaking, 0 informational", `identical bundles: ${last}`);
  const wallet = JSON.parse(await readFile(join(specs, "wallet.json"), "utf8"));
  wallet.paths["/tokengenerate"].post["x-pgi-signature"].parts.reverse();
  await mkdir(join(project, "changed"), { recursive: true });
  await writeFile(join(project, "changed", "wallet.json"), JSON.stringify(wallet));
  const changed = await run(
    "npx",
    [
      "--no-install",
      "pgi-contract",
      "diff",
      join(specs, "wallet.json"),
      "changed/wallet.json",
      "--format",
      "json",
    ],
    { cwd: project, timeoutMs: 60_000, allowFail: true },
  );
  check(changed.code === 1, `a reordered checksum recipe: exit ${changed.code}`);
  check(/"signature-field-order-changed"/.test(changed.stdout), "the reordered recipe is not reported");
  const postman = await run("npx", ["--no-install", "pgi-contract", "postman", "--out", "postman"], {
    cwd: project,
    timeoutMs: 60_000,
  });
  const collection = JSON.parse(
    await readFile(join(project, "postman", "pgi.postman_collection.json"), "utf8"),
  );
  check(collection.item.length === HOST_NAMES.length, `postman: ${collection.item.length} host folders`);
  return `${last}; reordered recipe exit 1; ${postman.stdout.trim()}`;
}
