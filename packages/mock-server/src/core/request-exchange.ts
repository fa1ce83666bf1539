import type { MockRequest } from './api/exchange.js';
import { HttpError } from './api/http-error.js';
import type { OperationResult } from './api/operations.js';
import { toErrorResult } from './api/to-error-result.js';
import { isRefusal } from './journal/refused-requests.js';
import type { MockApiParts } from './mock-api-parts.js';
import { isAdminPath } from './paths.js';
import { clientClosed } from './staged-delay.js';
import type { StagedOutcome } from './staged/staged.js';

/**
 * One request on its way through the core: its id, the request as the
 * operation reads it (recording keeps the body it read), and how it is
 * answered: `pause` waits its staged delay (once, before anything is done),
 * `fail` turns an error into its answer, `failLate` does so once the delay
 * has passed.
 */
export class RequestExchange {
  readonly requestId: string;
  /** Whether the journal keeps this request: it records, and the request is no admin one. */
  readonly recording: boolean;
  /** When it arrived (epoch ms), if recorded. */
  readonly arrived: number;
  /** The journal's generation on arrival: a reset meanwhile means it is not recorded. */
  readonly generation: number;
  readonly request: MockRequest;
  /** The body the operation read, if recording. */
  bodyBytes: Uint8Array | undefined;
  /** Whether the core's own checks refused it (a staged answer is no refusal). */
  refused = false;
  /** Whether it was answered with the core's own error. */
  failed = false;
  #paused = false;

  constructor(
    private readonly parts: Pick<MockApiParts, 'requests' | 'requestIdOf' | 'sleep' | 'logger'>,
    readonly original: MockRequest,
  ) {
    this.requestId = parts.requestIdOf(original.headers);
    this.recording = parts.requests.size > 0 && !isAdminPath(original.path);
    this.arrived = this.recording ? Date.now() : 0;
    this.generation = parts.requests.generation;
    // Recording keeps the body the operation read; without recording, the request goes through as it is.
    this.request = this.recording
      ? {
          method: original.method,
          path: original.path,
          query: original.query,
          headers: original.headers,
          readBody: () => original.readBody().then((bytes) => (this.bodyBytes = bytes)),
        }
      : original;
  }

  /**
   * Waits the staged delay, before the request is acted on, so that an abort meanwhile leaves the store as it
   * was (then `client_closed_request`). The signal is asked for only then: the Node server makes one per request that asks.
   */
  async pause(staged: StagedOutcome | undefined): Promise<void> {
    if (this.#paused || !staged?.delayMs) return;
    this.#paused = true;
    const { signal } = this.original;
    await this.parts.sleep(staged.delayMs, signal);
    if (signal?.aborted) throw clientClosed();
  }

  /** The answer of an error of the core: its Error body; an unexpected one is logged and a 500. */
  fail(error: unknown): OperationResult {
    this.failed = true;
    this.refused = error instanceof HttpError && isRefusal(error.code);
    return toErrorResult(error, (unexpected) => this.parts.logger?.error('unexpected error', { requestId: this.requestId, error: unexpected }));
  }

  /** An error's answer, once the staged delay has passed (if it has not yet); if the client aborted meanwhile, that is the answer. */
  async failLate(error: unknown, staged: StagedOutcome | undefined): Promise<OperationResult> {
    try {
      await this.pause(staged);
    } catch (closed) {
      return this.fail(closed);
    }
    return this.fail(error);
  }
}
