/**
 * JSON.parse for strict validation, where every number of a valid body is an
 * integer field: a number written with a fraction or an exponent
 * (`1.0000000000000001`, `9007199254740991.4`, but also `1.0` and `1e2`) is kept
 * as its literal text, which the contract then refuses ("must be an integer").
 * JSON.parse alone would round the first two to integers. The literal comes
 * from the reviver's source text access (every runtime the SDK is tested in has
 * it); without it, this parses as JSON.parse does.
 */
export function parseExactJson(text: string): unknown {
  // Only a digit followed by a fraction or an exponent can be one; most bodies
  // have none, and take one plain parse.
  if (!/\d[.eE]/.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    Number.isInteger(value) && /[.eE]/.test(context?.source ?? '') ? context?.source : value,
  );
}
