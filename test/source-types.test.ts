/**
 * Type-checking reads the workspace's packages from their source, never from a
 * stale or missing dist/: every tsconfig.json `pnpm typecheck` and the editor
 * use resolves each @petstore/* entry its package imports to the file under
 * src/ that the entry is built from (the "@petstore/source" export condition,
 * asked for by tsconfig.base.json's customConditions). vitest.config.ts asks for
 * it too, so tests import the source; Node.js itself and bundlers don't, so
 * programs and users' builds get the built packages.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const SOURCE = '@petstore/source';

interface Manifest {
  name: string;
  files?: string[];
  exports?: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;

const PACKAGES = ['sdk', 'cli', 'mock-server'].map((name) => ({ dir: `packages/${name}`, manifest: readManifest(`packages/${name}`) }));

/** The conditional entries of a package's exports map (not ./package.json or ./openapi.json). */
const conditionalEntries = (manifest: Manifest) =>
  Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => (typeof target === 'string' ? [] : [{ subpath, conditions: target }]));

// The configurations `pnpm typecheck` runs and the ones an editor opens per folder.
// (The SDK's own imports none: it refers to itself by relative paths.)
const CONFIGS = ['.', 'packages/cli', 'packages/mock-server', 'examples/browser-app'];

describe('type-checking against source', () => {
  it.each(PACKAGES)('$dir lists its source first in every entry, and publishes no src/', ({ dir, manifest }) => {
    const entries = conditionalEntries(manifest);
    expect(entries.length).toBeGreaterThan(0);
    for (const { subpath, conditions } of entries) {
      // Conditions match in object order: the source must come before "types".
      expect(Object.keys(conditions)[0], subpath).toBe(SOURCE);
      const source = conditions[SOURCE] ?? '';
      expect(source, subpath).toBe(conditions['types']?.replace(/^\.\/dist\//, './src/').replace(/\.d\.ts$/, '.ts'));
      expect(existsSync(join(root, dir, source)), source).toBe(true);
    }
    expect(manifest.files).not.toContain('src');
  });

  it.each(CONFIGS)('%s/tsconfig.json resolves every @petstore/* entry it imports to source', (configDir) => {
    const parsed = ts.getParsedCommandLineOfConfigFile(join(root, configDir, 'tsconfig.json'), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    });
    if (parsed === undefined) throw new Error(`${configDir}/tsconfig.json did not parse`);
    const { dependencies = {}, devDependencies = {} } = readManifest(configDir);
    const imported = PACKAGES.filter(({ manifest }) => manifest.name in dependencies || manifest.name in devDependencies);
    expect(imported.length).toBeGreaterThan(0);
    const containingFile = join(root, configDir, 'src', 'index.ts');
    for (const { dir, manifest } of imported) {
      for (const { subpath, conditions } of conditionalEntries(manifest)) {
        const specifier = manifest.name + subpath.slice(1);
        const { resolvedModule } = ts.resolveModuleName(specifier, containingFile, parsed.options, ts.sys);
        const resolved = resolvedModule === undefined ? 'unresolved' : relative(root, resolvedModule.resolvedFileName);
        expect(resolved, specifier).toBe(join(dir, conditions[SOURCE] ?? ''));
      }
    }
  });

  it('imports the source in the suite too: vitest.config.ts asks for the condition, so no test needs dist/ unless it says so', async () => {
    expect(await import('@petstore/sdk')).toBe(await import('../packages/sdk/src/index.js'));
    expect(await import('@petstore/sdk/contract')).toBe(await import('../packages/sdk/src/contract/index.js'));
    expect(await import('@petstore/mock-server/msw')).toBe(await import('../packages/mock-server/src/msw/index.js'));
    expect(await import('@petstore/cli')).toBe(await import('../packages/cli/src/index.js'));
  });

  it('leaves the runtime on the built files: Node.js resolves @petstore/sdk/contract to dist/', async () => {
    // In a `node` of its own: vitest starts its workers with the source condition.
    // import.meta.resolve names the file whether or not it is built yet.
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', "console.log(import.meta.resolve('@petstore/sdk/contract'))"], { cwd: root });
    // It names the file by its real path once built, through pnpm's link before.
    const linked = join(root, 'node_modules', '@petstore', 'sdk');
    const resolved = fileURLToPath(stdout.trim()).replace(linked, realpathSync(linked));
    expect(relative(root, dirname(resolved))).toBe(join('packages', 'sdk', 'dist', 'contract'));
  });
});
