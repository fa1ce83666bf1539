// @petstore/sdk under the `node` export condition: the public surface of the main
// entry, by construction (export *), with the PetstoreClient that defaults to
// node:http. Bundlers for browsers and workers never see this file.
export * from '../index.js';
export { PetstoreClient } from './petstore-client.js';
