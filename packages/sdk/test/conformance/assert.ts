// The few assertions the conformance suite needs, with no test framework: it
// runs in runtimes where vitest cannot (workerd, a browser page).

/** An expectation that did not hold. */
export class AssertionFailure extends Error {
  override name = 'AssertionFailure';
}

/** `name: message`, then the stack: V8's stack starts with that line, Firefox's and Safari's do not. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `a non-Error was thrown: ${String(error)}`;
  const headline = `${error.name}: ${error.message}`;
  const stack = error.stack?.trim() ?? '';
  return stack.startsWith(headline) ? stack : `${headline}${stack ? `\n${stack}` : ''}`;
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionFailure(message);
}

export function equal<T>(actual: T, expected: T, what: string): void {
  if (!Object.is(actual, expected)) throw new AssertionFailure(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Equal as JSON: plain data from the API (animals, lists of ids). */
export function equalJson(actual: unknown, expected: unknown, what: string): void {
  const [got, want] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (got !== want) throw new AssertionFailure(`${what}: expected ${want}, got ${got}`);
}

/** The rejection of a call that must fail. */
export async function rejectionOf(call: PromiseLike<unknown>, what: string): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new AssertionFailure(`${what}: expected it to fail, but it succeeded`);
}

/**
 * Exactly `Class` (not a subclass, not an unrelated error that shares a name),
 * with its own name. A Deno permission error or a fetch TypeError caught by an
 * error test must fail it, not pass it.
 */
export function isExactly<T extends Error>(error: unknown, Class: abstract new (...args: never[]) => T, name: string): asserts error is T {
  const ok = error instanceof Class && Object.getPrototypeOf(error) === Class.prototype && error.name === name;
  if (!ok) throw new AssertionFailure(`expected exactly ${name}, got ${describeError(error)}`);
}
