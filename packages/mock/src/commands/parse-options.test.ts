import { describe, expect, it } from "vitest";
import { CliUsageError } from "./io.js";
import { type OptionTable, parseOptions } from "./parse-options.js";

const TABLE: OptionTable = {
  "port-base": { type: "string", valid: "an integer 1-65529" },
  port: { type: "string", multiple: true, valid: "HOST=N" },
  quiet: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

const errorOf = (argv: string[], hint?: string) => {
  try {
    parseOptions(argv, TABLE, hint);
  } catch (error) {
    expect(error).toBeInstanceOf(CliUsageError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${argv.join(" ")}`);
};

describe("parseOptions", () => {
  it("parses long, short, repeated and = forms", () => {
    expect(parseOptions(["--port-base", "5010", "-h", "--port", "otp=1", "--port=gateway=2"], TABLE)).toEqual(
      {
        "port-base": "5010",
        help: true,
        port: ["otp=1", "gateway=2"],
      },
    );
  });

  it.each([
    [["--nope"], "unknown option --nope; valid options: --port-base, --port, --quiet, --help"],
    [["-x"], "unknown option -x; valid options: --port-base, --port, --quiet, --help"],
    [["--port-base"], "--port-base needs a value: an integer 1-65529"],
    [
      ["--port-base", "--quiet"],
      "--port-base needs a value: an integer 1-65529 (write --port-base=VALUE for a value starting with -)",
    ],
    [["--quiet=yes"], "--quiet takes no value"],
    [["serve"], 'unexpected argument "serve"; commands: exec'],
  ])("%j: one line naming the option and what it takes", (argv, message) => {
    const got = errorOf(argv, "commands: exec");
    expect(got).toBe(message);
    expect(got).not.toContain("\n");
  });
});
