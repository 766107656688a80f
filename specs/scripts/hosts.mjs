// The interface's hosts and configuration names, read from the `x-pgi-host` extension of each specs/<host>/openapi.yaml:
// the one source that the build, every package (through specs/dist/hosts.ts), the docs and the benches derive from.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const SPECS_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const USES = ["security", "parameters", "bodyFields", "recipeSecret"];

/** A refusal of an `x-pgi-host` extension, naming the file and the field. */
export class HostIndexError extends Error {
  name = "HostIndexError";
}

function need(condition, file, field, rule) {
  if (!condition) throw new HostIndexError(`${file}: x-pgi-host.${field}: ${rule}`);
}

/** The default URL of a spec's first server, its variables filled with their defaults. */
function defaultServer(doc, file) {
  const server = doc.servers?.[0];
  need(
    server && typeof server.url === "string",
    file,
    "servers[0]",
    "the spec needs a server (the local mock)",
  );
  const variables = Object.fromEntries(
    Object.entries(server.variables ?? {}).map(([k, v]) => [k, v.default]),
  );
  const defaultUrl = server.url.replace(/\{(\w+)\}/g, (_, k) => variables[k] ?? "");
  const port = Number(new URL(defaultUrl).port);
  need(
    Number.isInteger(port) && port > 0,
    file,
    "servers[0]",
    `the default URL needs a port, got ${defaultUrl}`,
  );
  return { defaultUrl, port, serverUrl: server.url, variables };
}

function readConfiguration(entry, host, file, i) {
  const at = `configuration[${i}]`;
  need(
    /^PGI_[A-Z0-9_]+$/.test(entry?.name ?? ""),
    file,
    `${at}.name`,
    "PGI_ followed by capitals, digits or _",
  );
  need(/^[a-z][A-Za-z0-9]*$/.test(entry.field ?? ""), file, `${at}.field`, "a camelCase credential field");
  need(typeof entry.secret === "boolean", file, `${at}.secret`, "true or false");
  need(["required", "optional"].includes(entry.suite), file, `${at}.suite`, "required or optional");
  need(
    Array.isArray(entry.clientOptions),
    file,
    `${at}.clientOptions`,
    "a list of @pgi/client credential options",
  );
  const uses = Object.keys(entry.use ?? {});
  need(uses.length === 1 && USES.includes(uses[0]), file, `${at}.use`, `exactly one of ${USES.join(", ")}`);
  need(typeof entry.testValue === "string", file, `${at}.testValue`, "the mock's test value, a string");
  need(typeof entry.description === "string", file, `${at}.description`, "one sentence");
  return {
    name: entry.name,
    host,
    field: entry.field,
    secret: entry.secret,
    suite: entry.suite,
    clientOptions: entry.clientOptions,
    use: entry.use,
    testValue: entry.testValue,
    description: entry.description,
  };
}

function readHost(dir, folder) {
  const file = `specs/${folder}/openapi.yaml`;
  const doc = parse(readFileSync(join(dir, folder, "openapi.yaml"), "utf8"));
  const x = doc["x-pgi-host"];
  need(x && typeof x === "object", file, "", "every host's spec declares its x-pgi-host");
  need(x.id === folder, file, "id", `the spec's folder name (${folder})`);
  need(typeof x.title === "string" && x.title !== "", file, "title", "a short title");
  need(/^PGI_[A-Z0-9_]+_URL$/.test(x.baseUrlName ?? ""), file, "baseUrlName", "PGI_<HOST>_URL");
  const host = {
    host: folder,
    title: x.title,
    version: String(doc.info?.version ?? ""),
    alias: `${folder}@${doc.info?.version}`,
    env: x.baseUrlName,
    ...defaultServer(doc, file),
  };
  const configuration = (x.configuration ?? []).map((e, i) => readConfiguration(e, folder, file, i));
  return { host, configuration };
}

/**
 * Reads every host of `dir` (each folder holding an openapi.yaml), ordered by default mock port, and checks that
 * names, fields and ports are unique.
 *
 * @example
 * const { hosts, configuration } = readHostIndex();
 * hosts.map((h) => `${h.host} ${h.port} ${h.env}`); // ["otp 4010 PGI_OTP_URL", ...]
 */
export function readHostIndex(dir = SPECS_DIR) {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "openapi.yaml")))
    .map((d) => d.name);
  const read = folders.map((f) => readHost(dir, f)).sort((a, b) => a.host.port - b.host.port);
  const hosts = read.map((r) => r.host);
  const configuration = read.flatMap((r) => r.configuration);
  const unique = (values, what) => {
    const seen = new Set();
    for (const v of values) {
      if (seen.has(v)) throw new HostIndexError(`specs: ${what} ${v} is declared twice`);
      seen.add(v);
    }
  };
  unique(
    hosts.map((h) => h.port),
    "mock port",
  );
  unique([...hosts.map((h) => h.env), ...configuration.map((c) => c.name)], "configuration name");
  unique(
    configuration.map((c) => c.field),
    "credential field",
  );
  return { hosts, configuration };
}

const index = readHostIndex();

/** Every host: folder name (`host`), title, spec version, Redocly alias, base-URL variable (`env`), default URL, port. */
export const HOSTS = index.hosts;

/** Every configuration name other than the base URLs, with its host, field, secrecy, client options and use. */
export const CONFIGURATION = index.configuration;

/**
 * The TypeScript module every package copies into its src/generated/ (`pnpm build` writes it to specs/dist/hosts.ts).
 *
 * @example
 * writeFileSync("dist/hosts.ts", hostIndexModule(readHostIndex()));
 */
export function hostIndexModule({ hosts, configuration }) {
  const json = (v) => JSON.stringify(v, null, 2);
  const hostRows = hosts.map((h) => ({
    id: h.host,
    title: h.title,
    version: h.version,
    port: h.port,
    baseUrlName: h.env,
    defaultUrl: h.defaultUrl,
    serverUrl: h.serverUrl,
    variables: h.variables,
  }));
  return `// Generated by \`pnpm build\` from the x-pgi-host extension of each specs/<host>/openapi.yaml. Do not edit.

/** The interface's hosts, in the order of their default mock ports. */
export const HOSTS = ${json(hostRows)} as const;

/** A host's name (its spec folder). */
export type HostName = (typeof HOSTS)[number]["id"];

/**
 * Every configuration name other than the base URLs: its host, the credential field it fills, whether it is a
 * secret (masked everywhere), whether the conformance suite needs it for its host, the @pgi/client credential
 * options it feeds, where the interface uses it, and the value the local mock accepts.
 */
export const CONFIGURATION = ${json(configuration)} as const;

/** One configuration entry. */
export type ConfigurationEntry = (typeof CONFIGURATION)[number];

/** A credential field (camelCase), e.g. "salt". */
export type CredentialField = ConfigurationEntry["field"];

/** Every configuration name: the base URLs and the credentials. */
export type ConfigurationName = (typeof HOSTS)[number]["baseUrlName"] | ConfigurationEntry["name"];
`;
}
