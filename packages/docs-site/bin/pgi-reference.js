#!/usr/bin/env node
// pgi-reference launcher: serves the built docs site (build the package first: pnpm build).
let cli;
try {
  cli = await import("../dist/cli.js");
} catch (error) {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist")) {
    console.error("pgi-reference: dist/ is missing; run `pnpm build` first");
    process.exit(2);
  }
  throw error;
}
const result = await cli.main(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
});
if (typeof result === "number") process.exitCode = result;
else {
  const stop = () => result().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
