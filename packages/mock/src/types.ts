// The contracts inside the mock: what the server core hands to each host's behaviour, and what it gets back.
//
// The core (server, Prism, routing, auth, control API, clock, scheduler) lives in src/server/ and src/core/;
// each host's rules live in src/hosts/<host>.ts and implement HostBehaviour; what they keep lives in the store
// (src/state/: in memory, or Redis for a shared sandbox). Keep these types stable: both sides and the tests are
// written against them.
import { type CredentialField, HOSTS, type HostName } from "./generated/hosts.js";
import type { Job, MockStore } from "./state/types.js";

/** The hosts, named as their spec folders; derived from the specs' x-pgi-host (src/generated/hosts.ts). */
export type { CredentialField, HostName } from "./generated/hosts.js";

/** Every host, in the order of its default port. */
export const HOST_NAMES: readonly HostName[] = HOSTS.map((h) => h.id);

/** The mock's notion of "now": real time plus an offset that `POST /__mock/clock/advance` moves forward. */
export interface Clock {
  /** Milliseconds since the epoch, in the mock's time. */
  now(): number;
}

/** A clock the core controls; tests inject one to walk expiry and retry paths without sleeping. */
export interface ControllableClock extends Clock {
  /** Moves the mock's time forward and runs every scheduled task that became due, in due order. */
  advance(ms: number): Promise<void>;
}

/** The clock the mock runs on: it also drives the scheduler, and the control API reads and resets its offset. */
export interface MockClock extends ControllableClock {
  /** Connects the scheduler whose due tasks advance() must run. */
  attach(scheduler: Scheduler & { runDue(): Promise<void>; nextDue(): number | undefined }): void;
  /** Offset from real time, in ms, accumulated by advance(). */
  offset(): number;
  /** Back to zero offset (POST /__mock/reset). */
  resetOffset(): void;
}

/**
 * Runs tasks at a time of the mock's clock. A task due in `s` mock seconds runs either when the clock is
 * advanced past it, or after `s * 1000 * timeFactor` real milliseconds, whichever comes first
 * (timeFactor 1 = real time; 0.001 makes the 243 s retry arrive after 243 ms).
 */
export interface Scheduler {
  /** Schedules `task` to run `delayMs` mock milliseconds from now; returns a cancel function. */
  after(delayMs: number, task: () => void | Promise<void>): () => void;
  /** Cancels every pending task (reset and close). */
  clear(): void;
  /** Resolves when no task is running or due (tests await it after advancing the clock). */
  idle(): Promise<void>;
}

/**
 * Test credentials of the mock, configurable at start, printed at start and served by GET /__mock/credentials: one
 * string per credential field of the specs' configuration names (`salt` is PGI_SALT, `payoutToken` PGI_PAYOUT_TOKEN,
 * ...; see CONFIGURATION in src/generated/hosts.ts), and the bearer tokens the mock accepts.
 */
export interface MockCredentials extends Record<CredentialField, string> {
  /**
   * Every bearer token the mock accepts, with its scopes. The five tokens above are always present; tests
   * add more (a token lacking a scope, an expired one) to walk the 401 paths.
   */
  tokens: Record<string, { scopes: readonly string[]; expiresAt?: number }>;
}

/** One request as a host behaviour sees it, after Prism found it valid against the spec. */
export interface MockRequest {
  host: HostName;
  /** operationId from the spec, e.g. "sendOtp", "createSmartSendLink". */
  operationId: string;
  method: string;
  /** Path without the query string. */
  path: string;
  /** Path parameters by name, e.g. { id: "..." } for /payout/v2/smartSend/expiry/{id}. */
  pathParams: Record<string, string>;
  /** Query parameters (first value of each). */
  query: Record<string, string>;
  /** Headers with lower-cased names. */
  headers: Record<string, string>;
  /** The body exactly as received (hashes are checked over these bytes' fields, never a re-serialisation). */
  rawBody: string;
  /** Parsed body: the JSON value, or the form fields as strings (JSON-in-form fields stay strings). */
  body: unknown;
  /** Content-Type of the request without parameters, lower-cased, if any. */
  contentType: string | undefined;
  /** The Prefer header's example or code, when the caller asked Prism for one (behaviours then usually defer). */
  prefer?: { code?: string; example?: string };
}

/** What a host behaviour answers. An object body is sent as JSON; a string body is sent as is. */
export interface MockResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Defaults to application/json for object bodies and text/plain for strings. */
  contentType?: string;
}

/** Sends an HTTP request from the mock (webhooks, surl/furl callbacks); injectable for tests. */
export type MockFetch = (url: string, init: RequestInit & { signal?: AbortSignal }) => Promise<Response>;

/** What the core gives every host behaviour. */
export interface HostContext {
  clock: Clock;
  /** Everything the mock keeps (memory, or Redis shared by every instance of a sandbox). */
  state: MockStore;
  credentials: MockCredentials;
  /** Random source in [0, 1); seeded in tests so ids and OTP codes are deterministic. */
  random: () => number;
  fetch: MockFetch;
  /** Scale of real waiting time against mock time (see Scheduler); 1 in production use. */
  timeFactor: number;
  /** Structured log line; never pass secrets (the core masks known secret fields anyway). */
  log(event: string, data?: Record<string, unknown>): void;
  /**
   * Looks up a documented response of the current operation in the spec: by status code and, optionally,
   * example name. Returns undefined when the spec does not document it.
   */
  documentedResponse(operationId: string, status: number, exampleName?: string): MockResponse | undefined;
  /** The `x-pgi-rule` extension of an operation or webhook of the specs (retry schedule, windows, ...). */
  operationRule(operationId: string): Record<string, unknown> | undefined;
}

/** A control route of a host, served under /__mock/ on every port of the mock. */
export interface ControlRoute {
  method: "GET" | "POST" | "DELETE";
  /** Path with :params, e.g. "/__mock/merchants/:merchant_uuid/status". */
  path: string;
  /** One line for the control API's index (GET /__mock/) and the README. */
  description: string;
  handle(
    req: { params: Record<string, string>; query: Record<string, string>; body: unknown },
    ctx: HostContext,
  ): MockResponse | Promise<MockResponse>;
}

/** The state and rules of one host that the spec alone cannot express. */
export interface HostBehaviour {
  host: HostName;
  /**
   * Called for every request Prism found valid for this host, after the core's bearer-token and scope check.
   * Return the answer, or undefined to let Prism answer from the spec's examples.
   */
  handle(req: MockRequest, ctx: HostContext): MockResponse | undefined | Promise<MockResponse | undefined>;
  /** Extra control routes (trigger a merchant status change, list deliveries, list sent OTPs, ...). */
  control?: readonly ControlRoute[];
  /** A JSON-serialisable view of the state at mock time `now` (expired records swept), for GET /__mock/state. */
  snapshot(now: number, ctx: HostContext): Promise<unknown>;
  /** What runs each kind of job the behaviour schedules (ctx.state.jobs): retries, callbacks. */
  jobs?: Readonly<Record<string, (job: Job, ctx: HostContext) => Promise<void>>>;
}

/** Options of startMock(). */
export interface MockOptions {
  /** Port per host; 0 picks a free port (tests). Defaults: DEFAULT_PORTS (each spec's default server, 4010-4016). */
  ports?: Partial<Record<HostName, number>>;
  /** Interface to listen on; default 127.0.0.1. */
  hostname?: string;
  /** Overrides of the default test credentials. */
  credentials?: Partial<MockCredentials>;
  /** Real milliseconds per mock millisecond for scheduled work (webhook retries); default 1. */
  timeFactor?: number;
  /** Injected clock (tests: createClock({ realNow })); default real time plus the control API's offset. */
  clock?: MockClock;
  /** Injected random source (tests). */
  random?: () => number;
  /** Injected fetch for outgoing webhooks and callbacks (tests); default global fetch. */
  fetch?: MockFetch;
  /** Request body limit in bytes; default 1 MiB. Larger bodies get 413. */
  bodyLimit?: number;
  /** Retention after end of life and caps of the mock's state (defaults: DEFAULT_STATE_LIMITS). */
  stateLimits?: Partial<import("./core/bounded-store.js").StateLimits>;
  /**
   * Keep the state in Redis instead of this process: a shared sandbox. Every instance started on the same URL and
   * namespace acts as one mock; the state survives restarts. Default: in memory.
   */
  redis?: RedisOptions;
  /** Log sink; default none. Lines are already masked. */
  log?: (line: string) => void;
  /**
   * Called once per answered request (the CLI prints it; see createRequestLogger); default none, so an
   * embedded mock is silent.
   */
  onRequest?: (entry: RequestLogEntry) => void;
}

/** Where a shared sandbox keeps its state. */
export interface RedisOptions {
  /** redis://[:password@]host:port[/db] (or rediss://). */
  url: string;
  /** Sandbox name: instances on one namespace share everything, namespaces see nothing of each other. Default "default". */
  namespace?: string;
  /** A namespace untouched this long (real ms) expires with everything in it; default 7 days. */
  idleExpiryMs?: number;
  /** How long a request waits for Redis before the 503 refusal (ms); default 2000. */
  commandTimeoutMs?: number;
}

/** A running mock. */
export interface RunningMock {
  /** Base URL per host, e.g. { otp: "http://127.0.0.1:4010", ... }. */
  urls: Record<HostName, string>;
  /** The same keyed by the configuration names (PGI_OTP_URL, ...), plus the credentials' names (PGI_SALT, ...). */
  env: Record<string, string>;
  credentials: MockCredentials;
  clock: MockClock;
  scheduler: Scheduler;
  /** Where the state lives: "memory", or "redis" (a shared sandbox). */
  store: "memory" | "redis";
  /** Forgets all state, forced responses, deliveries and the clock's offset (every instance of a shared sandbox). */
  reset(): Promise<void>;
  /** Stops every port and cancels scheduled work. */
  close(): Promise<void>;
}

/**
 * What the mock made of a request: `valid` (it met the contract; the status is the answer), `invalid` (it broke
 * the contract: see `violations`), `refused` (valid in shape but refused by a rule: token, scope, hash; see
 * `hint`), `unrouted` (no operation of the host has this path or method), `control` (the /__mock/ API),
 * `error` (a bug in the mock). Any other 5xx is one the caller asked for (Prefer, POST /__mock/force): `valid`.
 */
export type Verdict = "valid" | "invalid" | "refused" | "unrouted" | "control" | "error";

/** One request as logged. */
export interface RequestLogEntry {
  /** ISO time of the mock's clock when the answer was sent. */
  time: string;
  host: HostName;
  method: string;
  /** Path without the query string. */
  path: string;
  status: number;
  verdict: Verdict;
  /** `field: message` for each violation of an `invalid` request. */
  violations?: string[];
  /** Why a request was refused (x-pgi-mock-hint). */
  hint?: string;
}
