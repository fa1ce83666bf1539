/** A JSON.parse reviver's third argument, where the runtime gives source text access (every runtime the SDK is tested in). */
interface ReviverContext {
  source?: string;
}

/**
 * Whether a JSON number literal has a non-zero fraction, whatever JSON.parse
 * rounds it to: `1.0000000000000001`, `9007199254740991.4`, `1e-400`; not `1.0`
 * or `1e2`, which are integers.
 */
function hasFraction(literal: string): boolean {
  const [, whole = '', fraction = '', exponent = '0'] = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal) ?? [];
  // The literal is its digits times 10^shift: any non-zero digit right of the point is a fraction.
  const shift = Number(exponent) - fraction.length;
  return shift < 0 && /[1-9]/.test((whole + fraction).slice(shift));
}

/**
 * JSON.parse for strict validation: a number that only rounds to an integer
 * is kept as its literal text, which the contract then refuses ("must be an
 * integer"), as the mock server does for requests. Where a runtime has no
 * source text access, it parses as JSON.parse does.
 */
export function parseExactJson(text: string): unknown {
  // Only a digit followed by a fraction or an exponent can round to an integer;
  // most bodies have none, and take one plain parse.
  if (!/\d[.eE]/.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: ReviverContext) =>
    typeof value === 'number' && Number.isInteger(value) && context?.source && hasFraction(context.source) ? context.source : value,
  );
}
