// One host's OpenAPI document spread over one or more files, with `$ref` resolution across them.
import { posix } from "node:path";
import { parse } from "yaml";
import { InputError } from "../errors.js";

/** Reads the text of a file of a spec set by its path (POSIX, relative to the set's root); undefined if absent. */
export type ReadFile = (path: string) => string | undefined;

/** A value of the document together with where it is defined (file and JSON pointer). */
export interface SpecNode {
  readonly value: unknown;
  readonly file: string;
  readonly pointer: string;
}

const MAX_REF_CHAIN = 64;

/** Escapes one JSON pointer segment. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function unescapePointer(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded: the segment is taken as written.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A document whose `$ref`s are followed on demand, in the same file (`#/components/...`) or another one
 * (`../shared/signatures.yaml#/wallet-checksum`), so bundles and split sources compare alike.
 *
 * @example
 * const doc = new SpecDocument("payout", "payout.yaml", (p) => readFileSync(join(dir, p), "utf8"));
 * doc.resolve(doc.child(doc.root(), "paths")!);
 */
export class SpecDocument {
  readonly #files = new Map<string, unknown>();

  constructor(
    readonly host: string,
    readonly rootFile: string,
    private readonly read: ReadFile,
  ) {}

  /** The parsed root document. */
  root(): SpecNode {
    return { value: this.#load(this.rootFile), file: this.rootFile, pointer: "" };
  }

  /** The place of a node as `file#/json/pointer`. */
  static location(node: SpecNode): string {
    return `${node.file}#${node.pointer}`;
  }

  /** The child `key` of an object or array node, unresolved; undefined when absent. */
  child(node: SpecNode, key: string | number): SpecNode | undefined {
    const v = node.value;
    const value = Array.isArray(v) ? v[Number(key)] : isObject(v) ? v[String(key)] : undefined;
    if (value === undefined) return undefined;
    return { value, file: node.file, pointer: `${node.pointer}/${escapePointer(String(key))}` };
  }

  /**
   * Follows `$ref` until a value without one; keywords beside a `$ref` (3.1 allows `description`, ...) override
   * the target's. A missing target is an InputError naming the reference.
   */
  resolve(node: SpecNode): SpecNode {
    let current = node;
    const siblings: Record<string, unknown>[] = [];
    for (let i = 0; i < MAX_REF_CHAIN; i++) {
      const v = current.value;
      if (!isObject(v) || typeof v.$ref !== "string") break;
      const { $ref, ...rest } = v;
      if (Object.keys(rest).length > 0) siblings.unshift(rest);
      current = this.#target(current, $ref);
      if (i === MAX_REF_CHAIN - 1)
        throw new InputError(`${this.host}: $ref chain too long or circular at ${$ref}`);
    }
    if (siblings.length === 0 || !isObject(current.value)) return current;
    return { ...current, value: Object.assign({}, current.value, ...siblings) };
  }

  /** child() then resolve(). */
  get(node: SpecNode, key: string | number): SpecNode | undefined {
    const c = this.child(node, key);
    return c === undefined ? undefined : this.resolve(c);
  }

  #target(from: SpecNode, ref: string): SpecNode {
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? "" : ref.slice(hash + 1);
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
      throw new InputError(`${this.host}: $ref ${ref} points outside the spec set (URLs are not fetched)`);
    }
    const file =
      filePart === "" ? from.file : posix.normalize(posix.join(posix.dirname(from.file), filePart));
    let value = this.#load(file);
    const segments = pointer === "" || pointer === "/" ? [] : pointer.replace(/^\//, "").split("/");
    for (const raw of segments) {
      const key = unescapePointer(raw);
      value = Array.isArray(value) ? value[Number(key)] : isObject(value) ? value[key] : undefined;
      if (value === undefined)
        throw new InputError(`${this.host}: $ref ${ref} (in ${from.file}) points at nothing`);
    }
    return { value, file, pointer: segments.length ? `/${segments.join("/")}` : "" };
  }

  #load(file: string): unknown {
    if (this.#files.has(file)) return this.#files.get(file);
    const text = this.read(file);
    if (text === undefined) throw new InputError(`${this.host}: cannot read ${file}`);
    let value: unknown;
    try {
      value = parse(text, { maxAliasCount: -1 });
    } catch (error) {
      throw new InputError(`${this.host}: ${file} is not valid YAML or JSON (${(error as Error).message})`);
    }
    this.#files.set(file, value);
    return value;
  }
}
