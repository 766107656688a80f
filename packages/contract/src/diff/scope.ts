// Where the walker is (host, operation, path in words) and how a rule reports a change from there.
import { SpecDocument, type SpecNode } from "./spec-document.js";
import type { Change, Role, RuleMeta } from "./types.js";

/** Collects the changes of one diff run; every rule id must be registered. */
export class ChangeLog {
  readonly changes: Change[] = [];
  readonly #seen = new Set<string>();

  constructor(private readonly rules: ReadonlyMap<string, RuleMeta>) {}

  add(change: Omit<Change, "severity">): void {
    const meta = this.rules.get(change.rule);
    if (!meta) throw new Error(`unregistered diff rule ${change.rule}`);
    const key = `${change.rule}\0${change.host}\0${change.operation ?? ""}\0${change.where}\0${change.location}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.changes.push({ ...change, severity: meta.severity });
  }
}

/**
 * The walker's position: both documents, the operation and the path in words. Rules call `report()`; nested
 * positions come from `at()`. `role` says whether the merchant sends or receives the values here.
 *
 * @example
 * scope.at("request body (application/json)").report("request-body-removed", oldNode, "the body was removed");
 */
export class Scope {
  constructor(
    readonly log: ChangeLog,
    readonly oldDoc: SpecDocument,
    readonly newDoc: SpecDocument,
    readonly role: Role,
    readonly operation: string | undefined,
    readonly where: readonly string[],
  ) {}

  /** A position one step deeper. */
  at(...steps: string[]): Scope {
    return new Scope(this.log, this.oldDoc, this.newDoc, this.role, this.operation, [
      ...this.where,
      ...steps,
    ]);
  }

  /** The same position with another role (webhooks and callbacks swap request and response). */
  as(role: Role): Scope {
    return new Scope(this.log, this.oldDoc, this.newDoc, role, this.operation, this.where);
  }

  /** The same position inside another operation. */
  forOperation(operation: string, role: Role): Scope {
    return new Scope(this.log, this.oldDoc, this.newDoc, role, operation, []);
  }

  /** Records a change found at `node` (the new definition, or the old one when it was removed). */
  report(rule: string, node: SpecNode, message: string, before?: unknown, after?: unknown): void {
    this.log.add({
      rule,
      host: this.newDoc.host,
      ...(this.operation === undefined ? {} : { operation: this.operation }),
      where: this.where.join(" › ") || (this.operation === undefined ? "(document)" : "(operation)"),
      location: SpecDocument.location(node),
      message,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
    });
  }
}
