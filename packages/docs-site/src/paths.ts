// Where the site is read from and written to: the specs' bundles, the guides, the output folder.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

/** The built site: one folder, served as is by `pnpm reference`. */
export const SITE_DIR = join(packageDir, "dist", "site");
/** The bundled contracts (`specs/dist/<host>.yaml`), written by the specs package's build. */
export const SPECS_DIST_DIR = dirname(require.resolve("@pgi/specs/dist/otp.yaml"));
/** Hand-written guides (Markdown with `sequence` blocks), at the repository's docs/guides. */
export const GUIDES_DIR = join(packageDir, "..", "..", "docs", "guides");
/** Redoc's standalone bundle, copied into the site. */
export const REDOC_BUNDLE = require.resolve("redoc/bundles/redoc.standalone.js");
/** Source of the in-browser debugger, bundled by esbuild at build time. */
export const DEBUGGER_ENTRY = join(packageDir, "src", "debugger", "app.ts");
