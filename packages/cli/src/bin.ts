#!/usr/bin/env node
// Checked before anything else loads: on an older Node.js the bundle would fail
// with a SyntaxError or a missing export instead of saying what is needed.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`petstore needs Node.js 22.12 or newer; this is Node.js ${process.versions.node}. Install a current LTS from https://nodejs.org.\n`);
  process.exit(1);
}

// Cache compiled code between runs (Node 22.1+): a CLI starts many times.
const { enableCompileCache } = await import('node:module');
enableCompileCache();

const { run } = await import('./run.js');

// `petstore pets list | head -1`: once the reader has gone, stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

let interrupted = false;
// A command may take over the first Ctrl-C (io.onInterrupt); the next one, or
// any without a taker, exits at once.
let interruptHandler: (() => void) | undefined;
process.on('SIGINT', () => {
  const handler = interruptHandler;
  interruptHandler = undefined;
  if (handler) return handler();
  interrupted = true;
  process.stderr.write('\ninterrupted\n');
  process.exit(130);
});

const code = await run(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  onInterrupt: (handler) => {
    interruptHandler = handler;
    return () => {
      if (interruptHandler === handler) interruptHandler = undefined;
    };
  },
});
if (!interrupted) process.exitCode = code;

// The command is done and has closed what it opened (run() closes a proxy's
// connections). Node.js's own fetch cannot abort a connection attempt in
// progress (a TLS handshake with a server that never answers lasts up to its
// 10 s connect timeout), which would keep the process alive after the error
// has been printed: once stdout and stderr are flushed, exit.
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => (stream.writableLength === 0 ? resolve() : stream.write('', () => resolve())));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit();
