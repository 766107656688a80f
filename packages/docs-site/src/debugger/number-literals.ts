// Number literals of one JSON object's own fields exactly as written ("amount": 10.00 stays "10.00"), as the
// signing CLI reads them; JSON.parse alone would turn 10.00 into 10 and the debugger would sign another value.

type Frame = { kind: "object"; key: string | undefined; expectKey: boolean } | { kind: "array" };

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;

/**
 * The raw text of every number-valued field of the object at `path` (keys from the root) in valid JSON `text`.
 *
 * @example
 * numberLiterals('{"amount":10.00,"result":{"amount":1.0}}', ["result"]).get("amount") // => "1.0"
 */
export function numberLiterals(text: string, path: readonly string[] = []): Map<string, string> {
  const found = new Map<string, string>();
  const stack: Frame[] = [];
  const atTarget = () =>
    stack.length === path.length + 1 &&
    stack.every((f, i) => i === stack.length - 1 || (f.kind === "object" && f.key === path[i]));
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '"') {
      STRING.lastIndex = i;
      const raw = STRING.exec(text)?.[0] ?? '""';
      if (top?.kind === "object" && top.expectKey) {
        top.key = JSON.parse(raw) as string;
        top.expectKey = false;
      }
      i += raw.length;
      continue;
    }
    if (c === "{") stack.push({ kind: "object", key: undefined, expectKey: true });
    else if (c === "[") stack.push({ kind: "array" });
    else if (c === "}" || c === "]") stack.pop();
    else if (c === "," && top?.kind === "object") top.expectKey = true;
    else if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      const raw = NUMBER.exec(text)?.[0] ?? c;
      if (top?.kind === "object" && top.key !== undefined && atTarget()) found.set(top.key, raw);
      i += raw.length;
      continue;
    }
    i++;
  }
  return found;
}
