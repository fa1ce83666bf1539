// `#runtime` in browser bundles (package.json `imports`, the `browser`
// condition): the same names as runtime.ts, for what a page can do.
import type * as server from './runtime.js';

/** None: browsers send their own User-Agent, and forbid setting it. */
export const userAgentHeader: typeof server.userAgentHeader = () => ({});

/** Browsers say only that a fetch failed ("Failed to fetch"), never why: a network error. */
export const describeConnectionFailure: typeof server.describeConnectionFailure = () => ({ failure: 'network', description: 'network error' });

/** A page has no environment variables. */
export const readEnvironment: typeof server.readEnvironment = () => undefined;

/** Nor `process.emitWarning`: the default logger warns instead. */
export const emitDeprecationWarning: typeof server.emitDeprecationWarning = () => false;
