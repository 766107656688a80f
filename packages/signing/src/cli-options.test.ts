import { describe, expect, it } from "vitest";
import { closest, parseCommandLine, UsageError } from "./cli-options.js";

describe("parseCommandLine", () => {
  it("reads the scheme, both values and both flags", () => {
    expect(parseCommandLine(["payment-request", "--secret", "s", "--verify=ab", "--explain", "-h"])).toEqual({
      positionals: ["payment-request"],
      secret: "s",
      verify: "ab",
      explain: true,
      help: true,
    });
  });

  it.each<[string[], RegExp]>([
    [["--salt", "x"], /^unknown option --salt \(the salt or signing secret goes in --secret VALUE/],
    [["--verfy", "ab"], /^unknown option --verfy \(did you mean --verify\?\); valid options: /],
    [["-x"], /^unknown option -x; valid options: --secret VALUE, --verify HEX, --explain, -h\/--help$/],
    [["--verify"], /^--verify needs a value: the received digest in hex .*; write --verify HEX$/],
    [["--secret", "--explain"], /^--secret needs a value: .*\(got the option --explain\)/],
    [["--secret", "-s3cret-value"], /^--secret needs a value: .*\(the next argument starts with -\)/],
    [["--explain=yes"], /^--explain takes no value; write --explain alone$/],
  ])("%j is refused with one line naming the option", (argv, message) => {
    let error: unknown;
    try {
      parseCommandLine(argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
    expect(text).not.toContain("s3cret-value");
    expect(text).not.toContain("yes");
  });

  it("takes a value that starts with - when written inline", () => {
    expect(parseCommandLine(["--secret=-s3cret"]).secret).toBe("-s3cret");
  });
});

describe("closest", () => {
  it.each<[string, string | undefined]>([
    ["paymnet-request", "payment-request"],
    ["wallet-checksum-response", undefined],
    ["webhook", "webhook-signature"],
    ["payment", undefined],
    ["zzz", undefined],
  ])("%s -> %s", (word, want) => {
    const ids = [
      "payment-request",
      "payment-response",
      "wallet-checksum",
      "wallet-response-checksum",
      "webhook-signature",
    ];
    expect(closest(word, ids)).toBe(want);
  });
});
