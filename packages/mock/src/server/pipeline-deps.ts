// What the request pipeline of one host works with: its spec, routes, behaviour, context and forced answers. A leaf
// module, so the stages that need it (security) do not import the pipeline that calls them.
import type { HostSpec } from "../core/spec-index.js";
import type { HostBehaviour, HostContext } from "../types.js";
import type { ForcedAnswers } from "./forced.js";
import type { RouteTable } from "./route-table.js";

/** Everything the pipeline of one host needs. */
export interface PipelineDeps {
  spec: HostSpec;
  route: RouteTable;
  behaviour: HostBehaviour | undefined;
  ctx: HostContext;
  forced: ForcedAnswers;
  /** "fast" (default): compiled validators and stored answers; "prism": every verdict and answer from Prism. */
  validator?: "fast" | "prism";
}
