// Colour for terminal output: on only for a TTY and never with NO_COLOR (plain text stays readable without it).
import pc from "picocolors";

/** The colour functions used by the text reports. */
export type Colors = ReturnType<typeof pc.createColors>;

/**
 * Colours for a stream: enabled when it is a terminal and NO_COLOR is unset (or empty).
 *
 * @example
 * const c = colorsFor(process.stdout, process.env); c.red("breaking");
 */
export function colorsFor(
  stream: { readonly isTTY?: boolean },
  env: { readonly [k: string]: string | undefined },
): Colors {
  return pc.createColors(Boolean(stream.isTTY) && !env.NO_COLOR);
}
