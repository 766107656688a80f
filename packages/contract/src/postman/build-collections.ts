// Builds the Postman collections (v2.1) and the mock environment from the hosts' bundles: one folder per host,
// requests in the order of their flows, collection variables named like the configuration names.
import type { SpecDocument } from "../diff/spec-document.js";
import { FLOWS } from "./flows.js";
import { requestItem } from "./request-item.js";
import { type SpecOperation, specOperations } from "./spec-operations.js";
import { SECRET_NAMES } from "./variables.js";

/** One host to put in the collections. */
export interface CollectionHost {
  readonly host: string;
  readonly title: string;
  readonly urlVariable: string;
  readonly doc: SpecDocument;
}

/** The files `pgi-contract postman` writes. */
export interface PostmanFiles {
  /** Every operation the merchant calls, a folder per host. */
  readonly collection: Record<string, unknown>;
  /** Signed samples of the webhooks and callbacks, to send to the merchant's own endpoint. */
  readonly receivers: Record<string, unknown>;
  /** The local mock's URLs and test credentials. */
  readonly environment: Record<string, unknown>;
}

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/** Variables the flows pass between requests (not configuration names). */
const FLOW_VARIABLES: Readonly<Record<string, string>> = {
  otpUuid: "uuid of the last OTP sent (captured from /otp/send)",
  otpCode: "the OTP the customer received (the mock's environment reads it from the mock)",
  walletOtp: "the OTP the wallet user received (read from the mock with its environment)",
  signInOtp: "the sign-in OTP the merchant user received (read from the mock with its environment)",
  merchantRefId: "merchant reference of the last smart send link (generated before creating it)",
  linkExpiry: "expiry of the created link (7 days ahead, generated)",
  laterExpiry: "new expiry when extending (14 days ahead, generated)",
  linkId: "linkId of the created link (captured)",
  linkIdEncoded: "linkId URL-encoded, as the path and query need it (captured)",
};

function ordered(ops: SpecOperation[]): SpecOperation[] {
  const rank = (op: SpecOperation) => FLOWS[op.operationId]?.order ?? Number.POSITIVE_INFINITY;
  return ops
    .map((op, i) => ({ op, i }))
    .sort((a, b) => rank(a.op) - rank(b.op) || a.i - b.i)
    .map((x) => x.op);
}

function items(ops: SpecOperation[], baseUrl: string, received: boolean): Record<string, unknown>[] {
  return ordered(ops).flatMap((op) => {
    const ctx = { baseUrl, flow: FLOWS[op.operationId], received };
    const shapes = op.shapes.length ? op.shapes : [undefined];
    return shapes.map((shape) => requestItem(op, shape, ctx));
  });
}

function variable(key: string, value: string, description: string) {
  return { key, value, type: SECRET_NAMES.has(key) ? "secret" : "string", description };
}

/**
 * Builds both collections and the mock environment. `credentials` are the mock's test values by configuration
 * name, `ports` its default ports by host.
 *
 * @example
 * const files = buildCollections(hosts, mockDefaults());
 */
export function buildCollections(
  hosts: readonly CollectionHost[],
  mock: {
    readonly ports: Readonly<Record<string, number>>;
    readonly credentials: Readonly<Record<string, string>>;
  },
  version = "0.0.0",
): PostmanFiles {
  const calls = hosts.map((h) => {
    const { calls: ops } = specOperations(h.doc);
    return {
      name: h.title,
      description: `${h.title}: every operation of specs/${h.host}, base URL {{${h.urlVariable}}}.`,
      item: items(ops, `{{${h.urlVariable}}}`, false),
    };
  });
  const received = hosts
    .map((h) => ({ h, ops: specOperations(h.doc).received }))
    .filter((x) => x.ops.length > 0)
    .map(({ h, ops }) => ({
      name: h.title,
      description: `Webhooks and callbacks of ${h.title}, signed as the gateway signs them, sent to {{receiverUrl}}.`,
      item: items(ops, "{{receiverUrl}}", true),
    }));
  const config = [
    ...hosts.map((h) => variable(h.urlVariable, "", `base URL of ${h.title}`)),
    ...Object.keys(mock.credentials).map((name) =>
      variable(name, "", "configuration name of the toolkit; set it in your environment"),
    ),
  ];
  const flow = Object.entries(FLOW_VARIABLES).map(([k, d]) => variable(k, "", d));
  const info = (name: string, description: string) => ({
    _postman_id: `pgi-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    name,
    description,
    schema: SCHEMA,
    version,
  });
  const collection = {
    info: info(
      "PGI payment gateway interface",
      "Every operation of the payment gateway interface, a folder per host, generated from the OpenAPI contract by pgi-contract. Hashes, checksums and signatures are computed before each request from the spec's x-pgi-signature recipes over the values as sent; tests check the documented status and verify the answer's hash or checksum. Import the mock environment (pgi-mock.postman_environment.json) or set the PGI_* variables of your sandbox.",
    ),
    item: calls,
    variable: [
      ...config,
      ...flow,
      variable(
        "pgiMock",
        "false",
        "true when the target is the local mock: scripts then read OTPs from its control API",
      ),
    ],
  };
  const receivers = {
    info: info(
      "PGI webhooks and callbacks",
      "Signed samples of what the gateway sends to the merchant (the merchant status webhook, the UPI Collect final response), to send to your own endpoint at {{receiverUrl}}: each is signed from the spec's recipe with your secret, and the test checks your endpoint answers the documented status.",
    ),
    item: received,
    variable: [
      ...config,
      variable(
        "receiverUrl",
        "http://127.0.0.1:9000/pgi",
        "your endpoint that receives webhooks and callbacks",
      ),
    ],
  };
  const environment = {
    id: "pgi-mock-environment",
    name: "PGI mock (local)",
    values: [
      ...hosts.map((h) => ({
        key: h.urlVariable,
        value: `http://127.0.0.1:${mock.ports[h.host] ?? ""}`,
        type: "default",
        enabled: true,
      })),
      ...Object.entries(mock.credentials).map(([key, value]) => ({
        key,
        value,
        type: SECRET_NAMES.has(key) ? "secret" : "default",
        enabled: true,
      })),
      { key: "pgiMock", value: "true", type: "default", enabled: true },
    ],
    _postman_variable_scope: "environment",
  };
  return { collection, receivers, environment };
}
