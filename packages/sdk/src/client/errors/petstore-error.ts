/** Base of every error the SDK throws (the caller's own abort excepted: it passes through unchanged). */
export class PetstoreError extends Error {
  override name: string = 'PetstoreError';
  /**
   * The `X-Request-Id` of the call that failed: the response's, else the one
   * the SDK sent (every attempt of a call sends the same). Undefined for
   * errors raised before anything was sent (configuration, arguments).
   */
  requestId: string | undefined;

  /**
   * A brand, as ky's `isKyError`: the guards trust it where `instanceof` fails
   * (an error from another realm, or from a second copy of the SDK), and an
   * unrelated error that only shares a name (a `DOMException` called
   * `TimeoutError`) does not have it.
   */
  get isPetstoreError(): true {
    return true;
  }
}
