// Every example of this package's README runs as written (see
// test/support/readme-examples.ts), and the banner it shows is the one
// petstore-mock prints.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { startMockServerProcess } from '../../../test/support/mock-server-process.js';
import { README_ORIGIN, describeReadmeExamples, readmeBlocks } from '../../../test/support/readme-examples.js';

describeReadmeExamples('packages/mock-server/README.md');

it('the banner in the README is the one petstore-mock prints (the port aside)', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const banner = readmeBlocks(readme).find(({ language, code }) => language === '' && code.startsWith('petstore-mock listening on'));
  expect(banner, 'a block starting "petstore-mock listening on"').toBeDefined();
  const lines = banner?.code.trimEnd().split('\n') ?? [];
  const server = await startMockServerProcess();
  try {
    // The banner is one write, and nothing follows it with --log off: wait a
    // moment for a longer banner than the README's, then compare it whole.
    for (let waited = 0; server.output().trimEnd().split('\n').length <= lines.length && waited < 1_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const origin = new URL(server.url).origin;
    expect(server.output().replaceAll(origin, README_ORIGIN).trimEnd().split('\n')).toEqual(lines);
  } finally {
    await server.stop();
  }
});
