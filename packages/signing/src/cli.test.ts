import { describe, expect, it } from "vitest";
import { sha512 } from "../test/crypto.js";
import { paymentRequest, SALT } from "../test/fixtures.js";
import { type CliIo, helpText, main, schemeHelpText } from "./cli.js";
import { formula } from "./formula.js";
import { RECIPES, SCHEME_IDS } from "./generated/recipes.js";

/** Runs main() against in-memory streams. */
async function run(
  args: string[],
  options: { stdin?: string; tty?: boolean; stderrTty?: boolean; env?: Record<string, string> } = {},
) {
  let stdout = "";
  let stderr = "";
  const chunks = options.stdin === undefined ? [] : [Buffer.from(options.stdin)];
  const stdin = Object.assign(
    (async function* () {
      yield* chunks;
    })(),
    { isTTY: options.tty ?? false },
  );
  const io: CliIo = {
    stdin,
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t), isTTY: options.stderrTty ?? false },
    env: options.env ?? {},
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

const digest = sha512(
  `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web||||||${SALT}`,
);

describe("cli (in process)", () => {
  it("prints the digest alone", async () => {
    const r = await run(["payment-request", "--secret", SALT], { stdin: JSON.stringify(paymentRequest) });
    expect(r).toEqual({ code: 0, stdout: `${digest}\n`, stderr: "" });
  });

  it("says so instead of waiting when stdin is a terminal", async () => {
    const r = await run(["payment-request", "--secret", SALT], { tty: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^pgi-sign: no input: pipe one JSON object on stdin/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("colours stderr only on a terminal and without NO_COLOR", async () => {
    const args = ["payment-request", "--secret", SALT, "--verify", "0".repeat(128)];
    const stdin = JSON.stringify(paymentRequest);
    expect((await run(args, { stdin, stderrTty: true })).stderr).toContain("\u001b[31m");
    expect((await run(args, { stdin, stderrTty: true, env: { NO_COLOR: "1" } })).stderr).not.toContain(
      "\u001b[",
    );
    expect((await run(args, { stdin, stderrTty: false })).stderr).not.toContain("\u001b[");
  });

  it("never writes the secret from the environment", async () => {
    const r = await run(["payment-request", "--explain", "--verify", "ab".repeat(64)], {
      stdin: JSON.stringify({ ...paymentRequest, udf1: SALT }),
      env: { PGI_SALT: SALT },
    });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain(SALT);
  });

  it("help lists every scheme with its generated formula, options, environment and exit codes", async () => {
    const r = await run(["--help"]);
    expect(r.code).toBe(0);
    for (const id of SCHEME_IDS) {
      expect(r.stdout).toContain(id);
      expect(r.stdout).toContain(formula(RECIPES[id]));
    }
    expect(r.stdout).toBe(helpText());
    expect((await run(["help"])).stdout).toBe(helpText());
    expect((await run(["wallet-checksum", "-h"])).stdout).toBe(schemeHelpText("wallet-checksum"));
    expect((await run(["nope", "--help"])).code).toBe(2);
  });

  it("help names the command as invoked: the installed binary, or the repository's pnpm script", async () => {
    expect((await run(["--help"])).stdout).toMatch(/^Usage\n {2}pgi-sign <scheme>/m);
    const viaPnpm = await run(["--help"], { env: { npm_package_name: "pgi", npm_lifecycle_event: "sign" } });
    expect(viaPnpm.stdout).toMatch(/^Usage\n {2}pnpm --silent sign <scheme>/m);
    expect(viaPnpm.stdout).not.toMatch(/^ {2}pgi-sign /m);
  });

  it("rejects extra positional arguments", async () => {
    const r = await run(["payment-request", "extra", "--secret", SALT], { stdin: "{}" });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unexpected argument "extra"/);
  });

  it("rejects duplicate fields in stdin", async () => {
    const r = await run(["wallet-response-checksum", "--secret", SALT], {
      stdin: '{"messagecode":"1","messagecode":"2","status":"s","statuscode":"0","statusdescription":"d"}',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"messagecode" appears more than once/);
  });
});
