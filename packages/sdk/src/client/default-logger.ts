import type { Logger } from './options.js';

/**
 * The logger used when none is given: warnings (deprecations, statuses this SDK
 * does not know) reach the developer; debug lines go nowhere. The one place
 * the SDK writes to the console itself.
 */
export const defaultLogger: Logger = {
  // eslint-disable-next-line no-console -- see above: a warning nobody asked to silence must be seen.
  warn: (message) => console.warn(`[@petstore/sdk] ${message}`),
};
