// Request types as the client accepts them: what it computes or fills (hash, checksum, key, mid, credential headers)
// becomes optional, and JSON-in-form fields accept objects. Everything else stays exactly as generated.

/** Body fields the client computes (hash, checksum) or fills from credentials (key, wallet mid). */
type FilledBodyField = "hash" | "checksum" | "key" | "mid";
/** Headers the client fills from credentials. */
type FilledHeader = "clientType" | "pid" | "mid" | "payoutMerchantId" | "Authorization" | "authorization";
/** Form fields that carry JSON: accepted as an object (serialised once) or as the exact string. */
type JsonInFormField = "authentication_info" | "si_details" | "si_Details" | "siDetails";

type Optional<T, K extends PropertyKey> = T extends object
  ? Omit<T, Extract<keyof T, K>> & Partial<Pick<T, Extract<keyof T, K>>>
  : T;
type WidenJson<T> = T extends object
  ? { [F in keyof T]: F extends JsonInFormField ? T[F] | Record<string, unknown> : T[F] }
  : T;
type LooseContent<C> = { [MT in keyof C]: WidenJson<Optional<C[MT], FilledBodyField>> };
type LooseBody<B> = B extends { content: infer C } ? Omit<B, "content"> & { content: LooseContent<C> } : B;
type LooseHeader<H> = Optional<H, FilledHeader>;
type LooseParams<P> = P extends { header: infer H }
  ? Record<string, never> extends LooseHeader<H> // true when every header left is optional
    ? Omit<P, "header"> & { header?: LooseHeader<H> }
    : Omit<P, "header"> & { header: LooseHeader<H> }
  : P;
type LooseOperation<Op> = [Op] extends [never]
  ? never
  : Op extends object
    ? {
        [K in keyof Op]: K extends "requestBody"
          ? LooseBody<Op[K]>
          : K extends "parameters"
            ? LooseParams<Op[K]>
            : Op[K];
      }
    : Op;

/** The generated `paths` with the client's conveniences applied. */
export type ClientPaths<P> = {
  [Path in keyof P]: {
    [M in keyof P[Path]]: M extends "get" | "put" | "post" | "delete" | "patch"
      ? LooseOperation<P[Path][M]>
      : P[Path][M];
  };
};
