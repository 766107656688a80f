// Public entry of @pgi/conformance: run the contract against a target, validate recorded traffic, or proxy live traffic.

export { checkExchange } from "./checking/check-exchange.js";
export { checkRequest } from "./checking/check-request.js";
export { CHECKS, type CheckName } from "./checking/registry.js";
export type { Check, CheckDefinition, RequestCheck, ResponseCheck, VerdictCheck } from "./checking/types.js";
export { CONFIG_NAMES } from "./config/configuration.js";
export { embeddedMock, targetFromFile, targetFromNames } from "./config/targets.js";
export { ConformanceError, UsageError } from "./errors.js";
export { validateHar } from "./har/validate-har.js";
export type { Exchange, Finding } from "./model/finding.js";
export type { CaseResult, CoverageRow, RunResult } from "./model/results.js";
export type { Credentials, Host, Target } from "./model/target.js";
export { type ProxyOptions, type RunningProxy, startProxy } from "./proxy/server.js";
export { type GradeOptions, gradeReceiver } from "./receiver/grade.js";
export { RECEIVER_CHECKS } from "./receiver/registry.js";
export type { CaseVerdict, Delivery, Grader, ReceiverCheck } from "./receiver/types.js";
export {
  CHECKLIST,
  type ChecklistItem,
  type ChecklistMark,
  goLiveChecklist,
} from "./report/go-live-checklist.js";
export { htmlReport } from "./report/html.js";
export { jsonReport } from "./report/json.js";
export { junitReport } from "./report/junit.js";
export { summaryLine } from "./report/summary.js";
export { terminalReport } from "./report/terminal.js";
export { buildRequest } from "./requests/build-request.js";
export { loadSpecSet, type SpecSet } from "./spec/spec-set.js";
export { generateCases } from "./suite/cases.js";
export { FLOWS } from "./suite/flow-runner.js";
export type { FlowCtx, FlowDefinition } from "./suite/flow-types.js";
export { runSuite } from "./suite/runner.js";
