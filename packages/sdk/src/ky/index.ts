// @petstore/sdk/ky: ky hooks for the client, for those who want them. The main entry does not load ky.
export { kyFetch, type KyFetchOptions } from './ky-fetch.js';
