#!/usr/bin/env node
// @ts-check
// `node tools/src/build.mjs [turbo args]`: builds what a root command needs (turbo run build ARGS) and shows only
// progress on stderr: a line per package built, a status while waiting, the log of a failed build; nothing at all
// when everything comes from the cache. Exits with turbo's code.
import { createBuildProgress } from "./build-progress.mjs";
import { runTurbo } from "./turbo.mjs";

const progress = createBuildProgress({
  write: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
});
const timer = setInterval(() => progress.tick(), 250);
const code = await runTurbo(
  ["run", "build", ...process.argv.slice(2), "--output-logs=full", "--log-order=grouped"],
  (line) => progress.line(line),
).catch((error) => {
  process.stderr.write(`${error.message}\n`);
  return 2;
});
clearInterval(timer);
progress.finish(code);
process.exitCode = code ?? 1;
