import type { Deprecation } from './deprecation.js';

/** The parsed data of a call together with what came with it. */
export interface WithResponse<T> {
  data: T;
  /** The HTTP response (its body already read). */
  response: Response;
  /** The `X-Request-Id` of the response. */
  requestId: string | undefined;
  /** The `Deprecation`/`Sunset`/`Link` headers, parsed, when the response had them. */
  deprecation: Deprecation | undefined;
}

/**
 * What every method returns: await it for the data, or call `.withResponse()`
 * for the data with the response, its headers and request id.
 */
export class ApiPromise<T> implements PromiseLike<T> {
  readonly #result: Promise<WithResponse<T>>;

  constructor(result: Promise<WithResponse<T>>) {
    this.#result = result;
  }

  /** The data with the HTTP response, its request id and deprecation headers. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  then<Result = T, Failure = never>(
    onFulfilled?: ((value: T) => Result | PromiseLike<Result>) | null,
    onRejected?: ((reason: unknown) => Failure | PromiseLike<Failure>) | null,
  ): Promise<Result | Failure> {
    return this.#result.then((result) => (onFulfilled ? onFulfilled(result.data) : (result.data as unknown as Result)), onRejected);
  }

  catch<Failure = never>(onRejected?: ((reason: unknown) => Failure | PromiseLike<Failure>) | null): Promise<T | Failure> {
    return this.then(undefined, onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally);
  }
}
