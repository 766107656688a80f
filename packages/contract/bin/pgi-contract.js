#!/usr/bin/env node
// pgi-contract launcher: runs the CLI compiled to dist/cli.js (build the package first: pnpm build).
let cli;
try {
  cli = await import("../dist/cli.js");
} catch (error) {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist")) {
    console.error("pgi-contract: dist/ is missing; run `pnpm build` first");
    process.exit(2);
  }
  throw error;
}
process.exitCode = await cli.main(process.argv.slice(2));
