// Entry @petstore/sdk/node: what only Node.js needs, kept out of the main
// entry so that nothing here reaches a browser bundle. undici loads with the
// first request that goes through a proxy.
// How the client names a failure without an answer, for a tool that sends requests of its own (petstore api).
export { describeConnectionFailure } from '../client/errors/connection-failure.js';
export { matchNoProxy } from './no-proxy.js';
export { PROXY_VARIABLES, checkProxyEnvironment, proxyFor, type Environment, type ProxyChoice } from './proxy-environment.js';
export { ProxyError, isProxyError, type ProxyErrorInit } from './proxy-error.js';
export { proxyFetch, type Fetch, type ProxyFetch, type ProxyFetchOptions } from './proxy-fetch.js';
export { parseProxyUrl, redactProxyUrl } from './proxy-url.js';
