// fixtures/vite-app, installed from the tarballs: `vite build` of an app that
// starts MSW's worker with the mock server's handlers and lists animals with
// the SDK. The bundle must not import Node.js built-ins.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathWithThisNode, runCommand } from './run-command.mjs';

// `import … from "node:x"`, `import("node:x")`, `require("node:x")`, `export … from "node:x"`.
const NODE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*|\brequire\s*\(\s*)["']node:[\w/]+["']/g;

/** Resolves to the project folder, or undefined if the install failed. */
export async function runViteChecks({ report, installFixture, timeouts }) {
  let projectDir;
  const installed = await report.check('vite-app: npm install of the sdk and mock-server tarballs, vite, msw', async () => {
    projectDir = await installFixture('vite-app');
  });
  const name = 'vite-app: vite build, no node: imports in the bundle';
  if (!installed) {
    report.notRun(name, 'the install failed');
    return undefined;
  }
  await report.check(name, async (note) => {
    const options = { cwd: projectDir, env: { ...process.env, PATH: pathWithThisNode }, timeoutMs: timeouts.tool };
    const bin = (tool) => join(projectDir, 'node_modules', '.bin', tool);
    // As the mock-server README says: the worker script goes into the public folder.
    await runCommand(bin('msw'), ['init', 'public', '--no-save'], options);
    await runCommand(bin('vite'), ['build', '--logLevel', 'warn'], options);
    if (!existsSync(join(projectDir, 'dist', 'mockServiceWorker.js'))) throw new Error('dist/mockServiceWorker.js is missing');
    const assets = join(projectDir, 'dist', 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    if (scripts.length === 0) throw new Error('vite build wrote no JavaScript to dist/assets');
    const offenders = [];
    let bytes = 0;
    let gzipBytes = 0;
    for (const file of scripts) {
      const code = readFileSync(join(assets, file));
      bytes += code.length;
      gzipBytes += gzipSync(code).length;
      for (const match of code.toString().matchAll(NODE_IMPORT)) offenders.push(`${file}: ${match[0]}`);
    }
    if (offenders.length > 0) throw new Error(`the bundle imports Node.js built-ins:\n${offenders.join('\n')}`);
    note(`${scripts.length} script(s), ${kib(bytes)} KiB, ${kib(gzipBytes)} KiB gzipped`);
  });
  return projectDir;
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
