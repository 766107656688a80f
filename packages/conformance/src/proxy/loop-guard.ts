// The relay's loop guard: does a destination URL, however spelled, reach one of the proxy's own listeners?
import { lookup } from "node:dns/promises";
import { isIPv4, isIPv6 } from "node:net";
import { hostname } from "node:os";

/** The four bytes of a dotted IPv4 address. */
const v4Bytes = (address: string): number[] => address.split(".").map(Number);

/** The sixteen bytes of an IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function v6Bytes(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Bytes(tail);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(rest);
  const all =
    rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/**
 * Whether a connection to `address` reaches a listener bound to 127.0.0.1 on this machine: any 127.0.0.0/8 address,
 * 0.0.0.0/8 (this host), `::1`, `::`, those IPv4 addresses written as IPv4-mapped IPv6, and 127.0.0.0/8 written as
 * IPv4-compatible IPv6.
 *
 * @example
 * isLoopback("::ffff:7f00:1"); // true
 */
export function isLoopback(address: string): boolean {
  let v4: number[] | undefined;
  if (isIPv4(address)) v4 = v4Bytes(address);
  else if (isIPv6(address)) {
    const b = v6Bytes(address);
    const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
    if (zeros(0, 16) || (zeros(0, 15) && b[15] === 1)) return true;
    if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff)
      v4 = b.slice(12); // IPv4-mapped
    else if (zeros(0, 12)) return b[12] === 127; // IPv4-compatible (deprecated): only its loopback counts
  }
  return v4 !== undefined && (v4[0] === 127 || v4[0] === 0);
}

/**
 * Whether a relay to `to` would arrive back at the proxy: its port (80 or 443 when not written) is one the proxy
 * listens on, and its host is `localhost` or a name under `.localhost`, this machine's host name, or a name or
 * address that resolves to a loopback or unspecified address ({@link isLoopback}; every address a name resolves to
 * counts). A name that does not resolve cannot be reached either, so it is not a loop.
 *
 * @example
 * await reachesProxy(new URL("http://localhost:4111/x"), new Set([4110, 4111])); // true
 */
export async function reachesProxy(to: URL, ports: ReadonlySet<number>): Promise<boolean> {
  const port = to.port ? Number(to.port) : to.protocol === "https:" ? 443 : 80;
  if (!ports.has(port)) return false;
  const host = to.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host === hostname().toLowerCase()) return true;
  if (isIPv4(host) || isIPv6(host)) return isLoopback(host);
  try {
    return (await lookup(host, { all: true })).some((a) => isLoopback(a.address));
  } catch {
    return false;
  }
}
