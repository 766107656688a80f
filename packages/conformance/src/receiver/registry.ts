// The receiver grader's checks, derived from the files of src/receiver/checks/: in the order they run, and their rules.
import { RECEIVER_CHECK_MODULES } from "../generated/registry.js";
import type { ReceiverCheck } from "./types.js";

/** A receiver check id, as reports print it. */
export type ReceiverCheckName = (typeof RECEIVER_CHECK_MODULES)[number]["id"];

/** Every receiver check, in the order they run. */
export const RECEIVER_CHECKS: readonly ReceiverCheck[] = [...RECEIVER_CHECK_MODULES].sort(
  (a, b) => a.order - b.order,
);

/** Every receiver check's rule, by id. */
export const RECEIVER_RULES = Object.fromEntries(
  RECEIVER_CHECKS.map((c) => [c.id, c.description]),
) as Readonly<Record<ReceiverCheckName, string>>;
