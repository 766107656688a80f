// An in-memory CliIo for running pgi-mock's commands in the test process: output collected, signals sent by hand.
import type { CliIo } from "../../src/commands/io.js";

export interface FakeIo extends CliIo {
  out(): string;
  err(): string;
  /** Delivers a signal to every handler registered with onSignal. */
  signal(signal: NodeJS.Signals): void;
}

export function fakeIo(env: Record<string, string | undefined> = {}): FakeIo {
  let out = "";
  let err = "";
  const handlers = new Set<(s: NodeJS.Signals) => void>();
  return {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    env,
    isTTY: false,
    onSignal(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    out: () => out,
    err: () => err,
    signal: (s) => {
      for (const h of handlers) h(s);
    },
  };
}
