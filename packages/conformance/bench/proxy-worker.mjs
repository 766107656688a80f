// The proxy of bench/proxy.mjs, in its own thread: posts its gateway URL, and on "stop" the counts of its judgements.
import { parentPort, workerData } from "node:worker_threads";
import { targetFromNames } from "../dist/config/targets.js";
import { startProxy } from "../dist/proxy/server.js";
import { loadSpecSet } from "../dist/spec/spec-set.js";

const { upstreamUrl, salt, enforce, skip } = workerData;
const target = targetFromNames("bench upstream", {
  PGI_GATEWAY_URL: upstreamUrl,
  PGI_MERCHANT_KEY: "Jx7Kq2",
  PGI_SALT: salt,
});
const counts = { seen: 0, judged: 0, hashChecked: 0, failed: 0 };
const ok = (verdict, check) => verdict.findings.some((f) => f.check === check && f.ok);
const proxy = await startProxy({
  specs: loadSpecSet(),
  target,
  portBase: 0,
  enforce,
  // The proxy keeps nothing of an exchange: the counts are taken as each one is judged (the warm-up skipped).
  onExchange: (_rec, verdict) => {
    if (counts.seen++ < skip) return;
    counts.judged++;
    if (ok(verdict, "request_signature") && ok(verdict, "response_signature")) counts.hashChecked++;
    if (verdict.findings.some((f) => !f.ok && !f.warning)) counts.failed++;
  },
});
parentPort.postMessage(proxy.urls.gateway);
parentPort.on("message", async () => {
  await proxy.close();
  const { judged, hashChecked, failed } = counts;
  parentPort.postMessage({ judged, hashChecked, failed });
});
