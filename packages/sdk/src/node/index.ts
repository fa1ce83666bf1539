// @petstore/sdk/node: what only Node.js can use. The main entry stays free of node: imports.
export { nodeTransport, type NodeTransportOptions } from './node-transport.js';
