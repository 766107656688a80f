// Benchmark: a client round trip (serialise, sign, send, parse, verify) against a raw fetch of the same request to
// the same local server, in the same run, as a ratio. Bounded: a fixed number of sequential calls per case.
import { createServer } from "node:http";
import { sign } from "@pgi/signing";
import { createGatewayClient, createWalletClient } from "../dist/index.js";

const N = Number(process.env.BENCH_CALLS ?? 3000);
const SALT = "bench-salt";
const KEY = "Jx7Kq2";
const WALLET_SECRET = "bench-wallet-secret";
const walletFields = {
  messagecode: "501",
  status: "SUCCESS",
  statuscode: "0",
  statusdescription: "Token generated successfully",
};
const walletAnswer = JSON.stringify({
  ...walletFields,
  token: "WTK1",
  checksum: sign("wallet-response-checksum", walletFields, WALLET_SECRET).digest,
});
const result = {
  status: "success",
  txnid: "T1",
  amount: "1.00",
  key: KEY,
  mihpayid: "403993715531234567",
  payment_source: "sist",
  IsStandingInstructionSet: "1",
};
const blanks = {
  email: "",
  firstname: "",
  productinfo: "",
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`udf${i + 1}`, ""])),
};
const AUTH = '{"referenceId":"r1","cres":"c"}';
const SI = '{"billingAmount":"100.00","billingCycle":"MONTHLY"}';
result.hash = sign(
  "payment-response",
  { ...blanks, authentication_info: AUTH, si: "1", si_details: SI, ...result },
  SALT,
).digest;
const gatewayAnswer = JSON.stringify({ metaData: { statusCode: "E000" }, result });

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(req.url === "/tokengenerate" ? walletAnswer : gatewayAnswer);
  });
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;

const ROUNDS = 6;
/** Raw and client alternate in ROUNDS rounds of N / ROUNDS calls (so load and JIT drift hit both alike); medians. */
async function compare(raw, ours) {
  for (let i = 0; i < 200; i++) {
    await raw();
    await ours();
  } // warm-up
  const per = Math.ceil(N / ROUNDS);
  const times = { raw: [], ours: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, fn] of r % 2
      ? [
          ["ours", ours],
          ["raw", raw],
        ]
      : [
          ["raw", raw],
          ["ours", ours],
        ]) {
      const t0 = performance.now();
      for (let i = 0; i < per; i++) await fn();
      times[name].push((performance.now() - t0) / per);
    }
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return [median(times.raw), median(times.ours)];
}

const gw = createGatewayClient({ baseUrl: base, credentials: { merchantKey: KEY, salt: SALT } });
const wallet = createWalletClient({
  baseUrl: base,
  credentials: { walletMid: "MERCH1001", walletSecret: WALLET_SECRET },
});

const rawGatewayCall = async () => {
  const fields = {
    key: KEY,
    txnid: "T1",
    amount: "1.00",
    authentication_info: AUTH,
    si: "1",
    si_details: SI,
  };
  fields.hash = sign("mandate-authorization", fields, SALT).digest;
  const res = await fetch(`${base}/AuthorizeTransaction.php`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  await res.json();
};
const ourGatewayCall = async () => {
  const { data } = await gw.POST("/AuthorizeTransaction.php", {
    body: { txnid: "T1", amount: "1.00", authentication_info: AUTH, si: "1", si_details: SI },
  });
  if (!data) throw new Error("no data");
};
const rawWalletCall = async () => {
  const fields = {
    mid: "MERCH1001",
    cell: "9876543210",
    msgcode: "501",
    merchantname: "Shop",
    amount: "5000",
    otp: "123456",
    tokentype: "1",
  };
  fields.checksum = sign("wallet-checksum", fields, WALLET_SECRET).digest;
  const res = await fetch(`${base}/tokengenerate`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  await res.json();
};
const ourWalletCall = async () => {
  await wallet.POST("/tokengenerate", {
    body: {
      cell: "9876543210",
      msgcode: "501",
      merchantname: "Shop",
      amount: 5000,
      otp: 123456,
      tokentype: 1,
    },
  });
};
const [rawGateway, ourGateway] = await compare(rawGatewayCall, ourGatewayCall);
const [rawWallet, ourWallet] = await compare(rawWalletCall, ourWalletCall);
server.close();

console.log(
  `\nclient round trip vs raw fetch (same request, same local server), ${N} sequential calls each, raw and client alternating in 6 rounds, medians\n`,
);
for (const [label, raw, ours, note] of [
  [
    "mandate authorization (form, SHA-512 hash, result.hash verified)",
    rawGateway,
    ourGateway,
    "raw signs but does not verify the answer",
  ],
  [
    "wallet token (form, HMAC checksum both ways)",
    rawWallet,
    ourWallet,
    "raw signs but does not verify the answer",
  ],
]) {
  console.log(`  ${label}`);
  console.log(
    `    raw fetch ${(raw * 1000).toFixed(0)} µs/call   client ${(ours * 1000).toFixed(0)} µs/call   ratio ${(ours / raw).toFixed(2)}x (goal <= 1.2x; ${note})`,
  );
}
