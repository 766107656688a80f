// The help of pgi-conformance (the suite and validate); the proxy's is in commands/proxy.ts.
import { CONFIG_NAMES, HOSTS } from "../config/configuration.js";

/** Words wrapped to lines of at most `width` characters, each line after the first indented by `indent`. */
function wrap(words: readonly string[], width: number, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join("\n");
}

/**
 * The help, with the command written as the user invoked it.
 *
 * @example
 * console.log(suiteHelp("pnpm conformance"));
 */
export const suiteHelp = (
  cmd: string,
): string => `pgi-conformance: checks the payment gateway hosts against their OpenAPI contract

Usage:
  ${cmd} [options]               run against the embedded mock (started and stopped here)
  ${cmd} --target env [options]  run against the hosts and credentials in PGI_* variables
  ${cmd} --config FILE [options] run against a JSON file keyed by the same PGI_* names
  ${cmd} validate FILE.har       check recorded traffic (HAR 1.2) offline
  ${cmd} proxy [options]         validate live traffic through a contract proxy (${cmd} proxy --help)
  ${cmd} receiver URL [options]  grade your webhook endpoint with signed deliveries (${cmd} receiver --help)

Options:
  --host NAME            only this host (repeatable): ${HOSTS.join(", ")}
  --reporter NAME        terminal (default), json, junit or html
  --out FILE             write the json, junit or html report to FILE (the summary still prints)
  --verbose              also list drift warnings
  -h, --help             this help

Examples:
  ${cmd}                                   the whole suite against the embedded mock
  ${cmd} --host payout --host bbps         two hosts only
  PGI_PAYOUT_URL=https://sandbox.example.in PGI_PAYOUT_TOKEN=... PGI_PAYOUT_MERCHANT_ID=... \\
    ${cmd} --target env --host payout      the payout host of a sandbox
  ${cmd} --config sandbox.json --reporter junit --out conformance.xml
  ${cmd} validate session.har              recorded traffic, offline
  ${cmd} --reporter html --out report.html one self-contained page: checklist, coverage, failures
  ${cmd} receiver http://127.0.0.1:8080/pgi/webhook --secret pgi-test-webhook-secret --time-factor 0.01

Configuration names: ${wrap(
  CONFIG_NAMES.map((n, i) => (i < CONFIG_NAMES.length - 1 ? `${n},` : `${n}.`)),
  104,
  "",
)}
A host whose URL or credentials are missing is skipped with the reason.
A positive case passes only on its documented success; a refusal fails under credentials_accepted or
signature_accepted and names the PGI_* variables to check. Failures print a reproduce: curl line in which
every secret is a $PGI_* reference: paste it into a shell that has those variables set.

Exit codes: 0 every check passed, 1 a check failed, 2 misuse or nothing checked (no host configured).
The last line is "N passed, N failed, N skipped".`;
