// `#runtime` (package.json `imports`): what only a server runtime (Node.js,
// Bun, Deno) can use. Browser bundles get runtime-browser.ts instead, so that
// none of it reaches them (the budget: scripts/check-size.js).
export { emitDeprecationWarning, readEnvironment } from './environment.js';
export { describeConnectionFailure } from './errors/connection-failure.js';
export { userAgentHeader } from './user-agent.js';
