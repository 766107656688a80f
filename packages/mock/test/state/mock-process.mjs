// Runs only the mock, on free ports, for memory measurements from a parent test (IPC): on a manual clock
// (PGI_MOCK_START=<epoch ms>), or on real time with PGI_MOCK_TIME_FACTOR=<factor> (retries then wait real time);
// with PGI_MOCK_REDIS_URL, on that Redis (namespace PGI_MOCK_NAMESPACE).
// Started with --expose-gc; answers {type: "rss"} with its RSS and heap after forced collections, and stops on {type: "stop"}.
import { createClock, HOST_NAMES, startMock } from "../../dist/index.js";

const start = Number(process.env.PGI_MOCK_START);
const factor = Number(process.env.PGI_MOCK_TIME_FACTOR);
const manual = Number.isFinite(start);
if ((!manual && !Number.isFinite(factor)) || typeof globalThis.gc !== "function" || !process.send) {
  console.error(
    "mock-process: run with --expose-gc, an IPC channel and PGI_MOCK_START=<epoch ms> or PGI_MOCK_TIME_FACTOR=<factor>",
  );
  process.exit(2);
}
const mock = await startMock({
  ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
  ...(manual ? { clock: createClock({ realNow: () => start }), timeFactor: 0 } : { timeFactor: factor }),
  ...(process.env.PGI_MOCK_REDIS_URL
    ? {
        redis: {
          url: process.env.PGI_MOCK_REDIS_URL,
          namespace: process.env.PGI_MOCK_NAMESPACE ?? "default",
        },
      }
    : {}),
});

async function rss() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setImmediate(r));
  }
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

process.on("message", async (message) => {
  if (message?.type === "rss") process.send({ type: "rss", ...(await rss()) });
  if (message?.type === "stop") {
    await mock.close();
    process.disconnect();
  }
});
process.send({ type: "ready", urls: mock.urls });
