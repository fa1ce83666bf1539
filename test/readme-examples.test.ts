// Every example of the root README runs as written, from the clone's root
// (see test/support/readme-examples.ts), and the PATH line it shows for the
// fetched Node.js and pnpm names the pinned versions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeReadmeExamples, repoRoot } from './support/readme-examples.js';

describeReadmeExamples('README.md', { cwd: repoRoot });

it('the README\'s PATH line names the pinned Node.js and pnpm, as start.sh prints it', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const node = readFileSync(join(repoRoot, '.node-version'), 'utf8').trim();
  const pnpm = /"packageManager":\s*"pnpm@([^"+]+)/.exec(readFileSync(join(repoRoot, 'package.json'), 'utf8'))?.[1];
  expect(readme).toContain(`export PATH="$PWD/.tools/node-${node}/bin:$PWD/.tools/pnpm-${pnpm}/node_modules/.bin:$PATH"`);
});
