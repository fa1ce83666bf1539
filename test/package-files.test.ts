/**
 * What each published package holds, read from disk as `pnpm pack` takes it:
 * the built files (run `pnpm build` first, as `pnpm test` does), the manifest,
 * the LICENSE and the README a registry page shows. What a consumer's install
 * brings in is checked from the packed tarballs by `pnpm test:packed`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const PACKAGES = [
  { name: 'sdk', entry: 'index.js', keyword: 'sdk' },
  { name: 'cli', entry: 'bin.js', keyword: 'cli' },
  // dist/swagger-ui is Swagger UI's own bundle, copied as published.
  { name: 'mock-server', entry: 'bin.js', keyword: 'mock-server', vendored: 'swagger-ui/' },
];

describe.each(PACKAGES)('the @petstore/$name package', ({ name, entry, keyword, vendored }) => {
  const packageDir = new URL(`../packages/${name}/`, import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as Record<string, unknown>;

  it('ends every built JavaScript file with one sourceMappingURL comment, naming a map that ships', () => {
    const files = readdirSync(new URL('dist/', packageDir), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js') && !(vendored && file.startsWith(vendored)));
    expect(files).toContain(entry);
    for (const file of files) {
      // Anywhere, not only at the start of a line: a minified file had the first on its last line of code.
      const comments = readFileSync(new URL(`dist/${file}`, packageDir), 'utf8').match(/\/\/[#@] sourceMappingURL=\S*/g) ?? [];
      expect(comments, file).toEqual([`//# sourceMappingURL=${file.split('/').pop()}.map`]);
      expect(existsSync(new URL(`dist/${file}.map`, packageDir)), `${file}.map`).toBe(true);
    }
  });

  it('says where its code lives, where bugs go and its licence, and carries the MIT LICENSE and a CHANGELOG', () => {
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: 'git+https://github.com/petstore-kit/petstore-kit.git', directory: `packages/${name}` },
      homepage: `https://github.com/petstore-kit/petstore-kit/tree/main/packages/${name}#readme`,
      bugs: { url: 'https://github.com/petstore-kit/petstore-kit/issues' },
    });
    expect(manifest['keywords']).toEqual(expect.arrayContaining(['petstore', keyword]));
    expect(readFileSync(new URL('LICENSE', packageDir), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The Animal Store developer kit authors\n/);
    expect(readFileSync(new URL('CHANGELOG.md', packageDir), 'utf8')).toMatch(new RegExp(`^# @petstore/${name}\\n`));
  });

  it('links only to absolute URLs or anchors in its README, so every link and image works on the registry page', () => {
    const readme = readFileSync(new URL('README.md', packageDir), 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)[^)]*\)|(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? match[2] ?? '');
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((target) => !/^(https:\/\/|#)/.test(target))).toEqual([]);
  });
});

describe('the @petstore/mock-server entries for every runtime', () => {
  const dist = new URL('../packages/mock-server/dist/', import.meta.url);
  /** The modules an entry loads, itself included, following the relative imports between built chunks. */
  const loaded = (entry: string): Map<string, string> => {
    const modules = new Map<string, string>();
    const visit = (file: string) => {
      if (modules.has(file)) return;
      const code = readFileSync(new URL(file, dist), 'utf8');
      modules.set(file, code);
      for (const [, specifier = ''] of code.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g)) visit(new URL(specifier, new URL(file, dist)).href.slice(dist.href.length));
    };
    visit(entry);
    return modules;
  };

  it.each(['index.js', 'fetch/index.js', 'msw/index.js'])('%s loads no vitest, an optional peer that only ./vitest imports', (entry) => {
    for (const [file, code] of loaded(entry)) expect(code.match(/["']vitest(\/[\w/]*)?["']/g) ?? [], file).toEqual([]);
  });

  it.each(['index.js', 'fetch/index.js', 'msw/index.js', 'vitest/index.js'])('%s loads no @playwright/test, an optional peer that only ./playwright imports', (entry) => {
    for (const [file, code] of loaded(entry)) expect(code.match(/["']@?playwright(-core)?(\/[\w/]*)?["']/g) ?? [], file).toEqual([]);
  });

  it('./playwright loads @playwright/test, and neither vitest nor msw', () => {
    const modules = loaded('playwright/index.js');
    expect([...modules.values()].some((code) => /\bfrom\s*["']@playwright\/test["']/.test(code))).toBe(true);
    for (const [file, code] of modules) expect(code.match(/["'](vitest|msw)(\/[\w/]*)?["']/g) ?? [], file).toEqual([]);
  });

  it('./vitest loads msw only when a file asks for its transport (msw is an optional peer too)', () => {
    for (const [file, code] of loaded('vitest/index.js')) expect(code.match(/\bfrom\s*["']msw(\/[\w/]*)?["']/g) ?? [], file).toEqual([]);
  });

  it.each(['fetch/index.js', 'msw/index.js'])('%s loads nothing from node: (browsers, Deno, Bun and workers run it)', (entry) => {
    const modules = loaded(entry);
    expect(modules.size).toBeGreaterThan(1);
    for (const [file, code] of modules) expect(code.match(/["']node:[\w/]+["']/g) ?? [], file).toEqual([]);
  });
});
