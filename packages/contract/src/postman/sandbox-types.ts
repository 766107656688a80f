// Types of the plans embedded in the Postman scripts and of the parts of Postman's sandbox API they use.

/** A hash/checksum/signature recipe as the spec's x-pgi-signature states it (the fields the scripts read). */
export interface RecipeData {
  readonly id: string;
  readonly algorithm: string;
  /** Which secret keys it: `salt` or `signing-secret`. */
  readonly secret: string;
  readonly output: string;
  readonly carrier: { readonly in: string; readonly name: string };
  readonly format: string;
  readonly join: string;
  readonly quote: string;
  readonly parts: readonly (string | { readonly field: string; readonly optional?: boolean })[];
}

/** How to sign a request: the recipe, the variable holding its secret and where the signed values are. */
export interface SignPlan {
  readonly recipe: RecipeData;
  readonly secretVariable: string;
  readonly body: "urlencoded" | "json";
}

/** A value a pre-request script writes into a collection variable before sending. */
export interface GeneratedValue {
  readonly variable: string;
  /** `unique:<prefix>` (prefix + time), `future:<days>` (a payout timestamp that many days ahead). */
  readonly kind: string;
}

/** A call to the mock's control API made before the request when the environment sets pgiMock to "true". */
export interface MockStep {
  readonly method: "GET" | "POST";
  /** URL with {{VARIABLES}}. */
  readonly url: string;
  /** JSON body; a value `$field:NAME` is the request's field NAME as it will be sent, `$var:NAME` a variable. */
  readonly body?: Readonly<Record<string, string>>;
  /** Read one value of the answer: the last entry of `list` whose keys match `where`, its `field`. */
  readonly pick?: {
    readonly variable: string;
    readonly list: string;
    readonly where: Readonly<Record<string, string>>;
    readonly field: string;
    /** Write it as a number (an OTP travelling as an integer loses its leading zeros). */
    readonly numeric?: boolean;
  };
}

/** Everything the pre-request script of one request does. */
export interface PreparePlan {
  readonly generate: readonly GeneratedValue[];
  readonly mock: readonly MockStep[];
  readonly sign?: SignPlan;
}

/** A response digest to verify: where the signed object is in the JSON answer and its recipe. */
export interface VerifyPlan {
  readonly status: number;
  readonly path: readonly string[];
  readonly recipe: RecipeData;
  readonly secretVariable: string;
}

/** A value of the answer kept for later requests (and its URL-encoded form as `<variable>Encoded`). */
export interface Capture {
  readonly variable: string;
  /** `text` (the body, JSON-decoded when quoted) or `json:<dotted.path>`. */
  readonly from: string;
}

/** Everything the test script of one request does. */
export interface CheckPlan {
  readonly statuses: readonly number[];
  readonly verify: readonly VerifyPlan[];
  readonly capture: readonly Capture[];
}

/** The members of a Postman property list (headers, form fields) the scripts use. */
export interface PmList {
  all(): { key: string; value: string; disabled?: boolean }[];
  upsert(item: { key: string; value: string }): void;
}

/** The parts of Postman's `pm` object the scripts use. */
export interface Pm {
  readonly variables: {
    get(name: string): unknown;
    set(name: string, value: unknown): void;
    replaceIn(text: string): string;
  };
  readonly collectionVariables: { set(name: string, value: unknown): void };
  readonly request: {
    readonly headers: PmList;
    readonly body?: { mode?: string; raw?: string; urlencoded?: PmList; update(value: unknown): void };
  };
  readonly response: { readonly code: number; text(): string };
  sendRequest(
    request: unknown,
    callback: (error: unknown, response: { json(): unknown; code: number }) => void,
  ): void;
  test: ((name: string, fn: () => void) => void) & { skip(name: string, fn: () => void): void };
  expect(value: unknown): { to: { equal(v: unknown): void; be: { oneOf(v: unknown[]): void } } };
}

/** The part of CryptoJS the scripts use (Postman ships it in the sandbox). */
export interface CryptoLike {
  SHA512(message: string): { toString(encoder?: unknown): string };
  HmacSHA256(message: string, key: string): { toString(encoder?: unknown): string };
  readonly enc: { readonly Hex: unknown };
}
