// The registry of checks, derived from the files of src/checks/: their ids and descriptions, and the response and
// request checks in the order they run.
import { CHECK_MODULES } from "../generated/registry.js";
import type { Check, RequestCheck, ResponseCheck } from "./types.js";

/** A check id, as reports print it. */
export type CheckName = (typeof CHECK_MODULES)[number]["id"];

const all: readonly Check[] = CHECK_MODULES;

/** Every check's description, by id. */
export const CHECKS = Object.fromEntries(all.map((c) => [c.id, c.description])) as Readonly<
  Record<CheckName, string>
>;

/** The checks run on every answer, by stage. */
export const RESPONSE_CHECKS: readonly ResponseCheck[] = all
  .filter((c): c is ResponseCheck => c.kind === "response")
  .sort((a, b) => a.stage - b.stage);

/** The checks run on every request the proxy sees and every recorded request, by stage. */
export const REQUEST_CHECKS: readonly RequestCheck[] = all
  .filter((c): c is RequestCheck => c.kind === "request")
  .sort((a, b) => a.stage - b.stage);
