// The three packages as they would be published: `pnpm pack` turns
// `workspace:^` into a real version range and keeps only the `files` listed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathWithThisNode, runCommand } from './run-command.mjs';

export const PACKAGES = [
  { name: '@petstore/sdk', dir: 'packages/sdk' },
  { name: '@petstore/mock-server', dir: 'packages/mock-server' },
  { name: '@petstore/cli', dir: 'packages/cli' },
];

/** Packs every package into `destination`; resolves to a Map of package name → tarball path. */
export async function packPackages(repoRoot, destination, timeoutMs) {
  const missing = PACKAGES.filter(({ dir }) => !existsSync(join(repoRoot, dir, 'dist')));
  if (missing.length > 0) throw new Error(`not built: ${missing.map(({ name }) => name).join(', ')} (run pnpm build first)`);
  const packed = await Promise.all(
    PACKAGES.map(async ({ name, dir }) => {
      const { stdout } = await runCommand('pnpm', ['pack', '--pack-destination', destination, '--json'], {
        cwd: join(repoRoot, dir),
        env: { ...process.env, PATH: pathWithThisNode },
        timeoutMs,
      });
      return [name, JSON.parse(stdout).filename];
    }),
  );
  return new Map(packed);
}
