// Types of example-pairs.mjs: the named request/response example pairs of a bundle.

/** One documented response example of a pair's name. */
export interface PairResponse {
  status: number;
  mediaType: string;
  value: unknown;
}

/** One named pair: the request examples of a name and the response examples of the same name. */
export interface ExamplePair {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The path template, e.g. `/payout/v2/smartSend/expiry/{id}`. */
  template: string;
  name: string;
  /** The parameters that have an example of this name, with its value as text. */
  params: { in: "path" | "query" | "header" | "cookie"; name: string; value: string }[];
  body?: { mediaType: string; value: unknown };
  /** Every response example of this name (one status, one or more media types, when the pair is sound). */
  responses: PairResponse[];
}

export declare function examplePairs(doc: unknown): { pairs: ExamplePair[]; problems: string[] };

export declare function pairRequest(pair: ExamplePair): {
  path: string;
  headers: Record<string, string>;
  body?: string;
};
