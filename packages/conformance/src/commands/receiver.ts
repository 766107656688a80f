// `pgi-conformance receiver URL`: grades a merchant's webhook endpoint with signed merchant status deliveries and
// reports it like the suite (terminal, json, junit, html).
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { EndpointUnreachableError, UsageError } from "../errors.js";
import { endpointUrl, probeEndpoint } from "../receiver/endpoint.js";
import { gradeReceiver } from "../receiver/grade.js";
import { RECEIVER_CHECKS } from "../receiver/registry.js";
import { loadSpecSet, type SpecSet } from "../spec/spec-set.js";
import type { CommandIo } from "./io.js";
import { oneOf, parseCommandLine } from "./options.js";
import { REPORTERS, type Reporter, writeReport } from "./report-output.js";

/** The receiver command's help, with the command written as the user invoked it. */
export const receiverHelp = (
  cmd: string,
) => `pgi-conformance receiver: grades your webhook endpoint against the interface's rules

Usage:
  ${cmd} receiver URL [--secret SECRET] [--time-factor F] [--reporter NAME --out FILE]

Sends signed merchant status webhooks to URL (and nowhere else) and grades what it answers, check by check:
${RECEIVER_CHECKS.map((c) => `  ${c.id.padEnd(24)} ${c.summary}`).join("\n")}

Options:
  --secret SECRET        the partner's client secret that signs the webhooks (default: PGI_WEBHOOK_SECRET);
                         never printed
  --time-factor F        real seconds per interface second, from 0 (exclusive) to 1 (default 1): 0.01 makes
                         the 30 s answer time 0.3 s and the retry schedule 0.03, 0.09, 0.27, 0.81, 2.43 s
  --reporter NAME        terminal (default), json, junit or html
  --out FILE             write the json, junit or html report to FILE (the summary still prints)
  -h, --help             this help

Examples:
  ${cmd} receiver http://127.0.0.1:8080/pgi/webhook --secret pgi-test-webhook-secret --time-factor 0.01
  PGI_WEBHOOK_SECRET=... ${cmd} receiver https://staging.example.in/pgi/webhook --reporter html --out webhook.html

Each failure says what was sent (the body summarised, the signature shortened), what came back (status, time,
first bytes) and the rule, with a curl line that sends the same delivery again.
Exit codes: 0 every check passed, 1 a check failed, 2 misuse or the URL unreachable.
The last line is "N passed, N failed, N skipped".`;

interface ReceiverArgs {
  url: URL;
  secret: string;
  timeFactor: number;
  reporter: Reporter;
  out?: string | undefined;
}

/** The time factor: a number greater than 0 and at most 1. */
function timeFactor(text: string | undefined): number {
  if (text === undefined) return 1;
  const f = Number(text);
  if (!/^\s*[\d.eE+-]+\s*$/.test(text) || !Number.isFinite(f) || f <= 0 || f > 1)
    throw new UsageError(
      `--time-factor ${text}: a number greater than 0 and at most 1 (0.01 makes 30 s 0.3 s)`,
    );
  return f;
}

function parse(argv: string[], env: CommandIo["env"]): ReceiverArgs | "help" {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      secret: { type: "string" },
      "time-factor": { type: "string" },
      reporter: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    true,
  );
  if (values.help) return "help";
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? "receiver needs the URL of your webhook endpoint, e.g. receiver http://127.0.0.1:8080/pgi/webhook"
        : `receiver takes one URL, not ${positionals.length} arguments`,
    );
  const url = endpointUrl(positionals[0] as string);
  const secret = values.secret ?? env.PGI_WEBHOOK_SECRET;
  if (values.secret === "")
    throw new UsageError("--secret is empty; give the client secret that signs the webhooks");
  if (!secret)
    throw new UsageError(
      "no signing secret: pass --secret SECRET or set PGI_WEBHOOK_SECRET (the partner's client secret)",
    );
  const reporter = oneOf("reporter", values.reporter, REPORTERS) ?? "terminal";
  if (values.out !== undefined && reporter === "terminal")
    throw new UsageError("--out needs --reporter json, junit or html");
  if (values.out !== undefined && !existsSync(dirname(resolve(values.out))))
    throw new UsageError(`--out ${values.out}: its directory does not exist`);
  return { url, secret, timeFactor: timeFactor(values["time-factor"]), reporter, out: values.out };
}

/**
 * Runs `pgi-conformance receiver`; resolves with the exit code (0 every check passed, 1 one failed or could not be
 * judged, 2 misuse or the URL unreachable).
 *
 * @example
 * process.exitCode = await receiverCommand(["http://127.0.0.1:8080/hook", "--time-factor", "0.01"], processIo(), "pgi-conformance");
 */
export async function receiverCommand(
  argv: string[],
  io: CommandIo,
  cmd: string,
  specs?: SpecSet,
): Promise<number> {
  let args: ReceiverArgs;
  try {
    const parsed = parse(argv, io.env);
    if (parsed === "help") {
      io.out(receiverHelp(cmd));
      return 0;
    }
    args = parsed;
    await probeEndpoint(args.url, Math.max(5_000, 30_000 * args.timeFactor));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const hint = error instanceof EndpointUnreachableError ? "" : "\nRun with --help for usage.";
    io.err(`pgi-conformance receiver: ${error.message}${hint}`);
    return 2;
  }
  let result: Awaited<ReturnType<typeof gradeReceiver>>;
  try {
    result = await gradeReceiver({
      url: args.url,
      secret: args.secret,
      timeFactor: args.timeFactor,
      specs: specs ?? loadSpecSet(),
      onProgress: (text) => io.progress(text ? `  ${text}` : ""),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`pgi-conformance receiver: ${error.message}`);
    return 2;
  }
  if (result.passed + result.failed === 0) {
    io.err(
      `pgi-conformance receiver: nothing could be judged (${result.results[0]?.skipped ?? "no case ran"})`,
    );
    return 2;
  }
  await writeReport(io, result, { reporter: args.reporter, out: args.out, verbose: false });
  return result.failed > 0 || result.skipped > 0 ? 1 : 0;
}
