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
const proxy = await startProxy({ specs: loadSpecSet(), target, portBase: 0, enforce, retainBodies: false });
parentPort.postMessage(proxy.urls.gateway);
parentPort.on("message", async () => {
  await proxy.close();
  const judged = proxy.exchanges.slice(skip);
  const ok = (e, check) => e.verdict.findings.some((f) => f.check === check && f.ok);
  parentPort.postMessage({
    judged: judged.length,
    hashChecked: judged.filter((e) => ok(e, "request_signature") && ok(e, "response_signature")).length,
    failed: judged.filter((e) => e.verdict.findings.some((f) => !f.ok && !f.warning)).length,
  });
});
