// The command line of `pgi-conformance proxy`: every option parsed and checked, each problem a one-line UsageError
// that names the option and what it takes.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { HOSTS } from "../config/configuration.js";
import { UsageError } from "../errors.js";
import type { ProxyLimits } from "../proxy/limits.js";
import { oneOf, parseCommandLine } from "./options.js";

/** The proxy's options, checked. */
export interface ProxyOptions {
  target?: string | undefined;
  config?: string | undefined;
  portBase: number;
  har?: string | undefined;
  enforce: boolean;
  reporter?: "json" | "junit" | undefined;
  out?: string | undefined;
  limits: Partial<ProxyLimits>;
  help: boolean;
}

/** A positive number of seconds (decimals allowed) as milliseconds, or a one-line usage error. */
function seconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0) || n > 86_400)
    throw new UsageError(`${flag}: a number of seconds above 0 and at most 86400, not ${value}`);
  return Math.round(n * 1000);
}

/** A whole number from 1 to 100000, or a one-line usage error. */
function count(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 100_000)
    throw new UsageError(`${flag}: a whole number from 1 to 100000, not ${value}`);
  return n;
}

/**
 * Parses and checks `pgi-conformance proxy`'s command line; a problem is a one-line UsageError naming the option.
 *
 * @example
 * parseProxyOptions(["--port-base", "0", "--enforce"]).portBase; // 0
 */
export function parseProxyOptions(argv: string[]): ProxyOptions {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      target: { type: "string" },
      config: { type: "string" },
      "port-base": { type: "string" },
      har: { type: "string" },
      enforce: { type: "boolean" },
      reporter: { type: "string" },
      out: { type: "string" },
      "request-timeout": { type: "string" },
      "body-idle-timeout": { type: "string" },
      "upstream-connections": { type: "string" },
      "queue-timeout": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    true,
  );
  if (positionals.length) throw new UsageError(`proxy takes no arguments, not ${positionals.join(" ")}`);
  oneOf("target", values.target, ["env", "mock"]);
  if (values.target === "env" && values.config)
    throw new UsageError("--target env and --config exclude each other");
  const portText = values["port-base"] ?? "4110";
  const portBase = Number(portText);
  if (!/^\d+$/.test(portText) || portBase + HOSTS.length - 1 > 65535)
    throw new UsageError(
      `--port-base: a port from 1 to ${65535 - HOSTS.length + 1} (0: free ports), not ${portText}`,
    );
  const reporter =
    values.reporter === "terminal" ? undefined : oneOf("reporter", values.reporter, ["json", "junit"]);
  if (reporter && !values.out) throw new UsageError(`--reporter ${reporter} needs --out FILE`);
  if (values.out && !reporter) throw new UsageError("--out needs --reporter json or junit");
  for (const [flag, file] of [
    ["--har", values.har],
    ["--out", values.out],
  ] as const)
    if (file !== undefined && !existsSync(dirname(resolve(file))))
      throw new UsageError(`${flag} ${file}: its directory does not exist`);
  const limits: Partial<ProxyLimits> = {};
  const set = <K extends keyof ProxyLimits>(key: K, v: number | undefined) => {
    if (v !== undefined) limits[key] = v;
  };
  set("requestTimeoutMs", seconds("--request-timeout", values["request-timeout"]));
  set("bodyIdleTimeoutMs", seconds("--body-idle-timeout", values["body-idle-timeout"]));
  set("upstreamConnections", count("--upstream-connections", values["upstream-connections"]));
  set("queueTimeoutMs", seconds("--queue-timeout", values["queue-timeout"]));
  return {
    target: values.target,
    config: values.config,
    portBase,
    har: values.har,
    enforce: values.enforce === true,
    reporter,
    out: values.out,
    limits,
    help: values.help === true,
  };
}
