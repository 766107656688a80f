// @ts-check
// A read-only npm registry on 127.0.0.1 that serves the packed tarballs of one scope, so README commands such as
// `npm install @pgi/client` run exactly as written yet install what this commit would publish. npm is pointed at it
// for that scope only (`@pgi:registry`); every other package still comes from the usual registry.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { basename } from "node:path";

/**
 * @typedef {{ manifest: Record<string, unknown> & { name: string, version: string }, tarball: string }} Packed
 * @typedef {{ url: string, scope: string, env: Record<string, string>, requests: string[], close: () => Promise<void> }} LocalRegistry
 */

/**
 * The registry document of one package (name, its only version as `latest`, and that version's manifest with
 * `dist`): what `npm install NAME` reads before fetching the tarball.
 *
 * @param {Packed["manifest"]} manifest
 * @param {Buffer} bytes  the tarball
 * @param {string} tarballUrl
 * @example
 * packument({ name: "@pgi/x", version: "1.0.0" }, bytes, "http://127.0.0.1:1/tarballs/pgi-x-1.0.0.tgz")["dist-tags"]; // { latest: "1.0.0" }
 */
export function packument(manifest, bytes, tarballUrl) {
  const integrity = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
  const shasum = createHash("sha1").update(bytes).digest("hex");
  return {
    name: manifest.name,
    "dist-tags": { latest: manifest.version },
    versions: {
      [manifest.version]: { ...manifest, dist: { tarball: tarballUrl, integrity, shasum } },
    },
  };
}

/**
 * The package name a registry request asks for (`/@scope%2fname` or `/@scope/name`), or undefined.
 *
 * @param {string} path
 * @example
 * packageNameOf("/@pgi%2fclient"); // "@pgi/client"
 */
export function packageNameOf(path) {
  const name = decodeURIComponent(path.split("?")[0] ?? "").replace(/^\//, "");
  return /^@[a-z0-9-~][a-z0-9-._~]*\/[a-z0-9-~][a-z0-9-._~]*$/.test(name) ? name : undefined;
}

/**
 * Starts the registry for the packages of `scope` among `packed`; `env` holds the one npm setting that sends that
 * scope to it. Every request is recorded (the test checks the README's install went through it).
 *
 * @param {Packed[]} packed
 * @param {string} scope  e.g. "@pgi"
 * @returns {Promise<LocalRegistry>}
 * @example
 * const registry = await startLocalRegistry(packed, "@pgi");
 * await run("npm", ["install", "@pgi/client"], { cwd, env: childEnv(registry.env), timeoutMs: 150_000 });
 * await registry.close();
 */
export async function startLocalRegistry(packed, scope) {
  /** @type {Map<string, { manifest: Packed["manifest"], bytes: Buffer, file: string }>} */
  const byName = new Map();
  for (const p of packed) {
    if (!p.manifest.name.startsWith(`${scope}/`)) continue;
    byName.set(p.manifest.name, {
      manifest: p.manifest,
      bytes: await readFile(p.tarball),
      file: basename(p.tarball),
    });
  }
  /** @type {string[]} */
  const requests = [];
  let base = "";
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(`${req.method} ${path}`);
    const send = (
      /** @type {number} */ status,
      /** @type {string} */ type,
      /** @type {string | Buffer} */ body,
    ) => {
      res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
      res.end(body);
    };
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(405, "application/json", '{"error":"read-only"}');
    const tarball = /^\/tarballs\/([^/?]+)$/.exec(path)?.[1];
    const entry = tarball
      ? [...byName.values()].find((e) => e.file === tarball)
      : byName.get(packageNameOf(path) ?? "");
    if (!entry) return send(404, "application/json", '{"error":"not found"}');
    if (tarball) return send(200, "application/octet-stream", entry.bytes);
    const doc = packument(entry.manifest, entry.bytes, `${base}/tarballs/${entry.file}`);
    send(200, "application/json", JSON.stringify(doc));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url: `${base}/`,
    scope,
    env: { [`npm_config_${scope}:registry`]: `${base}/` },
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
