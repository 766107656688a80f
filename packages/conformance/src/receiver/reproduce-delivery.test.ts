import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printfCommand, reproduceDelivery, shellQuote } from "./reproduce-delivery.js";
import type { Delivery } from "./types.js";

const run = promisify(execFile);
const got: { body: string; authorization: string | undefined; hasAuthorization: boolean }[] = [];
let url = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({
        body: Buffer.concat(chunks).toString("utf8"),
        authorization: req.headers.authorization,
        hasAuthorization: "authorization" in req.headers,
      });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  close = () => new Promise<void>((r) => server.close(() => r()));
});
afterAll(() => close());

const delivery = (body: string, authorization: string | null, extra: Partial<Delivery> = {}): Delivery => ({
  body,
  authorization,
  label: "test",
  signing: "test",
  ...extra,
});

describe("reproduceDelivery", () => {
  it.each([
    [
      "a compact body with a quote and Unicode",
      delivery(`{"error":"it's \\"ok\\" 🚀 खाता"}`, "ab".repeat(32)),
    ],
    [
      "an indented body (newlines and spaces)",
      delivery('{\n  "mid": 9007199254740993,\n\t"a": "b\\\\c\\u00e9"\n}\n', "cd".repeat(32)),
    ],
    ["no Authorization header", delivery('{"a":"b"}', null)],
    ["an empty Authorization header", delivery('{"a":"b"}', "")],
    ["an empty body", delivery("", "ef".repeat(32))],
    [
      "a body written by a shell command",
      delivery(`{"event_name":"${"x".repeat(100_000)}`, "01".repeat(32), {
        shellBody: `{ printf '%s' '{"event_name":"'; head -c 100000 /dev/zero | tr '\\0' x; }`,
      }),
    ],
  ])("sends %s again exactly, on one line", async (_name, d) => {
    got.length = 0;
    const line = reproduceDelivery(url, d);
    expect(line).not.toContain("\n");
    await run("sh", ["-c", `${line} > /dev/null`], { timeout: 20_000 });
    expect(got).toHaveLength(1);
    expect(got[0]?.body).toBe(d.body);
    expect(got[0]?.hasAuthorization).toBe(d.authorization !== null);
    if (d.authorization !== null) expect(got[0]?.authorization).toBe(d.authorization);
  });

  it("sends copies at once when asked", async () => {
    got.length = 0;
    await run("sh", [
      "-c",
      `${reproduceDelivery(url, delivery('{"a":"b"}', "ab".repeat(32)), 3)} > /dev/null`,
    ]);
    expect(got.map((g) => g.body)).toEqual(['{"a":"b"}', '{"a":"b"}', '{"a":"b"}']);
  });

  it("quotes in single quotes, and writes control characters and backslashes as printf escapes", () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(printfCommand("a\nb\\c'\x01")).toBe("printf '%b' 'a\\nb\\\\c'\\''\\0001'");
  });
});
