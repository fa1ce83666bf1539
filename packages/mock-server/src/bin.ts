#!/usr/bin/env node
// Checked before anything else loads: on an older Node.js the bundle would fail
// with a SyntaxError or a missing export instead of saying what is needed. The
// in-memory server runs on 22.12; `--data` checks for node:sqlite (22.13+) itself.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `petstore-mock needs Node.js 22.12 or newer (22.13 or newer for --data); this is Node.js ${process.versions.node}. Install a current LTS from https://nodejs.org.\n`,
  );
  process.exit(1);
}

// Cache compiled code between runs (Node 22.1+): test suites start the mock per file.
const { enableCompileCache } = await import('node:module');
enableCompileCache();

await import('./main.js');
