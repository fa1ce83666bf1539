import { HttpError } from './api/http-error.js';

/** A delay in milliseconds, fixed or drawn uniformly from a range for each response. */
export type DelayOption = number | { min: number; max: number };

/** The server's `delay` option for one response: drawn afresh each time. */
export function pickDelay(delay: DelayOption | undefined): number {
  if (delay === undefined) return 0;
  if (typeof delay === 'number') return delay;
  return delay.min + Math.floor(Math.random() * (delay.max - delay.min + 1));
}

/** Waits `ms`, or less if `signal` aborts: the timer goes with the abort, so an abandoned request holds nothing. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** What an abort during the staged delay answers: the client is gone, and the request did nothing. */
export const clientClosed = (): HttpError =>
  new HttpError('client_closed_request', 'The client aborted the request during its staged delay: the request was not acted on');
