import type { RequestHeaders } from '../api/exchange.js';
import { HttpError } from '../api/http-error.js';
import { quoteText } from '../api/quote-received.js';
import { MAX_PREFERRED_DELAY_MS, MAX_PREFERRED_RETRY_AFTER_S } from './limits.js';
import type { StagedOutcome } from './staged-outcome.js';

const NO_PREFERENCES: Preferences = Object.freeze({});

/** Test controls a request asks for with the `Prefer` header (the same header Prism reads). */
export interface Preferences {
  /** `code=NNN`: answer with this error status instead (400–599). */
  code?: number;
  /** `delay=MS`: wait this long before answering. */
  delay?: number;
  /** `retry-after=N`: with `code=429` or `code=503`, sent as `Retry-After: N`. */
  retryAfter?: number;
}

/**
 * Parses `Prefer: code=404, delay=200` (RFC 7240). Preferences we do not know
 * are ignored, as the RFC says; a malformed value of one we do know is a 400,
 * because a test that silently does not get its forced error is worse. The 400
 * quotes the value only when it is no longer than the preference takes: the
 * log and the journal keep the message.
 */
export function parsePreferences(headers: RequestHeaders): Preferences {
  const raw = headers['prefer'];
  if (raw === undefined) return NO_PREFERENCES;
  const preferences: Preferences = {};
  for (const token of (typeof raw === 'string' ? raw : raw.join(',')).split(/[,;]/)) {
    const [name = '', value = ''] = token.split('=', 2).map((part) => part.trim().replace(/^"(.*)"$/, '$1'));
    const key = name.toLowerCase();
    if (key === 'code') {
      // A 2xx is refused too: the operation decides its success, and a test asking for one would silently get another.
      if (!/^[45][0-9]{2}$/.test(value)) {
        throw new HttpError('invalid_request', `header.prefer: code must be an error status from 400 to 599, got ${quoteText(value, 3)}`);
      }
      preferences.code = Number(value);
    } else if (key === 'retry-after') {
      if (!/^[0-9]+$/.test(value) || Number(value) > MAX_PREFERRED_RETRY_AFTER_S) {
        throw new HttpError('invalid_request', `header.prefer: retry-after must be a whole number of seconds from 0 to ${MAX_PREFERRED_RETRY_AFTER_S}, got ${quoteText(value, String(MAX_PREFERRED_RETRY_AFTER_S).length)}`);
      }
      preferences.retryAfter = Number(value);
    } else if (key === 'delay') {
      if (!/^[0-9]+$/.test(value) || Number(value) > MAX_PREFERRED_DELAY_MS) {
        throw new HttpError(
          'invalid_request',
          `header.prefer: delay must be a whole number of milliseconds from 0 to ${MAX_PREFERRED_DELAY_MS}, got ${quoteText(value, String(MAX_PREFERRED_DELAY_MS).length)}`,
        );
      }
      preferences.delay = Number(value);
    }
  }
  if (preferences.retryAfter !== undefined && preferences.code !== 429 && preferences.code !== 503) {
    throw new HttpError('invalid_request', 'header.prefer: retry-after goes with code=429 or code=503');
  }
  return preferences;
}

/** What a request's `Prefer` header stages, if anything: an error status (with its retry-after), a delay, or both. */
export function preferredOutcome(headers: RequestHeaders): StagedOutcome | undefined {
  const { code, delay, retryAfter } = parsePreferences(headers);
  if (code === undefined) return delay === undefined ? undefined : { delayMs: delay };
  const outcome: StagedOutcome = { status: code, preferenceApplied: `code=${code}${retryAfter === undefined ? '' : `, retry-after=${retryAfter}`}` };
  if (retryAfter !== undefined) outcome.retryAfter = retryAfter;
  if (delay !== undefined) outcome.delayMs = delay;
  return outcome;
}
