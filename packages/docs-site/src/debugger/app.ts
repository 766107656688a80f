// The hash debugger page's script: runs @pgi/signing's explain() in the browser; nothing leaves the page.
import { type Explanation, explain, SCHEME_IDS, type SchemeId, SigningError } from "@pgi/signing";
import { DetectError, detect } from "./detect.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function show(id: string, text: string, cls = ""): void {
  const el = $(id);
  el.textContent = text;
  el.className = cls;
}

function render(e: Explanation, how: string): void {
  show("detected", `${e.scheme} (${e.title}), read as ${how}`);
  show("formula", e.formula);
  show("preimage", e.preimage);
  show(
    "parts",
    e.parts.map((p) => `${p.name} = ${JSON.stringify(p.value)}${p.included ? "" : " (left out)"}`).join("\n"),
  );
  show("digest", e.digest);
  if (e.received === undefined) {
    show("result", "paste a received digest to compare");
    show("diagnosis", "");
    return;
  }
  show("result", e.match ? "match" : "MISMATCH", e.match ? "ok" : "bad");
  const lines = [
    ...(e.diagnosis?.found ?? []).map(
      (c) => `the received digest is reproduced when ${c.description}\n  input: ${c.preimage}`,
    ),
    ...(e.diagnosis?.notes ?? []),
  ];
  if (e.diagnosis && e.diagnosis.tried > 0)
    lines.push(`tried ${e.diagnosis.tried} alternative constructions`);
  show("diagnosis", lines.join("\n"));
}

function run(): void {
  const scheme = $<HTMLSelectElement>("scheme").value as SchemeId | "detect";
  const secret = $<HTMLInputElement>("secret").value;
  const receivedBox = $<HTMLInputElement>("received").value.trim();
  for (const id of ["error", "detected", "formula", "preimage", "parts", "digest", "result", "diagnosis"])
    show(id, "");
  try {
    const found = detect($<HTMLTextAreaElement>("input").value, scheme);
    if (secret === "") throw new DetectError("enter the salt or signing secret (it stays in this page)");
    const received = receivedBox || found.carried;
    render(explain(found.scheme, found.input, { secret, ...(received ? { received } : {}) }), found.how);
    show("error", "");
  } catch (error) {
    if (error instanceof DetectError || error instanceof SigningError) show("error", error.message, "error");
    else {
      show("error", `unexpected error: ${(error as Error).message}`, "error");
      throw error;
    }
  }
}

const select = $<HTMLSelectElement>("scheme");
for (const id of SCHEME_IDS) select.add(new Option(id, id));
$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  run();
});
document.body.setAttribute("data-ready", "true");
