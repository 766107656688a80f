// pgi-mock trigger and resend against a real mock and a real receiver on this machine: the event is registered on
// the fly, signed, delivered, retried on the mock's schedule (time-scaled), and every attempt is printed.
import { webhookSignature } from "@pgi/signing";
import { afterEach, describe, expect, it } from "vitest";
import { resend } from "../../src/commands/resend.js";
import { trigger } from "../../src/commands/trigger.js";
import { DEFAULT_CREDENTIALS } from "../../src/core/credentials.js";
import { startMock } from "../../src/start.js";
import { HOST_NAMES, type MockOptions, type RunningMock } from "../../src/types.js";
import { type Receiver, startReceiver } from "../shared-sandbox/receiver.js";
import { waitFor } from "../wait-for.js";
import { fakeIo } from "./fake-io.js";

/** 3 s of retry schedule take 30 ms. */
const FACTOR = 0.01;
const FAST = { intervalMs: 10 };
let mock: RunningMock | undefined;
let rx: Receiver | undefined;

afterEach(async () => {
  await mock?.close();
  await rx?.close();
  mock = undefined;
  rx = undefined;
});

async function setUp(plan: readonly number[], options: MockOptions = {}) {
  mock = await startMock({
    ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
    timeFactor: FACTOR,
    ...options,
  });
  rx = await startReceiver(() => plan);
  const hook = `http://127.0.0.1:${rx.port}/hooks/pgi`;
  return { mock, rx, hook, env: { PGI_PARTNER_URL: mock.urls.partner } };
}

const verified = (r: Receiver) =>
  r.got.every((g) => webhookSignature.verify(g.body, g.authorization, DEFAULT_CREDENTIALS.webhookSecret));

describe("pgi-mock trigger", () => {
  it("--to registers a loopback endpoint, fires the event, prints each attempt until delivered", async () => {
    const { rx, hook, env } = await setUp([500]);
    const io = fakeIo(env);
    const code = await trigger(
      [
        "Bank verification status update",
        "--status",
        "Declined",
        "--error",
        "Name mismatch ü",
        "--mid",
        "8000099",
        "--merchant-uuid",
        "m-1",
        "--to",
        hook,
      ],
      io,
      FAST,
    );
    expect({ code, err: io.err() }).toEqual({ code: 0, err: "" });
    const out = io.out();
    expect(out).toMatch(
      /"Bank verification status update" Pending -> Declined, merchant m-1 \(mid 8000099\)/,
    );
    expect(out).toMatch(/delivery dlv_\d+ to https:\/\/127\.0\.0\.1:\d+\/hooks\/pgi/);
    expect(out).toMatch(/attempt 1 {2}500 in \d+ ms +(next attempt in|retried) 3\.0 s/);
    expect(out).toMatch(/attempt 2 {2}200 in \d+ ms +delivered/);
    expect(out).toMatch(/delivered\n$/);
    expect(rx.got).toHaveLength(2);
    expect(rx.got[0]?.body).toBe(rx.got[1]?.body);
    expect(verified(rx)).toBe(true);
    expect(JSON.parse(rx.got[0]?.body ?? "")).toMatchObject({
      event_name: "Bank verification status update",
      current_status: "Declined",
      previous_status: "Pending",
      error: "Name mismatch ü",
      remarks: "NA",
      mid: 8000099,
      merchant_uuid: "m-1",
    });
  });

  it("an endpoint failing every attempt: six attempts printed, failed for good, exit 1", async () => {
    const { rx, hook, env } = await setUp([500, 500, 500, 500, 500, 500]);
    const io = fakeIo(env);
    const code = await trigger(["Website status update", "--to", hook], io, FAST);
    expect(code).toBe(1);
    expect(io.out().match(/attempt \d {2}500/g)).toHaveLength(6);
    expect(io.out()).toMatch(/attempt 6 {2}500 in \d+ ms +failed for good/);
    expect(rx.got).toHaveLength(6);
  });

  it("--no-wait returns once the delivery started; without --to the registered endpoint is used", async () => {
    const { rx, hook, env } = await setUp([]);
    expect(await trigger(["Document status update", "--to", hook, "--no-wait"], fakeIo(env), FAST)).toBe(0);
    const io = fakeIo(env);
    expect(await trigger(["Document status update", "--no-wait"], io, FAST)).toBe(0);
    expect(io.out()).toMatch(
      /delivery dlv_\d+ started; follow it with GET http:\/\/127\.0\.0\.1:\d+\/__mock\/deliveries/,
    );
    await waitFor(() => rx.got.length === 2, { what: "both deliveries" });
  });

  it("no endpoint registered: exit 2 saying how to register one; nothing sent", async () => {
    const { rx, env } = await setUp([]);
    const io = fakeIo(env);
    expect(await trigger(["Website status update"], io, FAST)).toBe(2);
    expect(io.err()).toMatch(/no endpoint.*pass --to URL/);
    expect(rx.got).toHaveLength(0);
  });

  it("a mock started with its own partner token: --to needs PGI_PARTNER_TOKEN, and the token is never printed", async () => {
    const { rx, hook, env } = await setUp([], { credentials: { partnerToken: "own-secret-token" } });
    const without = fakeIo(env);
    expect(await trigger(["Website status update", "--to", hook], without, FAST)).toBe(2);
    expect(without.err()).toMatch(/set PGI_PARTNER_TOKEN/);
    const wrong = fakeIo({ ...env, PGI_PARTNER_TOKEN: "wrong-token" });
    expect(await trigger(["Website status update", "--to", hook], wrong, FAST)).toBe(2);
    expect(wrong.err()).toMatch(/refused the partner token \(401\)/);
    const right = fakeIo({ ...env, PGI_PARTNER_TOKEN: "own-secret-token" });
    expect(await trigger(["Website status update", "--to", hook], right, FAST)).toBe(0);
    for (const io of [without, wrong, right])
      expect(io.out() + io.err()).not.toMatch(/own-secret-token|wrong-token/);
    expect(rx.got).toHaveLength(1);
  });

  it("Ctrl-C while following: the wait stops (130), the mock goes on delivering", async () => {
    const { rx, hook, env } = await setUp([500, 500, 500, 500, 500, 500]);
    const io = fakeIo(env);
    const running = trigger(["Website status update", "--to", hook], io, FAST);
    await waitFor(() => io.out().includes("attempt 1"), { what: "the first attempt printed" });
    io.signal("SIGINT");
    expect(await running).toBe(130);
    expect(io.out()).toMatch(/stopped following delivery dlv_\d+; the mock goes on/);
    await waitFor(() => rx.got.length === 6, { what: "the mock's remaining attempts" });
  });

  it.each([
    [
      ["Website status update", "--to", "http://example.com/x"],
      /--to http:\/\/example\.com\/x: webhook URLs are https/,
    ],
    [["Website status update", "--mid", "x"], /--mid x: an integer/],
    [["Website status update", "--timeout", "0"], /--timeout 0: seconds, a number > 0/],
    [["Website status update", "--mock", "nope"], /--mock nope: not a URL/],
    [["Website", "status"], /unexpected argument "status"; quote the event kind/],
    [[], /no event kind given; pgi-mock trigger --list shows them/],
    [["X", "--bogus"], /unknown option --bogus/],
  ])("misuse %j: exit 2, one line naming the option and the rule", async (argv, why) => {
    const io = fakeIo({});
    expect(await trigger(argv, io, FAST)).toBe(2);
    expect(io.err()).toMatch(why);
    expect(io.err().trim().split("\n")).toHaveLength(1);
  });

  it("no mock at --mock: exit 2 naming the URL", async () => {
    const io = fakeIo({});
    expect(await trigger(["Website status update", "--mock", "http://127.0.0.1:9"], io, FAST)).toBe(2);
    expect(io.err()).toMatch(/no mock answers at http:\/\/127\.0\.0\.1:9 /);
  });

  it("an event kind the contract does not name is sent as given, with a note", async () => {
    const { rx, hook, env } = await setUp([]);
    const io = fakeIo(env);
    expect(await trigger(["Brand new status update", "--status", "Frozen", "--to", hook], io, FAST)).toBe(0);
    expect(io.err()).toMatch(/note: "Brand new status update" is not a kind the contract names/);
    expect(io.err()).toMatch(/note: status "Frozen" is not one the contract names/);
    expect(JSON.parse(rx.got[0]?.body ?? "").event_name).toBe("Brand new status update");
  });

  it("--list and --help need no mock", async () => {
    const list = fakeIo({});
    expect(await trigger(["--list"], list)).toBe(0);
    expect(list.out()).toContain("Bank verification status update");
    const help = fakeIo({});
    expect(await trigger(["--help"], help)).toBe(0);
    expect(help.out()).toMatch(/Examples:\n/);
  });
});

describe("pgi-mock resend", () => {
  it("sends a logged delivery again (same body, valid signature) and follows it", async () => {
    const { rx, hook, env } = await setUp([]);
    expect(await trigger(["Agreement status update", "--to", hook], fakeIo(env), FAST)).toBe(0);
    const id = mock
      ? (await (await fetch(`${mock.urls.partner}/__mock/deliveries`)).json()).deliveries[0].id
      : "";
    const io = fakeIo(env);
    expect(await resend([id], io, FAST)).toBe(0);
    expect(io.out()).toMatch(new RegExp(`${id} sent again as delivery dlv_\\d+ to https://127\\.0\\.0\\.1`));
    expect(io.out()).toMatch(/attempt 1 {2}200 in \d+ ms +delivered/);
    expect(rx.got).toHaveLength(2);
    expect(rx.got[1]?.body).toBe(rx.got[0]?.body);
    expect(verified(rx)).toBe(true);
  });

  it("an id the log does not hold: exit 2 naming it", async () => {
    const { env } = await setUp([]);
    const io = fakeIo(env);
    expect(await resend(["dlv_999"], io, FAST)).toBe(2);
    expect(io.err()).toMatch(/404 params\.id: dlv_999 is not in the delivery log/);
    const none = fakeIo(env);
    expect(await resend([], none, FAST)).toBe(2);
    expect(none.err()).toMatch(/no delivery id given/);
  });
});
