import type { RequestHeaders } from './api/exchange.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Request ids: a random prefix per API instance and a counter, e.g.
 * `3f9a2c7e-1b`. Unique within a run and across restarts in practice, short
 * on the wire, and in the order the requests arrived.
 */
export function createRequestIds(): (headers: RequestHeaders) => string {
  const prefix = Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');
  let counter = 0;
  // The caller's X-Request-Id if it is a sane token, else a new one.
  return (headers) => {
    const given = headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return `${prefix}-${(++counter).toString(36)}`;
  };
}
