/**
 * What the published package holds, read from disk as `pnpm pack` takes it:
 * the built files (run `pnpm build` first, as `pnpm test` does), the manifest,
 * the LICENSE and the README a registry page shows.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as Record<string, unknown>;

describe('the @petstore/mock-server package', () => {
  it('ends every built JavaScript file with one sourceMappingURL comment, naming a map that ships', () => {
    // dist/swagger-ui is Swagger UI's own bundle, copied as published.
    const files = readdirSync(new URL('dist/', packageDir), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js') && !name.startsWith('swagger-ui/'));
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
      repository: { type: 'git', url: 'git+https://github.com/petstore-kit/petstore-kit.git', directory: 'packages/mock-server' },
      homepage: 'https://github.com/petstore-kit/petstore-kit/tree/main/packages/mock-server#readme',
      bugs: { url: 'https://github.com/petstore-kit/petstore-kit/issues' },
    });
    expect(manifest.keywords).toEqual(expect.arrayContaining(['petstore', 'mock-server']));
    expect(readFileSync(new URL('LICENSE', packageDir), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The Animal Store developer kit authors\n/);
    expect(readFileSync(new URL('CHANGELOG.md', packageDir), 'utf8')).toMatch(/^# @petstore\/mock-server\n/);
  });

  it('links only to absolute URLs or anchors in its README, so every link and image works on the registry page', () => {
    const readme = readFileSync(new URL('README.md', packageDir), 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)[^)]*\)|(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? match[2] ?? '');
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((target) => !/^(https:\/\/|#)/.test(target))).toEqual([]);
  });

  it('ships the Swagger UI files /docs serves, with Swagger UI\'s LICENSE and NOTICE, instead of depending on swagger-ui-dist', () => {
    for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png', 'swagger-ui-bundle.js.LICENSE.txt', 'LICENSE', 'NOTICE']) {
      expect(existsSync(new URL(`dist/swagger-ui/${name}`, packageDir)), name).toBe(true);
    }
    expect(readFileSync(new URL('dist/swagger-ui/NOTICE', packageDir), 'utf8')).toContain('swagger-ui');
    expect(readFileSync(new URL('dist/swagger-ui/LICENSE', packageDir), 'utf8')).toContain('Apache License');
    expect(Object.keys(manifest.dependencies as Record<string, string>)).not.toContain('swagger-ui-dist');
  });

  it('pulls no package with an install script into an install, @scarf/scarf least of all', () => {
    const seen = new Map<string, Record<string, string> | undefined>();
    visit(fileURLToPath(packageDir));
    expect([...seen.keys()]).toContain('zod');
    expect([...seen.keys()]).not.toContain('@scarf/scarf');
    const withScripts = [...seen].filter(([, scripts]) => ['preinstall', 'install', 'postinstall'].some((hook) => scripts?.[hook]));
    expect(withScripts.map(([name]) => name)).toEqual([]);

    // The production dependencies, found as Node.js finds them: node_modules folders upwards.
    function visit(dir: string): void {
      const { dependencies = {}, optionalDependencies = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
      for (const name of Object.keys({ ...dependencies, ...optionalDependencies })) {
        if (seen.has(name)) continue;
        const found = locate(dir, name);
        const dependency = JSON.parse(readFileSync(join(found, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
        seen.set(name, dependency.scripts);
        visit(found);
      }
    }
    function locate(from: string, name: string): string {
      for (let dir = from; ; dir = dirname(dir)) {
        const candidate = join(dir, 'node_modules', name);
        if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
        if (dir === dirname(dir)) throw new Error(`${name} is not installed (needed by ${from})`);
      }
    }
  });
});
