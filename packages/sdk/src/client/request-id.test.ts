import { describe, expect, it } from 'vitest';
import { newRequestId, traceIdOf } from './request-id.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('traceIdOf', () => {
  it("takes the trace id of a valid traceparent, of this version or a later one", () => {
    expect(traceIdOf(`00-${TRACE_ID}-00f067aa0ba902b7-01`)).toBe(TRACE_ID);
    expect(traceIdOf(`cc-${TRACE_ID}-00f067aa0ba902b7-01-what-comes-later`)).toBe(TRACE_ID);
  });

  it('names no request id by an invalid one: version ff, an all-zero or upper-case trace id, none', () => {
    expect(traceIdOf(`ff-${TRACE_ID}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf(`00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf(null)).toBeUndefined();
  });
});

describe('newRequestId', () => {
  it('is 32 lowercase hex digits, new each time', () => {
    expect(newRequestId()).toMatch(/^[\da-f]{32}$/);
    expect(newRequestId()).not.toBe(newRequestId());
  });
});
