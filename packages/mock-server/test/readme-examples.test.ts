// Every README example marked `<!-- example -->` runs as written: shell blocks
// with bash (curl against a real server), TypeScript blocks with node. The
// server's address is the one thing replaced. Each `# → text` or `// → text`
// comment is a line the example must print, in order.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startMockServer, type MockServer } from '@petstore/mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = new URL('..', import.meta.url).pathname;
const README = readFileSync(join(packageDir, 'README.md'), 'utf8');
const README_ORIGIN = 'http://127.0.0.1:4010';

const examples = [...README.matchAll(/<!-- example -->\n```(sh|ts)\n([\s\S]*?)```/g)].map((match, index) => ({
  name: `example ${index + 1} (${match[1]}): ${match[2]!.split('\n').find((line) => line.trim() && !line.startsWith('#') && !line.startsWith('import'))?.trim()}`,
  language: match[1] as 'sh' | 'ts',
  code: match[2]!,
  expected: [...match[2]!.matchAll(/(?:#|\/\/) → (.*)$/gm)].map((line) => line[1]),
}));

describe('the mock-server README examples', () => {
  let server: MockServer;
  let scratch: string;
  beforeAll(async () => {
    server = await startMockServer();
    // Inside the package, so that the examples' imports resolve as in a user's project.
    scratch = mkdtempSync(join(packageDir, '.readme-examples-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  beforeEach(() => server.reset());

  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
  });

  it.each(examples)('$name', async ({ language, code, expected }) => {
    const source = code.replaceAll(README_ORIGIN, server.origin);
    const file = join(scratch, language === 'sh' ? 'example.sh' : 'example.mts');
    writeFileSync(file, language === 'sh' ? `set -euo pipefail\n${source}` : source);
    const { stdout } = await run(language === 'sh' ? 'bash' : process.execPath, [file], { cwd: scratch, timeout: 15_000 });
    expect(stdout.trimEnd().split('\n')).toEqual(expected);
  });
});
