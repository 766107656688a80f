// Public entry of @pgi/contract: the bundled specs and their index, the contract diff, the release gate and the
// Postman collections.
export {
  type ContractHost,
  contractHosts,
  loadSpec,
  type MockDefaults,
  mockDefaults,
  specPath,
  specsDir,
} from "./contract-files.js";
export { type DiffResult, diffSpecSets, summarise } from "./diff/diff-specs.js";
export { loadGitSet, loadPathSet, loadWorkingSet, type SpecSet } from "./diff/load-specs.js";
export { ALL_RULES, RULES_BY_ID } from "./diff/rules/index.js";
export { type ReadFile, SpecDocument, type SpecNode } from "./diff/spec-document.js";
export type { Change, DiffSummary, Role, RuleMeta, Severity } from "./diff/types.js";
export { ContractError, GenerationError, InputError, UsageError } from "./errors.js";
export {
  DIFF_FORMATS,
  type DiffFormat,
  formatJson,
  formatMarkdown,
  formatText,
  type ReportContext,
} from "./format/diff-report.js";
export {
  changesetBump,
  checkReleaseGate,
  type GateOptions,
  type GateResult,
  pendingMajorChangesets,
} from "./gate/release-gate.js";
export { buildCollections, type CollectionHost, type PostmanFiles } from "./postman/build-collections.js";
