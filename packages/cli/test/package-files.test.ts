/**
 * What the published package holds, read from disk as `pnpm pack` takes it:
 * the built files (run `pnpm build` first, as `pnpm test` does), the manifest,
 * the LICENSE and the README a registry page shows.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as Record<string, unknown>;

describe('the @petstore/cli package', () => {
  it('ends every built JavaScript file with one sourceMappingURL comment, naming a map that ships', () => {
    const files = readdirSync(new URL('dist/', packageDir), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
    expect(files).toContain('bin.js');
    for (const name of files) {
      // Anywhere, not only at the start of a line: a minified file had the first on its last line of code.
      const comments = readFileSync(new URL(`dist/${name}`, packageDir), 'utf8').match(/\/\/[#@] sourceMappingURL=\S*/g) ?? [];
      expect(comments, name).toEqual([`//# sourceMappingURL=${name.split('/').pop()}.map`]);
      expect(existsSync(new URL(`dist/${name}.map`, packageDir)), `${name}.map`).toBe(true);
    }
  });

  it('says where its code lives, where bugs go and its licence, and carries the MIT LICENSE and a CHANGELOG', () => {
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: 'git+https://github.com/petstore-kit/petstore-kit.git', directory: 'packages/cli' },
      homepage: 'https://github.com/petstore-kit/petstore-kit/tree/main/packages/cli#readme',
      bugs: { url: 'https://github.com/petstore-kit/petstore-kit/issues' },
    });
    expect(manifest.keywords).toEqual(expect.arrayContaining(['petstore', 'cli']));
    expect(readFileSync(new URL('LICENSE', packageDir), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The Animal Store developer kit authors\n/);
    expect(readFileSync(new URL('CHANGELOG.md', packageDir), 'utf8')).toMatch(/^# @petstore\/cli\n/);
  });

  it('links only to absolute URLs or anchors in its README, so every link and image works on the registry page', () => {
    const readme = readFileSync(new URL('README.md', packageDir), 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)[^)]*\)|(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? match[2] ?? '');
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((target) => !/^(https:\/\/|#)/.test(target))).toEqual([]);
  });
});
