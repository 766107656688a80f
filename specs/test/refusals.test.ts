// Every operation documents the mock's shared refusals (400, 413, 415, 503), identifiers have one pattern, URLs a
// host.
import { describe, expect, it } from "vitest";
import { HOSTS, loadBundle, ptr, validatorAt } from "./helpers.js";

type Obj = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "patch"];

function deref(host: (typeof HOSTS)[number], node: unknown): Obj {
  let value = node as Obj;
  for (let i = 0; i < 10 && typeof value?.$ref === "string"; i++) {
    const path = (value.$ref as string).slice(2).split("/");
    value = path.reduce<unknown>((n, k) => (n as Obj)[k.replace(/~1/g, "/")], loadBundle(host)) as Obj;
  }
  return value;
}

const operations = HOSTS.flatMap((host) =>
  Object.entries(loadBundle(host).paths as Obj).flatMap(([path, item]) =>
    Object.entries(deref(host, item))
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ host, path, method, op: op as Obj })),
  ),
);

describe("shared refusals", () => {
  it.each(operations.map((o) => [`${o.host} ${o.method.toUpperCase()} ${o.path}`, o] as const))(
    "%s documents 400, 413, 503 and (with a body) 415",
    (_name, { host, op }) => {
      const responses = op.responses as Obj;
      const tooLarge = deref(host, responses["413"]);
      expect(tooLarge["x-pgi-refusal"]).toBe("body-too-large");
      const storeDown = deref(host, responses["503"]);
      expect(storeDown["x-pgi-refusal"]).toBe("store-unavailable");
      expect(Object.keys(storeDown.headers as Obj)).toEqual(["Retry-After"]);
      const bad = deref(host, responses["400"]);
      expect(bad, "a 400 of the host's own or the shared malformed-request refusal").toBeDefined();
      if (op.requestBody) {
        expect(deref(host, responses["415"])["x-pgi-refusal"]).toBe("unsupported-media-type");
      } else {
        expect(responses["415"]).toBeUndefined();
      }
    },
  );

  it.each([
    "RefusalMalformedRequest",
    "RefusalBodyTooLarge",
    "RefusalUnsupportedMediaType",
    "RefusalStoreUnavailable",
  ])("%s says the interface does not show the real host's body", (name) => {
    const host = HOSTS.find(
      (h) =>
        (loadBundle(h).components as Obj).responses &&
        name in ((loadBundle(h).components as Obj).responses as Obj),
    );
    expect(host).toBeDefined();
    const response = ((loadBundle(host!).components as Obj).responses as Obj)[name] as Obj;
    expect(response.description).toMatch(/does not show the real host's/);
    expect(Object.keys(response.content as Obj)).toEqual(["application/problem+json"]);
  });
});

describe("payout merchant identifiers", () => {
  const validate = validatorAt("payout", ptr("components", "schemas", "PayoutMerchantIdText"));
  it.each(["1111312", "8000051", "1", "999999999999999999"])("accepts %s", (v) => {
    expect(validate(v)).toBe(true);
  });
  it.each(["abc", "-5", "1e3", "01111312", "12345678901234567890", "", " 1", "1.0", "0"])(
    "refuses %j",
    (v) => {
      expect(validate(v)).toBe(false);
    },
  );
  it.each([
    ["/payout/v2/smartSend/link", "post", "pid"],
    ["/payout/v2/smartSend/expiry/{id}", "put", "pid"],
    ["/payout/v2/smartSend/expiry/{id}", "put", "mid"],
    ["/payout/smartPay/cancel", "post", "payoutMerchantId"],
    ["/payout/merchant/smartSend/details", "get", "payoutMerchantId"],
  ])("%s %s: %s has the one pattern", (path, method, name) => {
    const op = deref("payout", (deref("payout", (loadBundle("payout").paths as Obj)[path]) as Obj)[method]);
    const param = (op.parameters as unknown[]).map((p) => deref("payout", p)).find((p) => p.name === name);
    expect(param).toBeDefined();
    expect(((param as Obj).schema as Obj).$ref).toBe("#/components/schemas/PayoutMerchantIdText");
  });
});

describe("register_webhook webhook_url", () => {
  const validate = validatorAt("partner", ptr("components", "schemas", "RegisterWebhookRequest"));
  const body = (webhook_url: string) => ({
    webhook_url,
    reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
  });
  it.each([
    "https://partner.example.in/hook",
    "https://127.0.0.1:9000/hook",
    "https://[::1]:8443/h?x=1",
    "https://a.b",
  ])("accepts %s", (url) => {
    expect(validate(body(url))).toBe(true);
  });
  it.each([
    "https://",
    "https:///path",
    "http://partner.example.in/",
    "https://user@host/",
    "https:// x",
    "https://:443/",
  ])("refuses %s", (url) => {
    expect(validate(body(url))).toBe(false);
  });
});
