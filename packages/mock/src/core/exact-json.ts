// JSON text in which some integers are written from their decimal digits, exactly, never through a float.

const MARK = "\u0000exact:";
/** MARK as JSON.stringify writes it inside a string. */
const WRITTEN_MARK = "\\u0000exact:";

/** An integer known only by its decimal digits (e.g. a 64-bit identifier beyond Number's exact range). */
export class ExactInteger {
  constructor(readonly digits: string) {
    if (!/^-?[0-9]+$/.test(digits)) throw new RangeError(`not an integer: ${digits.slice(0, 40)}`);
  }

  /** What JSON.stringify writes for it: a marked string that exactJson turns into the bare digits. */
  toJSON(): string {
    return `${MARK}${this.digits}`;
  }
}

/**
 * JSON.stringify, with every ExactInteger written as a bare JSON number from its digits.
 *
 * @example
 * exactJson({ payoutMerchantId: new ExactInteger("123456789012345678") }); // '{"payoutMerchantId":123456789012345678}'
 */
export function exactJson(value: unknown): string {
  // toJSON marks each ExactInteger, so JSON.stringify runs without a replacer (its fast path); a body without one
  // is returned as written.
  const text = JSON.stringify(value);
  return text?.includes(WRITTEN_MARK) ? text.replace(/"\\u0000exact:(-?[0-9]+)"/g, "$1") : text;
}
