import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { framingProblem } from "./framing.js";

const req = (method: string, headers: Record<string, string>, minor = 1) =>
  ({ method, headers, httpVersionMajor: 1, httpVersionMinor: minor }) as unknown as IncomingMessage;

describe("framingProblem", () => {
  it.each([
    ["POST", {}, 1, undefined],
    ["POST", { "content-length": "12" }, 1, undefined],
    ["POST", { "transfer-encoding": "chunked" }, 1, undefined],
    ["POST", { "transfer-encoding": " Chunked " }, 1, undefined],
    ["GET", {}, 1, undefined],
    ["GET", { "content-length": "0" }, 1, undefined],
    ["PUT", { "content-length": "3" }, 1, undefined],
    ["POST", { "transfer-encoding": "gzip, chunked" }, 1, /exactly "chunked", not "gzip, chunked"/],
    ["POST", { "transfer-encoding": "" }, 1, /exactly "chunked", not ""/],
    ["POST", { "transfer-encoding": "chunked" }, 0, /not defined in HTTP\/1\.0/],
    ["GET", { "content-length": "5" }, 1, /a GET request must not carry a body \(it has Content-Length: 5\)/],
    ["HEAD", { "transfer-encoding": "chunked" }, 1, /a HEAD request must not carry a body/],
    ["DELETE", { "content-length": "005" }, 1, /a DELETE request must not carry a body/],
    ["OPTIONS", { "transfer-encoding": "chunked" }, 1, /an? OPTIONS request must not carry a body/],
    ["TRACE", { "content-length": "1" }, 1, /a TRACE request must not carry a body/],
  ] as const)("%s %j HTTP/1.%d", (method, headers, minor, expected) => {
    const problem = framingProblem(req(method, headers, minor), false);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(expected);
  });

  it("lets a body through on a body-less method when the operation documents one", () => {
    expect(framingProblem(req("GET", { "content-length": "5" }), true)).toBeUndefined();
    expect(framingProblem(req("GET", { "transfer-encoding": "gzip, chunked" }), true)).toMatch(/exactly/);
  });
});
