// JSON text in which some integers are written from their decimal digits, exactly, never through a float.

/** An integer known only by its decimal digits (e.g. a 64-bit identifier beyond Number's exact range). */
export class ExactInteger {
  constructor(readonly digits: string) {
    if (!/^-?[0-9]+$/.test(digits)) throw new RangeError(`not an integer: ${digits.slice(0, 40)}`);
  }
}

const MARK = "\u0000exact:";

/**
 * JSON.stringify, with every ExactInteger written as a bare JSON number from its digits.
 *
 * @example
 * exactJson({ payoutMerchantId: new ExactInteger("123456789012345678") }); // '{"payoutMerchantId":123456789012345678}'
 */
export function exactJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v) => (v instanceof ExactInteger ? `${MARK}${v.digits}` : v));
  return text.replace(/"\\u0000exact:(-?[0-9]+)"/g, "$1");
}
