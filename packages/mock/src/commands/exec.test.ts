import { describe, expect, it } from "vitest";
import { exitCodeOf, splitCommand } from "./exec.js";
import { MOCK_OPTIONS } from "./mock-options.js";

describe("splitCommand", () => {
  it.each([
    [["--", "node", "a.mjs"], [], ["node", "a.mjs"]],
    [
      ["--port-base", "5010", "--", "node", "--version"],
      ["--port-base", "5010"],
      ["node", "--version"],
    ],
    [
      ["--port-base", "5010", "node", "--port-base", "1"],
      ["--port-base", "5010"],
      ["node", "--port-base", "1"],
    ],
    [["--port-base=5010", "npm", "test"], ["--port-base=5010"], ["npm", "test"]],
    [
      ["--port", "otp=0", "--port", "bbps=0", "sh", "-c", "x"],
      ["--port", "otp=0", "--port", "bbps=0"],
      ["sh", "-c", "x"],
    ],
    [["--help"], ["--help"], []],
    [["--nope", "--", "x"], ["--nope"], ["x"]],
    [["--", "--"], [], ["--"]],
    [[], [], []],
  ])("%j", (argv, own, command) => {
    expect(splitCommand(argv, MOCK_OPTIONS)).toEqual({ own, command });
  });
});

describe("exitCodeOf", () => {
  it("the code, else 128 + the signal's number", () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(7, null)).toBe(7);
    expect(exitCodeOf(null, "SIGINT")).toBe(130);
    expect(exitCodeOf(null, "SIGTERM")).toBe(143);
    expect(exitCodeOf(null, "SIGKILL")).toBe(137);
  });
});
