// The Redis keys of one namespace: a fixed set of containers (hashes, sorted sets, one list) under one prefix,
// so a reset, an idle expiry and a check that no secret is in a key name all know every key there is.

/**
 * Every container key of a namespace, after its prefix. Record keys (a uuid, a merchantRefId, a digest) are fields
 * or members inside them, never key names; a bearer token is kept only as its SHA-256.
 */
export const NAMESPACE_KEYS = [
  "meta",
  "seq",
  "forced",
  "otp:req",
  "otp:req:until",
  "otp:req:age",
  "otps:sent",
  "wallet:otp",
  "wallet:otp:age",
  "wallet:acct",
  "wallet:acct:age",
  "wallet:tok",
  "wallet:tok:age",
  "acc:code",
  "acc:code:age",
  "acc:tok",
  "acc:tok:until",
  "acc:tok:age",
  "payout:link",
  "payout:link:until",
  "payout:link:age",
  "payout:ref",
  "payout:ref:until",
  "payout:ref:age",
  "gw:pay",
  "gw:pay:age",
  "gw:bnpl",
  "gw:bnpl:age",
  "bbps:cmp",
  "bbps:cmp:age",
  "partner:ep",
  "partner:ep:age",
  "partner:item",
  "partner:item:age",
  "partner:agr",
  "partner:agr:age",
  "dlv:meta",
  "dlv:body",
  "dlv:st",
  "dlv:order",
  "dlv:pending",
  "dlv:fin",
  "jobs",
  "jobs:mock",
  "jobs:real",
  "jobs:lease",
  "jobs:owner",
] as const;

/** The lock a clock advance holds (it expires by itself; a reset leaves it to its holder). */
export const ADVANCE_LOCK = "lock:advance";

/** The pub/sub channel on which instances are told a job was scheduled (so their timers re-arm). */
export const EVENTS_CHANNEL = "events";

/**
 * The prefix of a namespace's keys. The braces are a Redis hash tag: every key of a namespace maps to one slot, so
 * each script's keys sit together.
 *
 * @example
 * namespacePrefix("team-a"); // "pgi-mock:{team-a}:"
 */
export function namespacePrefix(namespace: string): string {
  return `pgi-mock:{${namespace}}:`;
}
