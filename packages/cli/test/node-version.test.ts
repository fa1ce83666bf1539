/**
 * Under a Node.js older than the CLI needs, `petstore` says so instead of
 * failing with a SyntaxError. The version is what Node reports in
 * process.versions, changed by a preload for this test (the runtime matrix,
 * `pnpm test:runtimes`, runs the binary on real Node.js versions).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';
import { cliBin, cliVersion } from './support.js';

async function runAs(version: string, args: string[]) {
  const preload = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(version)}})`;
  return promisify(execFile)(process.execPath, ['--import', preload, cliBin, ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe.concurrent('the Node.js version', () => {
  it.for(['22.11.0', '20.19.0', '18.20.8'])('Node.js %s: exit 1, naming the version needed and the one running', async (version, { expect }) => {
    const result = await runAs(version, ['pets', 'list']);
    expect(result).toEqual({ code: 1, stdout: '', stderr: `petstore needs Node.js 22.12 or newer; this is Node.js ${version}. Install a current LTS from https://nodejs.org.\n` });
  });

  it.for(['22.12.0', '24.0.0', '26.1.0'])('Node.js %s runs', async (version, { expect }) => {
    expect(await runAs(version, ['--version'])).toEqual({ code: 0, stdout: `${cliVersion}\n`, stderr: '' });
  });
});
