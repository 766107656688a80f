// The go-live checklist: the interface's rules an integration must meet before going live, each tied to the checks
// and flows that test it, and marked passed, failed or not run by what a run showed.
import { failures } from "../model/finding.js";
import type { RunResult } from "../model/results.js";

/** One rule of the checklist and the evidence that tests it. */
export interface ChecklistItem {
  id: string;
  /** The rule, as an integrator reads it. */
  title: string;
  /** Where the rule comes from and what the evidence shows. */
  detail: string;
  /** Check ids (suite, proxy, HAR or receiver checks) whose findings test the rule. */
  checks: readonly string[];
  /** Flow names (as the suite reports them) that test the rule. */
  flows: readonly string[];
}

/** The items, in the order an integration meets them. */
export const CHECKLIST: readonly ChecklistItem[] = [
  {
    id: "credentials",
    title: "Credentials are accepted by every host",
    detail: "bearer tokens, merchant key and identifiers as configured (PGI_* names)",
    checks: ["credentials_accepted"],
    flows: [],
  },
  {
    id: "request-hashes",
    title: "Request hashes and checksums are computed as the recipes say",
    detail: "SHA-512 hashes with the salt, the wallet's HMAC-SHA256 checksum; the host accepts them",
    checks: ["signature_accepted", "request_signature"],
    flows: [],
  },
  {
    id: "response-hashes",
    title: "Answers' hashes are verified before an answer is trusted",
    detail: "the gateway's result.hash and the wallet's response checksum recompute with your secrets",
    checks: ["response_signature"],
    flows: ["UPI Collect: final response posted to surl"],
  },
  {
    id: "mandate-registered",
    title: "A mandate counts as registered only when all four conditions of the registered rule hold",
    detail: "the gateway's x-pgi-rule mandate-registered, checked on the documented success",
    checks: [],
    flows: ["mandate authorization → registered rule"],
  },
  {
    id: "documented-success",
    title: "Every documented request gets its documented success",
    detail: "a 2xx and, where the host has one, its business success code",
    checks: ["positive_success"],
    flows: [],
  },
  {
    id: "answers-follow-contract",
    title: "Answers follow the contract",
    detail: "documented status, content type, schema and required headers; never a 5xx",
    checks: [
      "not_a_server_error",
      "status_code_documented",
      "content_type_documented",
      "response_schema",
      "response_headers",
    ],
    flows: [],
  },
  {
    id: "refusals",
    title: "A request that breaks a rule is refused with a documented 4xx",
    detail: "missing fields, bad patterns, wrong hashes and missing credentials",
    checks: ["negative_rejected"],
    flows: [],
  },
  {
    id: "recorded-requests",
    title: "Your own requests are valid",
    detail: "recorded traffic (validate FILE.har, the proxy): required parameters and body schemas",
    checks: ["request_valid"],
    flows: [],
  },
  {
    id: "flows",
    title: "Multi-step flows behave as documented",
    detail: "OTP send → verify, token validation, smart send lifecycle, BNPL scenarios",
    checks: [],
    flows: [
      "OTP send → verify",
      "token validation with send-on-failure",
      "smart send create → details → status → extend → cancel → status",
      "BNPL link-and-pay scenarios",
    ],
  },
  {
    id: "webhook-signature",
    title: "Webhook signatures are verified over the raw body; forged deliveries are refused",
    detail:
      "HMAC-SHA256 of the sorted key-value form, integers by their digits; another secret, a changed value, a missing or foreign signature refused",
    checks: ["webhook_signature", "bad_signature_refused", "signature_over_raw_body"],
    flows: [],
  },
  {
    id: "webhook-events",
    title: "Every event kind and status is accepted, including ones the spec does not list",
    detail: "the listed kinds, KYC document events, every status, edge values; the payload schema is open",
    checks: ["webhook_payload", "event_kinds_accepted", "statuses_accepted", "edge_values_accepted"],
    flows: [],
  },
  {
    id: "webhook-answer-time",
    title: "Webhook deliveries are answered 200 within the answer time",
    detail: "the spec's x-pgi-rule webhook-delivery: 200 within 30 s, anything else is a failed delivery",
    checks: ["answered_within_limit"],
    flows: [],
  },
  {
    id: "webhook-duplicates",
    title: "Duplicate deliveries are tolerated",
    detail:
      "merchant_uuid, change_timestamp and event_name identify an event; a repeat, even concurrent, gets 200",
    checks: ["duplicates_accepted"],
    flows: [],
  },
  {
    id: "webhook-retries",
    title: "A failed delivery is retried on the schedule and the retry is accepted",
    detail: "retries at 3, 9, 27, 81 and 243 s after a failure",
    checks: ["webhook_retry", "retry_accepted"],
    flows: [],
  },
  {
    id: "webhook-bad-input",
    title: "Malformed, empty and oversized webhook bodies get a 4xx, never a 5xx or silence",
    detail: "the endpoint stays up whatever it is sent",
    checks: ["malformed_refused"],
    flows: [],
  },
];

/** What the run showed for one item. */
export interface ChecklistMark {
  item: ChecklistItem;
  status: "passed" | "failed" | "not run";
  /** Findings and flows that passed and failed. */
  passed: number;
  failed: number;
}

/**
 * Marks every checklist item by the run: failed when any of its evidence failed, passed when some ran and none
 * failed, not run otherwise.
 *
 * @example
 * goLiveChecklist(result).filter((m) => m.status === "failed").map((m) => m.item.title);
 */
export function goLiveChecklist(r: RunResult, items: readonly ChecklistItem[] = CHECKLIST): ChecklistMark[] {
  return items.map((item) => {
    let passed = 0;
    let failed = 0;
    for (const c of r.results) {
      if (c.skipped) continue;
      if (c.host === "flows" && item.flows.includes(c.operation)) {
        if (failures(c.findings).length) failed++;
        else passed++;
        continue;
      }
      for (const f of c.findings) {
        if (f.warning || !item.checks.includes(f.check)) continue;
        if (f.ok) passed++;
        else failed++;
      }
    }
    const status = failed > 0 ? "failed" : passed > 0 ? "passed" : "not run";
    return { item, status, passed, failed };
  });
}
