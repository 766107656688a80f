// @ts-check
// What a root command shows while turbo builds what it needs: a line per package built, a status while waiting,
// nothing at all when every package comes from the cache, and the whole log of a package whose build failed.
// It reads turbo's grouped output (`--output-logs=full --log-order=grouped`), where a task's lines arrive together
// when it finishes.
import pc from "picocolors";

/** Lines of a finished task are taken as complete once this long has passed without another of its lines. */
const SETTLE_MS = 300;

/**
 * @typedef {{ name: string, lines: string[], cached: boolean, arrivedAt: number, lastLineAt: number, shown: boolean }} Finished
 * @typedef {{
 *   write: (text: string) => void,
 *   isTTY: boolean,
 *   color?: boolean,
 *   now?: () => number,
 *   heartbeatMs?: number,
 *   task?: string,
 * }} ProgressOptions
 */

const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * A progress display fed with turbo's output lines; `tick()` is called a few times a second, `finish()` once.
 *
 * @param {ProgressOptions} o
 * @example
 * const progress = createBuildProgress({ write: (t) => process.stderr.write(t), isTTY: false });
 * progress.line("@pgi/specs:build: cache miss, executing 82f0");
 * progress.tick();
 * progress.finish(0); // "build: @pgi/specs built [1/4, 6.4 s]" ... "build: ready in 9.1 s (1 built, 3 from cache)"
 */
export function createBuildProgress(o) {
  const now = o.now ?? Date.now;
  const task = o.task ?? "build";
  const c = pc.createColors(o.color ?? (o.isTTY && !process.env.NO_COLOR));
  const heartbeatMs = o.heartbeatMs ?? (o.isTTY ? 1_000 : 5_000);
  const started = now();
  const prefix = new RegExp(`^(\\S+?):${task}: ?(.*)$`);
  const failedLine = new RegExp(`^(\\S+?)#${task}: command .* exited \\((\\d+)\\)`);
  /** @type {Map<string, Finished>} */
  const finished = new Map();
  /** @type {string[]} */
  const other = [];
  /** @type {Set<string>} */
  const failed = new Set();
  let total = 0;
  /** @type {string[]} */
  let inScope = [];
  let lastOutputAt = started;
  let statusShown = false;

  const seconds = (ms = now() - started) => `${(ms / 1000).toFixed(1)} s`;
  const clearStatus = () => {
    if (statusShown) o.write("\r\u001b[2K");
    statusShown = false;
  };
  const print = (/** @type {string} */ text) => {
    clearStatus();
    o.write(`${text}\n`);
    lastOutputAt = now();
  };
  const built = () => [...finished.values()].filter((f) => !f.cached).length;
  const isFailed = (/** @type {Finished} */ f) =>
    failed.has(f.name) || f.lines.some((l) => /\bELIFECYCLE\b|ERR_PNPM_/.test(l));

  /** Prints the settled tasks that were built (cache hits stay silent) and are not failures. */
  function showSettled(all = false) {
    for (const f of finished.values()) {
      if (f.shown || f.cached || (!all && now() - f.lastLineAt < SETTLE_MS)) continue;
      f.shown = true;
      if (!isFailed(f)) {
        const count = total ? `${finished.size}/${total}, ` : "";
        print(
          `${c.dim(`${task}:`)} ${f.name} ${c.green("built")} ${c.dim(`[${count}${seconds(f.arrivedAt - started)}]`)}`,
        );
      }
    }
  }

  return {
    /** One line of turbo's stdout or stderr. */
    line(/** @type {string} */ raw) {
      const text = raw.replace(ANSI, "");
      const banner = /Running \S+ in (\d+) packages?/.exec(text);
      if (banner) total = Number(banner[1]);
      const scope = /Packages in scope: (.+)$/.exec(text);
      if (scope?.[1]) inScope = scope[1].split(", ").map((n) => n.trim());
      const fail = failedLine.exec(text);
      if (fail?.[1]) failed.add(fail[1]);
      const m = prefix.exec(text);
      if (!m?.[1]) {
        other.push(text);
        return;
      }
      const name = m[1];
      const rest = m[2] ?? "";
      let f = finished.get(name);
      if (!f) {
        f = {
          name,
          lines: [],
          cached: /^cache hit\b/.test(rest),
          arrivedAt: now(),
          lastLineAt: now(),
          shown: false,
        };
        finished.set(name, f);
      }
      f.lines.push(rest);
      f.lastLineAt = now();
    },

    /** Shows settled tasks, and a status (terminal) or heartbeat line (log) when nothing was shown for a while. */
    tick() {
      showSettled();
      if (now() - lastOutputAt < heartbeatMs) return;
      const done = total ? `${finished.size} of ${total} packages done` : `${finished.size} packages done`;
      const left = inScope.filter((n) => !finished.has(n));
      const waiting = left.length
        ? `, waiting for ${left.slice(0, 3).join(", ")}${left.length > 3 ? ", ..." : ""}`
        : "";
      const text = `${c.dim(`${task}:`)} ${done}${waiting} ${c.dim(seconds())}`;
      if (o.isTTY) {
        o.write(`\r\u001b[2K${text}`);
        statusShown = true;
      } else print(text);
    },

    /** The end: the failed packages' logs (or all of turbo's output if none is named), else a summary if anything was built. */
    finish(/** @type {number | null} */ code) {
      showSettled(true);
      clearStatus();
      if (code === 0) {
        const n = built();
        if (n > 0)
          print(`${c.dim(`${task}:`)} ready in ${seconds()} (${n} built, ${finished.size - n} from cache)`);
        return;
      }
      const bad = [...finished.values()].filter(isFailed);
      if (bad.length === 0) {
        for (const l of other) if (l.trim()) print(l);
        for (const f of finished.values()) for (const l of f.lines) print(`${f.name}:${task}: ${l}`);
      }
      for (const f of bad) for (const l of f.lines) print(`${f.name}:${task}: ${l}`);
      const names = bad.map((f) => f.name).join(", ") || "turbo";
      print(c.red(`${task} failed: ${names} (exit ${code ?? "signal"})`));
    },
  };
}
