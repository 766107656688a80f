// pgi-conformance: runs the contract against the embedded mock, the environment's hosts or a config file; validates HAR.
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { validateHar } from "./har.js";
import { invokedAs } from "./invoked-as.js";
import { runProxyCommand } from "./proxy/command.js";
import { jsonReport, junitReport, summaryLine, terminalReport } from "./report.js";
import type { Target } from "./request-builder.js";
import { type RunResult, runSuite } from "./runner.js";
import { HOSTS, type Host, loadSpecSet } from "./spec-set.js";
import { embeddedMock, targetFromFile, targetFromNames, UsageError } from "./targets.js";

const help = (
  cmd: string,
) => `pgi-conformance: checks the payment gateway hosts against their OpenAPI contract

Usage:
  ${cmd} [options]               run against the embedded mock (started and stopped here)
  ${cmd} --target env [options]  run against the hosts and credentials in PGI_* variables
  ${cmd} --config FILE [options] run against a JSON file keyed by the same PGI_* names
  ${cmd} validate FILE.har       check recorded traffic (HAR 1.2) offline
  ${cmd} proxy [options]         validate live traffic through a contract proxy (${cmd} proxy --help)

Options:
  --host NAME            only this host (repeatable): ${HOSTS.join(", ")}
  --reporter NAME        terminal (default), json or junit
  --out FILE             write the json or junit report to FILE (terminal still prints the summary)
  --verbose              also list drift warnings
  -h, --help             this help

Configuration names: PGI_<HOST>_URL for each host, PGI_MERCHANT_KEY, PGI_SALT, PGI_WALLET_MID,
PGI_WALLET_SECRET, PGI_OTP_AUTHORIZATION, PGI_OTP_CLIENT_TYPE, PGI_PARTNER_TOKEN, PGI_RESELLER_UUID,
PGI_WEBHOOK_SECRET, PGI_ACCOUNTS_TOKEN, PGI_PAYOUT_TOKEN, PGI_PAYOUT_MERCHANT_ID, PGI_PAYOUT_MID,
PGI_BBPS_TOKEN. A host whose URL or credentials are missing is skipped with the reason.
A positive case passes only on its documented success; a refusal fails under credentials_accepted or
signature_accepted and names the PGI_* variables to check. Failures print a reproduce: curl line in which
every secret is a $PGI_* reference: paste it into a shell that has those variables set.

Exit codes: 0 every check passed, 1 a check failed, 2 misuse or nothing checked (no host configured).
The last line is "N passed, N failed, N skipped".`;

function progress(enabled: boolean) {
  let last = 0;
  return (done: number, total: number, label: string) => {
    if (!enabled) return;
    const now = Date.now();
    if (now - last < 100 && done < total) return;
    last = now;
    process.stderr.write(`\r\x1b[2K  ${done}/${total} ${label}`);
    if (done === total) process.stderr.write("\r\x1b[2K");
  };
}

async function output(
  result: RunResult,
  reporter: string,
  out: string | undefined,
  verbose: boolean,
): Promise<void> {
  const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  if (reporter === "terminal") {
    console.log(terminalReport(result, { color, verbose }));
    return;
  }
  const text = reporter === "json" ? jsonReport(result) : junitReport(result);
  if (out) {
    await writeFile(out, text);
    console.log(`${reporter} report written to ${out}`);
    console.log(summaryLine(result));
  } else {
    console.log(text);
    if (reporter === "junit") console.error(summaryLine(result));
  }
}

/** Runs the CLI and resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  if (argv[0] === "proxy")
    return runProxyCommand(argv.slice(1), { out: console.log, err: console.error, env: process.env });
  let values: {
    target?: string;
    config?: string;
    host?: string[];
    reporter?: string;
    out?: string;
    verbose?: boolean;
    help?: boolean;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        target: { type: "string" },
        config: { type: "string" },
        host: { type: "string", multiple: true },
        reporter: { type: "string", default: "terminal" },
        out: { type: "string" },
        verbose: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
    if (values.help) {
      console.log(help(invokedAs()));
      return 0;
    }
    if (!["terminal", "json", "junit"].includes(values.reporter ?? "")) {
      throw new UsageError(`--reporter: terminal, json or junit, not ${values.reporter}`);
    }
    if (values.target !== undefined && values.target !== "env" && values.target !== "mock") {
      throw new UsageError(`--target: env or mock, not ${values.target}`);
    }
    if (values.target === "env" && values.config)
      throw new UsageError("--target env and --config exclude each other");
    for (const h of values.host ?? [])
      if (!HOSTS.includes(h as Host)) throw new UsageError(`--host: unknown host ${h}`);
  } catch (error) {
    console.error(`pgi-conformance: ${(error as Error).message}\nRun with --help for usage.`);
    return 2;
  }

  const specs = loadSpecSet();
  if (positionals[0] === "validate") {
    const file = positionals[1];
    if (!file || positionals.length > 2) {
      console.error("pgi-conformance: validate takes one HAR file\nRun with --help for usage.");
      return 2;
    }
    let target: Target;
    try {
      target = values.config
        ? await targetFromFile(values.config)
        : targetFromNames("environment", process.env);
      const result = await validateHar(specs, file, target);
      await output(result, values.reporter ?? "terminal", values.out, values.verbose === true);
      return result.failed > 0 ? 1 : 0;
    } catch (error) {
      if (error instanceof UsageError) {
        console.error(`pgi-conformance: ${error.message}`);
        return 2;
      }
      throw error;
    }
  }
  if (positionals.length > 0) {
    console.error(`pgi-conformance: unknown command ${positionals[0]}\nRun with --help for usage.`);
    return 2;
  }

  let target: Target;
  let close = async () => {};
  try {
    if (values.config) target = await targetFromFile(values.config);
    else if (values.target === "env") target = targetFromNames("the hosts of the environment", process.env);
    else {
      const mock = await embeddedMock();
      target = mock.target;
      close = mock.close;
    }
  } catch (error) {
    console.error(`pgi-conformance: ${(error as Error).message}`);
    return 2;
  }
  try {
    const result = await runSuite(specs, target, {
      onProgress: progress(Boolean(process.stderr.isTTY)),
      ...(values.host ? { hosts: values.host as Host[] } : {}),
    });
    if (result.passed + result.failed === 0) {
      const why =
        result.skippedHosts?.map((s) => `${s.host}: ${s.reason}`).join("; ") ||
        "no case or flow ran for this selection";
      console.error(
        `pgi-conformance: nothing was checked (${why}); set those PGI_* names, or run without --target/--config for the embedded mock`,
      );
      return 2;
    }
    await output(result, values.reporter ?? "terminal", values.out, values.verbose === true);
    return result.failed > 0 ? 1 : 0;
  } finally {
    await close();
  }
}
