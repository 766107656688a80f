// Request types as the client accepts them: what it computes or fills (hash, checksum, key, mid, credential headers)
// becomes optional, and JSON-in-form fields take their generated object type. Everything else stays as generated.
import type { HostName } from "./generated/hosts.js";
import type { JsonInFormTypes } from "./generated/json-in-form.js";

/** Body fields the client computes (hash, checksum) or fills from credentials (key, wallet mid). */
type FilledBodyField = "hash" | "checksum" | "key" | "mid";
/** Headers the client fills from credentials. */
type FilledHeader = "clientType" | "pid" | "mid" | "payoutMerchantId" | "Authorization" | "authorization";
/**
 * The JSON-in-form fields of one operation with their generated object types (from the spec's contentSchema), or
 * none. Each is accepted as that object (serialised once) or as the exact string to send.
 */
export type JsonFields<H, Path, M> = H extends keyof JsonInFormTypes
  ? Path extends keyof JsonInFormTypes[H]
    ? M extends keyof JsonInFormTypes[H][Path]
      ? JsonInFormTypes[H][Path][M]
      : Record<never, never>
    : Record<never, never>
  : Record<never, never>;

type Optional<T, K extends PropertyKey> = T extends object
  ? Omit<T, Extract<keyof T, K>> & Partial<Pick<T, Extract<keyof T, K>>>
  : T;
type WidenJson<T, J> = T extends object ? { [F in keyof T]: F extends keyof J ? T[F] | J[F] : T[F] } : T;
type LooseContent<C, J> = { [MT in keyof C]: WidenJson<Optional<C[MT], FilledBodyField>, J> };
type LooseBody<B, J> = B extends { content: infer C }
  ? Omit<B, "content"> & { content: LooseContent<C, J> }
  : B;
type LooseHeader<H> = Optional<H, FilledHeader>;
type LooseParams<P> = P extends { header: infer H }
  ? Record<string, never> extends LooseHeader<H> // true when every header left is optional
    ? Omit<P, "header"> & { header?: LooseHeader<H> }
    : Omit<P, "header"> & { header: LooseHeader<H> }
  : P;
type LooseOperation<Op, J> = [Op] extends [never]
  ? never
  : Op extends object
    ? {
        [K in keyof Op]: K extends "requestBody"
          ? LooseBody<Op[K], J>
          : K extends "parameters"
            ? LooseParams<Op[K]>
            : Op[K];
      }
    : Op;

/** The generated `paths` of host `H` with the client's conveniences applied. */
export type ClientPaths<P, H extends HostName> = {
  [Path in keyof P]: {
    [M in keyof P[Path]]: M extends "get" | "put" | "post" | "delete" | "patch"
      ? LooseOperation<P[Path][M], JsonFields<H, Path, M>>
      : P[Path][M];
  };
};
