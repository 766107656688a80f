// A Redis URL as the mock prints it: the password masked (no ioredis needed, so the CLI can use it freely).

/**
 * The URL with any password (and a user name's secret part) replaced by ****, for every message that names it.
 *
 * @example
 * maskRedisUrl("redis://:s3cret@cache:6379/2"); // "redis://:****@cache:6379/2"
 */
export function maskRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== "") u.password = "****";
    return u.toString().replace(/\/$/, "");
  } catch {
    // Not a URL: still hide what looks like user information.
    return url.replace(/\/\/[^@/]*@/, "//****@");
  }
}
