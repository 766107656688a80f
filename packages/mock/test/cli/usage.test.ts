// pgi-mock's help and misuse, run in-process: examples in every help, one-line errors naming the option, exit 2.
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { fakeIo } from "./fake-io.js";

describe("pgi-mock --help", () => {
  it.each([
    [["--help"], "pgi-mock", {}],
    [["-h"], "pnpm mock", { npm_package_name: "pgi", npm_lifecycle_event: "mock" }],
    [["exec", "--help"], "pgi-mock exec", {}],
    [["exec", "--help"], "pnpm mock exec", { npm_package_name: "pgi", npm_lifecycle_event: "mock" }],
  ])("%j: usage, options and examples under the name as invoked", async (argv, name, env) => {
    const io = fakeIo(env);
    expect(await main(argv, io)).toBe(0);
    const help = io.out();
    expect(help).toMatch(new RegExp(`^Usage: ${name} `, "m"));
    const examples = help.split("\nExamples:\n")[1]?.split("\n\n")[0]?.split("\n") ?? [];
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const line of examples) expect(line).toMatch(new RegExp(`^  ${name} `));
    expect(help).toMatch(/^Exit codes: /m);
    expect(io.err()).toBe("");
  });

  it("the main help lists each subcommand with its usage", async () => {
    const io = fakeIo();
    await main(["--help"], io);
    expect(io.out()).toContain("pgi-mock exec [options] -- CMD [ARG...]");
  });
});

describe("pgi-mock misuse: exit 2, one line on stderr naming the option and its valid values", () => {
  it.each([
    [["--nope"], "pgi-mock: unknown option --nope; valid options: --hostname, --port-base, --port"],
    [["--port-base"], "pgi-mock: --port-base needs a value: an integer 1-65529"],
    [["--port-base", "99999"], "pgi-mock: --port-base 99999: an integer 1-65529"],
    [["--port", "ledger=1"], "pgi-mock: --port ledger=1: HOST=N with HOST one of otp, gateway, wallet"],
    [["--time-factor=-2"], "pgi-mock: --time-factor -2: a number >= 0"],
    [["--log-format", "xml"], "pgi-mock: --log-format xml: use text or json"],
    [["--quiet=no"], "pgi-mock: --quiet takes no value"],
    [["start"], 'pgi-mock: unexpected argument "start"; commands: exec'],
    [["exec"], "pgi-mock exec: no command to run; usage: pgi-mock exec [options] -- CMD [ARG...]"],
    [["exec", "--quiet", "--", "true"], "pgi-mock exec: unknown option --quiet; valid options: --hostname"],
    [
      ["exec", "--ready-timeout", "soon", "--", "true"],
      "pgi-mock exec: --ready-timeout soon: seconds, a number > 0",
    ],
    [["exec", "--port-base", "0", "--", "true"], "pgi-mock exec: --port-base 0: an integer 1-65529"],
  ])("%j", async (argv, start) => {
    const io = fakeIo();
    expect(await main(argv, io)).toBe(2);
    expect(io.out()).toBe("");
    expect(io.err().startsWith(start)).toBe(true);
    expect(io.err().trimEnd().split("\n")).toHaveLength(1);
  });
});
