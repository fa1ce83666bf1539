/** What a JSON.parse reviver is given as its third argument where the runtime supports it (V8 11.4+). */
interface ReviverContext {
  source?: string;
}

const NUMBER_LITERAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * The exact integer a JSON number literal denotes, or undefined when it has a
 * non-zero fraction. `1.0` and `1e2` are exact integers; `0.99999999999999999`
 * is not, even though JSON.parse rounds it to 1.
 */
function exactInteger(literal: string): bigint | undefined {
  const match = NUMBER_LITERAL.exec(literal);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  // Far beyond any id either way; also keeps the digit strings below small.
  if (exponent > 400) return 1n;
  if (exponent < -400) return undefined;
  let digits = whole + fraction;
  if (exponent >= 0) digits += '0'.repeat(exponent);
  else if (/[^0]/.test(digits.slice(exponent))) return undefined;
  else digits = digits.slice(0, exponent) || '0';
  return BigInt(sign + digits);
}

/**
 * JSON.parse that does not turn fractions into integers: a number whose literal
 * has a non-zero fraction but whose parsed value is an integer
 * (`9007199254740991.4`, `0.99999999999999999`) is kept as its literal text,
 * which the schema then refuses as "must be an integer". Integer literals stay
 * numbers: beyond 2^53−1 they are refused by the range check, which says why.
 * Runtimes without reviver source access parse as plain JSON.parse does.
 */
export function parseExactJson(text: string): unknown {
  // Only a digit followed by a fraction or an exponent can round into an integer:
  // without one, the reviver (a call per value) would change nothing.
  if (!/\d[.eE]/.test(text)) return JSON.parse(text) as unknown;
  return JSON.parse(text, function (this: unknown, _key: string, value: unknown, context?: ReviverContext) {
    if (typeof value !== 'number' || !Number.isInteger(value) || context?.source === undefined) return value;
    return exactInteger(context.source) === undefined ? context.source : value;
  } as (key: string, value: unknown) => unknown);
}
