// The yardstick of bench:server: a bare node:http server that answers every request, whatever its
// method, path or body, with 200 and one precomputed JSON body of 20 animals. As fast as Node's HTTP
// stack gets for a response of this size, so "ours ÷ bare" is what our routing, validation, auth and
// store cost. Prints "bare-server listening on http://127.0.0.1:PORT" (OS-picked port) once it listens.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import process from 'node:process';

const BODY = Buffer.from(JSON.stringify(Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: 'Rex', categoryId: 1, status: 'available' }))));
const HEADERS = { 'content-type': 'application/json', 'content-length': String(BODY.length) };

// A request body, if any, is left to Node, which discards it before the next request on the connection.
const server = createServer((_request, response) => response.writeHead(200, HEADERS).end(BODY));
server.listen(0, '127.0.0.1', () => process.stdout.write(`bare-server listening on http://127.0.0.1:${server.address().port}\n`));

// Exits normally on SIGTERM, so that --cpu-prof writes its profile.
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
