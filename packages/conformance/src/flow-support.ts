// What the flows share: their list (hosts, control API), options, a local receiver, polling and rule lookup.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Finding } from "./checks.js";
import type { BuildOptions } from "./request-builder.js";
import type { CaseResult } from "./runner.js";
import type { Host, SpecSet } from "./spec-set.js";

export type Json = Record<string, unknown>;

/** An exchange a case or flow made, for the coverage report. */
export interface Observation {
  operationId: string;
  status: number;
  flow?: string;
  example?: string;
}

export interface FlowOptions {
  skippedHosts: Set<Host>;
  /** The hosts selected for the run: a flow runs only when every host it touches is selected. */
  selected: ReadonlySet<Host>;
  /** The hosts whose control API (the mock's) answers. */
  controls: ReadonlySet<Host>;
  retryWaitMs: number;
  fetch?: typeof fetch;
  observe?: (o: Observation) => void;
  onResult?: (r: CaseResult) => void;
}

/** Every flow: the hosts it touches and whether it needs the mock's control API. */
export const FLOWS: readonly { name: string; hosts: readonly Host[]; needsControl: boolean }[] = [
  { name: "OTP send → verify", hosts: ["otp"], needsControl: true },
  { name: "token validation with send-on-failure", hosts: ["otp"], needsControl: true },
  { name: "mandate authorization → registered rule", hosts: ["gateway"], needsControl: false },
  {
    name: "smart send create → details → status → extend → cancel → status",
    hosts: ["payout"],
    needsControl: false,
  },
  {
    name: "merchant status webhook: receive, verify, answer 500, receive the retry",
    hosts: ["partner"],
    needsControl: true,
  },
  { name: "UPI Collect: final response posted to surl", hosts: ["gateway"], needsControl: true },
  { name: "BNPL link-and-pay scenarios", hosts: ["gateway"], needsControl: true },
];

/** The flows a run over `selected` hosts reports (run or skipped). */
export function flowsFor(selected: ReadonlySet<Host>) {
  return FLOWS.filter((f) => f.hosts.every((h) => selected.has(h)));
}

/** A tiny local HTTP receiver that records requests and answers from a script. */
export async function receiver(answers: number[]) {
  const got: { body: string; headers: IncomingMessage["headers"] }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ body, headers: req.headers });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 5_000,
): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

/** What a flow's body can do. */
export interface FlowCtx {
  step(operationId: string, build: BuildOptions): Promise<{ status: number; body: unknown; fields: Json }>;
  expect(ok: boolean, message: string, expected?: string, actual?: unknown): void;
  control(host: Host, path: string, body?: unknown): Promise<Json>;
  example(operationId: string, index?: number): Json;
  record(f: Finding): void;
}

/** An x-pgi-rule of a host's spec found by a key it carries (rules are inlined in the bundles). */
export function findRule(specs: SpecSet, host: Host, name: string): Json | undefined {
  let found: Json | undefined;
  const walk = (node: unknown, depth: number) => {
    if (found || depth > 12 || !node || typeof node !== "object") return;
    const rule = (node as Json)["x-pgi-rule"] as Json | undefined;
    if (rule && name === "mandate-registered" && Array.isArray(rule.all)) found = rule;
    for (const v of Object.values(node as Json)) walk(v, depth + 1);
  };
  walk(specs.docs.get(host), 0);
  return found;
}
