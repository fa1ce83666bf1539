/**
 * A W3C `traceparent`'s version and trace id (version `ff` and a trace id of
 * all zeros are invalid); the parent id and flags after it are not the SDK's
 * business: the header is sent as it is.
 */
const TRACEPARENT = /^(?!ff)[\da-f]{2}-(?!0{32})([\da-f]{32})-/;

/**
 * A new request id: 32 random lowercase hex digits, the form of a trace id,
 * so that ids look alike whichever source they came from. A v4 UUID's digits
 * (122 random bits) where `crypto.randomUUID` exists, since it draws from a
 * pool where `getRandomValues` asks the system each time (docs/benchmarks.md,
 * #33); 128 bits from `getRandomValues` elsewhere: browsers give `randomUUID`
 * only to secure contexts, and a page on a LAN address over http is none.
 */
export const newRequestId = (): string =>
  crypto.randomUUID?.().replaceAll('-', '') ?? crypto.getRandomValues(new Uint32Array(4)).reduce((id, n) => id + n.toString(16).padStart(8, '0'), '');

/** The trace id of a valid `traceparent`, else undefined. */
export const traceIdOf = (traceparent: string | null): string | undefined => TRACEPARENT.exec(traceparent ?? '')?.[1];
