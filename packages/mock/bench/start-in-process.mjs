// Times startMock() in-process after a warm import (the module graph already loaded), for the benchmark.
const ports = { otp: 0, gateway: 0, wallet: 0, partner: 0, accounts: 0, payout: 0, bbps: 0 };
const t0 = performance.now();
const { startMock } = await import("../dist/index.js");
const t1 = performance.now();
const mock = await startMock({ ports });
const t2 = performance.now();
await mock.close();
console.log(JSON.stringify({ importMs: t1 - t0, startMockMs: t2 - t1 }));
