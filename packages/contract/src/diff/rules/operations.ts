// Rule family "operations": hosts, operations, webhooks and callbacks appearing or disappearing, and what belongs
// to the document as a whole (servers, version).
import type { RuleMeta } from "../types.js";

const FAMILY = "operations";

export const RULES: readonly RuleMeta[] = [
  { id: "host-removed", severity: "breaking", family: FAMILY, summary: "a whole host's document is gone" },
  { id: "host-added", severity: "non-breaking", family: FAMILY, summary: "a new host's document" },
  {
    id: "operation-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "an operation (method and path) the merchant calls was removed",
  },
  { id: "operation-added", severity: "non-breaking", family: FAMILY, summary: "a new operation" },
  {
    id: "webhook-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a webhook the merchant receives is no longer sent",
  },
  { id: "webhook-added", severity: "non-breaking", family: FAMILY, summary: "a new webhook" },
  {
    id: "callback-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a callback the merchant receives is no longer sent",
  },
  { id: "callback-added", severity: "non-breaking", family: FAMILY, summary: "a new callback" },
  {
    id: "operation-id-changed",
    severity: "informational",
    family: FAMILY,
    summary: "an operationId changed (the HTTP call is the same)",
  },
  {
    id: "server-changed",
    severity: "informational",
    family: FAMILY,
    summary: "servers or their variables changed",
  },
  { id: "version-changed", severity: "informational", family: FAMILY, summary: "info.version changed" },
];
