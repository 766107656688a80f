import { describe, expect, it } from "vitest";
import { serveText } from "./body-text.js";

const answer = (body: string | null, status = 200) =>
  new Response(body, { status, headers: { "content-type": "application/json", "x-id": "a1" } });

describe("serveText", () => {
  it.each([
    { given: "text()", read: (r: Response) => r.text(), want: '{"n":"12345678901234567890"}' },
    { given: "json()", read: (r: Response) => r.json(), want: { n: "12345678901234567890" } },
    {
      given: "arrayBuffer()",
      read: async (r: Response) => new TextDecoder().decode(await r.arrayBuffer()),
      want: '{"n":"12345678901234567890"}',
    },
    {
      given: "body stream",
      read: (r: Response) => new Response(r.body).text(),
      want: '{"n":"12345678901234567890"}',
    },
  ])("serves the checked text through $given, on the same Response", async ({ read, want }) => {
    const original = answer('{"n":12345678901234567890}');
    await original.text();
    const served = serveText(original, '{"n":"12345678901234567890"}');
    expect(served).toBe(original);
    expect(served.status).toBe(200);
    expect(served.headers.get("x-id")).toBe("a1");
    expect(served.bodyUsed).toBe(false);
    expect(await read(served)).toEqual(want);
    expect(served.bodyUsed).toBe(true);
  });

  it("is readable once, like a body", async () => {
    const served = serveText(answer("{}"), "{}");
    await served.text();
    await expect(served.text()).rejects.toThrow(/already read/);
  });

  it("falls back to a new Response when the injected fetch's answer cannot take properties", async () => {
    const frozen = Object.freeze(answer(null, 204));
    const served = serveText(frozen, "");
    expect(served).not.toBe(frozen);
    expect(served.status).toBe(204);
    expect(await served.text()).toBe("");
  });
});
