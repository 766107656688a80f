// Trials over the user-defined fields and empty slots: runs of empty slots shorter or longer, and the udf block
// laid out as 5 or 10 udf slots (the udf6-udf10 variants).
import type { Trial } from "../trial-types.js";
import { EMPTY_SLOT, type JoinedContext, joinedTrial, type Part, partLabel, plural } from "./context.js";

const isBlank = (p: Part | undefined) => p !== undefined && p.kind !== "secret" && p.value === "";
const UDF = /^udf(\d+)$/;

/**
 * Each run of empty slots up to six shorter or two longer: `udf5||||||SALT` against `udf5|||SALT`.
 *
 * @example
 * [...emptyRuns(ctx)][0].description // "there are 2 empty slots between udf5 and <SALT> instead of 5"
 */
export function* emptyRuns(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  for (let start = 0; start < parts.length; start++) {
    if (!isBlank(parts[start]) || isBlank(parts[start - 1])) continue;
    let end = start;
    while (isBlank(parts[end])) end++;
    const length = end - start;
    const before = start === 0 ? "the start" : partLabel(ctx, parts, start - 1);
    const after = partLabel(ctx, parts, end);
    for (let m = Math.max(0, length - 6); m <= length + 2; m++) {
      if (m === length) continue;
      yield joinedTrial(
        ctx,
        `empty-slots-${start}-${m}`,
        `there ${m === 1 ? "is" : "are"} ${plural(m, "empty slot")} between ${before} and ${after} instead of ${length}`,
        [...parts.slice(0, start), ...Array.from({ length: m }, () => EMPTY_SLOT), ...parts.slice(end)],
      );
    }
  }
}

const inBlock = (p: Part | undefined) => p !== undefined && (p.kind === "empty" || UDF.test(p.name));

/**
 * The udf block of a pre-image: the run of udf parts and empty slots around udf1, and whether it runs from
 * udf5 down to udf1 (the response hash) rather than up.
 */
function udfBlock(parts: readonly Part[]): { start: number; end: number; reversed: boolean } | undefined {
  const at = parts.findIndex((p) => p.kind !== "secret" && p.name === "udf1");
  if (at < 0) return undefined;
  let start = at;
  while (inBlock(parts[start - 1])) start--;
  let end = at + 1;
  while (inBlock(parts[end])) end++;
  const reversed = parts.slice(start, at).some((p) => p.kind !== "empty");
  return { start, end, reversed };
}

function fieldText(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/**
 * The udf block laid out as the gateway's known shapes, with the values sent: udf1-udf5 only, udf1-udf5 then
 * five empty slots (udf6-udf10 values ignored), and udf1-udf10 with their values.
 *
 * @example
 * [...udfLayouts(ctx)].map((t) => t.id) // ["udf-1-5", "udf-6-10-empty", "udf-1-10"]
 */
export function* udfLayouts(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  const block = udfBlock(parts);
  if (!block) return;
  const udf = (n: number): Part => ({
    kind: "field",
    name: `udf${n}`,
    value: fieldText(ctx.fields[`udf${n}`]),
  });
  const first5 = [1, 2, 3, 4, 5].map(udf);
  const layouts: [string, string, Part[]][] = [
    ["udf-1-5", "only udf1-udf5 are hashed (no slots for udf6-udf10)", first5],
    [
      "udf-6-10-empty",
      "udf6-udf10 are hashed as five empty slots (their values left out)",
      [...first5, ...Array.from({ length: 5 }, () => EMPTY_SLOT)],
    ],
    [
      "udf-1-10",
      "udf1-udf10 are all hashed with the values sent (ten udf slots)",
      [...first5, ...[6, 7, 8, 9, 10].map(udf)],
    ],
  ];
  for (const [id, description, layout] of layouts) {
    const slots = block.reversed ? [...layout].reverse() : layout;
    yield joinedTrial(ctx, id, description, [
      ...parts.slice(0, block.start),
      ...slots,
      ...parts.slice(block.end),
    ]);
  }
}
