// The yardstick of bench:server: a bare node:http server that answers every request, whatever its
// method, path or body, with 200 and one precomputed JSON body of 20 animals. As fast as Node's HTTP
// stack gets for a response of this size, so "ours ÷ bare" is what our routing, validation, auth and
// store cost. Prints "bare-server listening on http://127.0.0.1:PORT" (OS-picked port) once it listens.
//
// With `--busy-us N` it first keeps the CPU busy for N µs per request: the same server with a handler
// that costs N µs, which shows how much work per request a ratio to the bare server leaves room for.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const BODY = Buffer.from(JSON.stringify(Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: 'Rex', categoryId: 1, status: 'available' }))));
const HEADERS = { 'content-type': 'application/json', 'content-length': String(BODY.length) };
const busyFlag = process.argv.indexOf('--busy-us');
const BUSY_MS = busyFlag === -1 ? 0 : Number(process.argv[busyFlag + 1]) / 1000;
if (!(BUSY_MS >= 0 && BUSY_MS <= 1)) {
  process.stderr.write('bare-server: --busy-us expects microseconds from 0 to 1000\n');
  process.exit(2);
}

function busy() {
  const until = performance.now() + BUSY_MS;
  while (performance.now() < until);
}

// A request body, if any, is left to Node, which discards it before the next request on the connection.
const server = createServer(
  BUSY_MS === 0
    ? (_request, response) => response.writeHead(200, HEADERS).end(BODY)
    : (_request, response) => {
        busy();
        response.writeHead(200, HEADERS).end(BODY);
      },
);
server.listen(0, '127.0.0.1', () => process.stdout.write(`bare-server listening on http://127.0.0.1:${server.address().port}\n`));

// Exits normally on SIGTERM, so that --cpu-prof writes its profile.
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
