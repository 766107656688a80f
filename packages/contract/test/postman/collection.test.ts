// The shape of the generated collections: v2.1, a folder per host in the interface's order, every operation, the
// configuration names as variables, recipes taken from the spec, no secret values, the same output every time.
import { describe, expect, it } from "vitest";
import { mockDefaults } from "../../src/contract-files.js";
import { specOperations } from "../../src/postman/spec-operations.js";
import { collections } from "./collections.js";

type Item = {
  id: string;
  name: string;
  request: { url: { raw: string }; auth: { type: string } };
  event: { listen: string; script: { exec: string[] } }[];
};
type Folder = { name: string; item: Item[] };

const { hosts, files } = collections();
const folders = files.collection.item as Folder[];
const items = folders.flatMap((f) => f.item);

describe("the generated collection", () => {
  it("is Postman v2.1 with one folder per host, in the interface's order", () => {
    expect((files.collection.info as { schema: string }).schema).toBe(
      "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    );
    expect(folders.map((f) => f.name)).toEqual(hosts.map((h) => h.title));
  });

  it("has a request for every operation (one per request shape where a body has several)", () => {
    for (const h of hosts) {
      const folder = folders.find((f) => f.name === h.title)!;
      const ops = specOperations(h.doc).calls;
      for (const op of ops)
        expect(
          folder.item.some((i) => i.id.startsWith(`${h.host}.${op.operationId}`)),
          `${h.host} ${op.operationId}`,
        ).toBe(true);
      expect(folder.item.length).toBe(ops.reduce((n, op) => n + Math.max(1, op.shapes.length), 0));
    }
    expect(
      items.filter((i) => i.id.startsWith("gateway.initiateHostedCheckoutPayment")).map((i) => i.name),
    ).toEqual([
      expect.stringContaining("UpiMandateIntentRequest"),
      expect.stringContaining("UpiMandateCollectRequest"),
      expect.stringContaining("BnplLinkAndPayRequest"),
    ]);
  });

  it("uses the configuration names as variables, and holds no secret value (the environment does)", () => {
    const names = (files.collection.variable as { key: string }[]).map((v) => v.key);
    expect(names).toEqual(
      expect.arrayContaining([
        "PGI_SALT",
        "PGI_MERCHANT_KEY",
        "PGI_WALLET_SECRET",
        "PGI_PAYOUT_TOKEN",
        "PGI_OTP_URL",
        "PGI_BBPS_URL",
      ]),
    );
    const text = JSON.stringify(files.collection) + JSON.stringify(files.receivers);
    const { credentials } = mockDefaults();
    for (const name of [
      "PGI_SALT",
      "PGI_WALLET_SECRET",
      "PGI_WEBHOOK_SECRET",
      "PGI_PAYOUT_TOKEN",
      "PGI_OTP_AUTHORIZATION",
    ]) {
      expect(text.includes(credentials[name]!), name).toBe(false);
    }
    const env = (files.environment as { values: { key: string; value: string; type: string }[] }).values;
    expect(env.find((v) => v.key === "PGI_SALT")).toMatchObject({
      value: credentials.PGI_SALT,
      type: "secret",
    });
    expect(env.find((v) => v.key === "PGI_GATEWAY_URL")?.value).toBe("http://127.0.0.1:4011");
  });

  it("signs each request with the recipe the spec attaches, over the values as sent", () => {
    const prerequest = (id: string) =>
      items
        .find((i) => i.id === id)!
        .event.find((e) => e.listen === "prerequest")!
        .script.exec.join("\n");
    expect(prerequest("wallet.generateWalletToken")).toContain('"id":"wallet-checksum"');
    expect(prerequest("wallet.generateWalletToken")).toContain('"secretVariable":"PGI_WALLET_SECRET"');
    expect(prerequest("gateway.initiateHostedCheckoutPayment.bnplLinkAndPay")).toContain(
      '"id":"payment-request"',
    );
    expect(prerequest("gateway.initiateHostedCheckoutPayment.upiIntent")).toContain(
      '"id":"upi-mandate-registration"',
    );
    const bearer = items.find((i) => i.id === "payout.createSmartSendLink")!.request.auth;
    expect(bearer).toMatchObject({ type: "bearer", bearer: [{ value: "{{PGI_PAYOUT_TOKEN}}" }] });
    expect(items.find((i) => i.id === "payout.createSmartSendLink")!.request.url.raw).toBe(
      "{{PGI_PAYOUT_URL}}/payout/v2/smartSend/link",
    );
  });

  it("is the same every time it is generated", () => {
    expect(JSON.stringify(collections().files)).toBe(JSON.stringify(files));
  });
});
