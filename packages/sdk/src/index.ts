// Public entry of @petstore/sdk. The client arrives with its own issue; until
// then the package exposes the contract it will be built on.
export * from './contract/index.js';
