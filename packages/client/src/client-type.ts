// The type of a client instance: openapi-fetch's client whose methods also refuse unknown keys inside JSON-in-form
// objects. openapi-fetch infers its init type from the argument, which skips TypeScript's excess-property check.
import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { HostName } from "./generated/hosts.js";
import type { ClientPaths, JsonFields } from "./loose-types.js";

type Verb = "get" | "put" | "post" | "delete" | "patch";
type Primitive = string | number | boolean | bigint | null | undefined;

/** `V` with every key that `S` does not have turned into `never`, at every depth. */
type Exact<V, S> = V extends Primitive | readonly unknown[]
  ? V
  : { [K in keyof V]: K extends keyof S ? Exact<V[K], NonNullable<S[K]>> : never };

/** The init's body with its JSON-in-form objects held to exactly their generated types. */
type ExactJson<Init, J> = Init extends { body: infer B }
  ? { body: { [F in keyof B]: F extends keyof J ? Exact<B[F], J[F]> : B[F] } }
  : unknown;

type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
/** openapi-fetch's init parameter: optional when nothing in it is required; unknown fetch options pass through. */
type InitParam<Init> = [RequiredKeys<Init>] extends [never]
  ? [(Init & { [key: string]: unknown })?]
  : [Init & { [key: string]: unknown }];

type StrictMethod<P, H extends HostName, M extends Verb, CP = ClientPaths<P, H>> = <
  Path extends ClientPathsWithMethod<Client<CP & {}>, M> & keyof CP,
  Init extends MaybeOptionalInit<CP[Path], M & keyof CP[Path]>,
>(
  url: Path,
  ...init: InitParam<Init & ExactJson<Init, JsonFields<H, Path, M>>>
) => Promise<FetchResponse<CP[Path][M & keyof CP[Path]] & {}, Init, `${string}/${string}`>>;

/**
 * A typed client of host `H` with paths `P` (what every factory returns).
 *
 * @example
 * const gateway: PgiClient<gateway.paths, "gateway"> = createGatewayClient({ credentials });
 */
export type PgiClient<P, H extends HostName> = Omit<
  Client<ClientPaths<P, H>>,
  "GET" | "PUT" | "POST" | "DELETE" | "PATCH"
> & {
  GET: StrictMethod<P, H, "get">;
  PUT: StrictMethod<P, H, "put">;
  POST: StrictMethod<P, H, "post">;
  DELETE: StrictMethod<P, H, "delete">;
  PATCH: StrictMethod<P, H, "patch">;
};
