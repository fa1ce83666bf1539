/**
 * Shell completion, as a user's shell runs it: bash loads the script the built
 * binary prints and calls it with COMP_WORDS as it would on Tab, and every
 * answer comes from `petstore __complete`, which reads the command tree.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PET_STATUSES } from '@petstore/sdk/values';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { cliBin, cliEnv, createTempDirs, runCli } from './support.js';

const tempDirs = createTempDirs();
let configDir: string;
let binDir: string;

beforeAll(async () => {
  configDir = await tempDirs.make('petstore-completion-config-');
  binDir = await tempDirs.make('petstore-completion-bin-');
  // `petstore` on PATH, as an installed CLI is.
  await writeFile(join(binDir, 'petstore'), `#!/bin/sh\nexec "${process.execPath}" "${cliBin}" "$@"\n`);
  await chmod(join(binDir, 'petstore'), 0o755);
  await mkdir(configDir, { recursive: true });
  await writeFile(join(configDir, 'config.json'), JSON.stringify({ profiles: { qa: { baseUrl: 'http://127.0.0.1:4011/v1' } } }));
  await writeFile(join(configDir, 'credentials.json'), JSON.stringify({ profiles: { ci: { apiKey: 'k-123456789' } } }), { mode: 0o600 });
});
afterAll(() => tempDirs.removeAll());

/** The script `petstore completion bash` prints, asked for once. */
let bashScript: Promise<string> | undefined;
/** What bash offers for the command line `words` (the last one is under the cursor). */
async function bashComplete(words: readonly string[]): Promise<string[]> {
  const script = await (bashScript ??= runCli(configDir, ['completion', 'bash']).then(({ stdout }) => stdout));
  const quoted = ['petstore', ...words].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const { stdout } = await promisify(execFile)(
    'bash',
    ['-c', `${script}\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length}; _petstore; printf '%s\\n' "\${COMPREPLY[@]}"`],
    { env: cliEnv(configDir, { PATH: `${binDir}:${process.env['PATH'] ?? ''}` }) },
  );
  return stdout.split('\n').filter(Boolean);
}

// What each Tab offers is `complete`'s, tested in process beside it
// (src/completion/complete.test.ts); here, a few lines prove that the script,
// bash and the binary's `__complete` hand the words through as typed.
describe.concurrent('bash completion', () => {
  it.for([
    [[''], ['pets', 'auth', 'config', 'verify', 'doctor', 'api', 'completion', 'help']],
    [['--profile', 'qa', 'pets', 'l'], ['list']],
    [['--profile', ''], ['mock', 'production', 'staging', 'qa', 'ci']],
    [['pets', 'list', '-s', ''], [...PET_STATUSES]],
    [['api', '-H', 'X-A: b', 'P'], ['POST']],
  ] as const)('%j → %j', async ([words, expected], { expect }) => {
    expect(await bashComplete(words)).toEqual(expected);
  });
});

describe('the completion command', () => {
  it.for(['zsh', 'fish'])('the %s script asks petstore __complete too', async (shell, { expect }) => {
    const { code, stdout } = await runCli(configDir, ['completion', shell]);
    expect(code).toBe(0);
    expect(stdout).toContain('petstore __complete --');
  });

  it('an unknown shell is a usage error naming the supported ones', async ({ expect }) => {
    const result = await runCli(configDir, ['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.");
  });
});
