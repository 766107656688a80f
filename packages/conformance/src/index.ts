// Public entry of @pgi/conformance: run the contract against a target, or validate recorded traffic.

export { generateCases } from "./cases.js";
export { CHECKS, type CheckName, checkExchange, type Exchange, type Finding } from "./checks.js";
export { validateHar } from "./har.js";
export { type ProxyOptions, type RunningProxy, startProxy } from "./proxy/server.js";
export { jsonReport, junitReport, summaryLine, terminalReport } from "./report.js";
export { buildRequest, type Target } from "./request-builder.js";
export { type CaseResult, type RunResult, runSuite } from "./runner.js";
export { loadSpecSet, type SpecSet } from "./spec-set.js";
export { embeddedMock, targetFromFile, targetFromNames } from "./targets.js";
