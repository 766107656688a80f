// Empties dist/ before a build, so files of removed or excluded modules (tests) never linger into a tarball.
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

rmSync(join(dirname(dirname(fileURLToPath(import.meta.url))), "dist"), { recursive: true, force: true });
