// The ceiling of the benchmark: bare node:http answering a fixed JSON body, nothing else.
import { createServer } from "node:http";

const body = JSON.stringify({ status: "ok" });
createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.argv[2]), "127.0.0.1");
