// The baseline for the server benchmark: a bare node:http server that answers
// every request, whatever its method, path, headers or body, with the same
// precomputed JSON body of 20 animals (200, content-type and content-length).
// It is as fast as Node's http stack gets for a response of this size, so
// "our req/s ÷ its req/s" says how much our routing, validation, auth and store
// cost. Usage: node bench/lib/bare-server.mjs [--port N] (default 0: OS-picked);
// prints "bare-server listening on http://127.0.0.1:PORT" once it listens.
import { createServer } from 'node:http';
import process from 'node:process';
import { Buffer } from 'node:buffer';

const animals = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: 'Rex', categoryId: 1, status: 'available' }));
const BODY = Buffer.from(JSON.stringify(animals));
const HEADERS = { 'content-type': 'application/json', 'content-length': String(BODY.length) };

const portFlag = process.argv.indexOf('--port');
const port = portFlag === -1 ? 0 : Number(process.argv[portFlag + 1]);

const server = createServer((_request, response) => {
  // A request body, if any, is left to Node, which discards it before the next request on the connection.
  response.writeHead(200, HEADERS);
  response.end(BODY);
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`bare-server listening on http://127.0.0.1:${server.address().port}\n`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
