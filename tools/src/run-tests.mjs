#!/usr/bin/env node
// @ts-check
// `pnpm test`: every package's tests through turbo (two at a time; a failure does not stop the others), then the
// result of each package's test task. Exits 1 if any failed or did not run, else turbo's code.
import { join } from "node:path";
import { runTests } from "./test-run.mjs";
import { ROOT, runTurbo } from "./turbo.mjs";

process.exitCode = await runTests({
  args: process.argv.slice(2),
  turbo: runTurbo,
  runsDir: join(ROOT, ".turbo", "runs"),
  print: (text) => console.log(text),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
});
