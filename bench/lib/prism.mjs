// Prism 5 (@stoplight/prism-cli), the mock server most OpenAPI users reach for, as a yardstick for
// bench:server and as the peer verify:prism runs `petstore verify` against. Not a dependency of the
// project: installed from the npm registry on first use into the git-ignored .tools/prism-5/.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import process from 'node:process';
import { setTimeout } from 'node:timers/promises';
import { startNode } from './children.mjs';
import { ROOT } from './report.mjs';

const DIR = join(ROOT, '.tools/prism-5');
const PACKAGE = join(DIR, 'node_modules/@stoplight/prism-cli/package.json');

/** Installs Prism 5 if it is not there yet; returns its version and the file to run. */
export function installPrism() {
  if (!existsSync(PACKAGE)) {
    process.stdout.write('installing @stoplight/prism-cli@5 from the npm registry into .tools/prism-5 (first run only)\n');
    // --ignore-scripts: the only install script in Prism's tree is @scarf/scarf's, which reports the install to scarf.sh.
    const args = ['install', '--prefix', DIR, '@stoplight/prism-cli@5', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'];
    // npm from PATH, run by this script's Node.js (Prism 5 wants Node ≥ 24.18; PATH may hold an older one first).
    const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
    execFileSync('npm', args, { env, stdio: ['ignore', process.stderr, process.stderr], timeout: 300_000 });
  }
  return { version: JSON.parse(readFileSync(PACKAGE, 'utf8')).version, bin: join(dirname(PACKAGE), 'dist/index.js') };
}

/** A port the OS picks: Prism prints its port only at log level info, which would slow it down. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Resolves once Prism accepts connections on 127.0.0.1:`port`; rejects if it exits or after `timeoutMs`. */
async function waitForPort(child, port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && Date.now() < deadline) {
    const connected = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false)); // a refused connection destroys the socket itself
    });
    if (connected) return;
    await setTimeout(100);
  }
  throw new Error(`prism: not listening on port ${port} (exit code ${child.exitCode}, ${timeoutMs} ms at most)`);
}

/**
 * `prism mock DOCUMENT` on 127.0.0.1 in its default static mode (the documented examples;
 * no --dynamic, no --errors, unless `args` adds them), logging at `logLevel`; resolves with
 * { child, origin, version }.
 */
export async function startPrism(document, logLevel, args = []) {
  const { version, bin } = installPrism();
  const port = await freePort();
  const { child } = await startNode({
    name: `prism ${version}`,
    args: [bin, 'mock', document, '-h', '127.0.0.1', '-p', String(port), '-v', logLevel, ...args],
    pattern: /Starting Prism/,
  });
  await waitForPort(child, port, 60_000);
  return { child, origin: `http://127.0.0.1:${port}`, version };
}
